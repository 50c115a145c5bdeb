import { Search } from "lucide-react";
import { Form, useNavigate } from "react-router";

/**
 * Submits to /search/{term}. Before JavaScript loads, the form goes to /search/ff?q=…, which
 * redirects to the same results.
 */
export function SearchBox({
  className,
  defaultValue,
}: {
  className?: string;
  defaultValue?: string;
}) {
  const navigate = useNavigate();
  return (
    <Form
      role="search"
      method="get"
      action="/search/ff"
      className={className}
      onSubmit={(event) => {
        const term = new FormData(event.currentTarget).get("q")?.toString().trim();
        event.preventDefault();
        if (term) navigate(`/search/${encodeURIComponent(term)}`);
      }}
    >
      <label className="relative block">
        <span className="sr-only">Search businesses, products and vouchers</span>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted"
        />
        <input
          type="search"
          name="q"
          defaultValue={defaultValue}
          placeholder="Search spas, suya, sneakers…"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          className="h-11 w-full rounded-lg border border-line bg-surface pr-3 pl-10 text-base text-ink placeholder:text-ink-muted"
        />
      </label>
    </Form>
  );
}
