import { Search } from "lucide-react";
import { Form, useNavigate } from "react-router";
import { searchPath } from "#app/search/search-path.ts";

/** Where a reward search for `term` opens. */
export function rewardSearchPath(term: string) {
  return searchPath(term, "/rewardShop/search");
}

/**
 * The reward shop's search box. Before JavaScript it is a GET form to /rewardShop?q=…, whose
 * loader sends the term on to /rewardShop/search/{term}; after, it goes there at once.
 */
export function RewardSearchForm({
  defaultValue = "",
  className,
}: {
  defaultValue?: string;
  className?: string;
}) {
  const navigate = useNavigate();
  return (
    <Form
      method="get"
      action="/rewardShop"
      role="search"
      aria-label="Search rewards"
      className={className}
      onSubmit={(event) => {
        const term = new FormData(event.currentTarget).get("q");
        if (typeof term !== "string" || term.trim() === "") return;
        event.preventDefault();
        navigate(rewardSearchPath(term.trim()));
      }}
    >
      <div className="flex items-stretch gap-2">
        <label className="relative min-w-0 flex-1">
          <span className="sr-only">Search rewards</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted"
          />
          <input
            type="search"
            name="q"
            defaultValue={defaultValue}
            maxLength={100}
            placeholder="Airtime, data, spa…"
            enterKeyHint="search"
            className="min-h-11 w-full rounded-lg border border-line bg-surface pr-3 pl-10 text-base text-ink placeholder:text-ink-muted"
          />
        </label>
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-lg bg-brand px-4 text-sm font-semibold text-on-brand hover:bg-brand-strong"
        >
          Search
        </button>
      </div>
    </Form>
  );
}
