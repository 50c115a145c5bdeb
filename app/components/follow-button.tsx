import { clsx } from "clsx";
import { Check, Heart, Plus } from "lucide-react";
import { type FormEvent, useEffect } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { buttonClass } from "./ui/button.tsx";

export interface FollowButtonState {
  following: boolean;
  favourite: boolean;
  signedIn: boolean;
}

type Intent = "follow" | "unfollow" | "favourite" | "unfavourite";

/** What pressing `intent` leads to, shown at once while the server is asked. */
function afterIntent(intent: Intent, state: { following: boolean; favourite: boolean }) {
  switch (intent) {
    case "follow":
      return { following: true, favourite: state.favourite };
    case "unfollow":
      return { following: false, favourite: false };
    case "favourite":
      return { following: true, favourite: true };
    case "unfavourite":
      return { following: state.following, favourite: false };
  }
}

/**
 * Follow / Following and a heart for favourite, posting to /b/ff's action. Before JavaScript
 * (or without it) each is a plain form post that comes back here through `redirectTo`; after
 * hydration it posts through a fetcher and shows the new state at once.
 *
 * Give `initial` when the page knows the person's state. Pages served from a shared cache
 * (the landing page /{id}) must not: the button then asks /api/follows/{businessId} after
 * hydration, and until it knows, it offers to follow.
 */
export function FollowButton({
  businessId,
  businessName,
  initial,
  size = "md",
  className,
}: {
  businessId: string;
  businessName: string;
  initial?: FollowButtonState;
  size?: "sm" | "md";
  className?: string;
}) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const known = useFetcher<FollowButtonState>();
  const press = useFetcher<{ following: boolean; favourite: boolean }>({
    key: `follow:${businessId}`,
  });

  const { load } = known;
  const asked = known.state !== "idle" || known.data !== undefined;
  useEffect(() => {
    if (!initial && !asked) void load(`/api/follows/${encodeURIComponent(businessId)}`);
  }, [initial, asked, load, businessId]);

  const base = initial ?? known.data;
  const signedIn = base?.signedIn;
  let state = { following: base?.following ?? false, favourite: base?.favourite ?? false };
  // Without `initial` nothing revalidates the fetched state: the last answer is the truth.
  if (!initial && press.data) state = press.data;
  const pending = press.formData?.get("intent");
  if (typeof pending === "string") state = afterIntent(pending as Intent, state);

  if (signedIn === false) {
    return (
      <div className={clsx("flex items-center gap-2", className)}>
        <Link
          to={`/Login?redirectTo=${encodeURIComponent(here)}`}
          className={buttonClass("primary", size)}
        >
          <Plus aria-hidden="true" className="size-4" />
          Follow<span className="sr-only"> {businessName} (sign in first)</span>
        </Link>
      </div>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Signed in: stay on this page and let the fetcher carry the answer. When the state is not
    // known yet, keep redirectTo so a guest's post still comes back here after signing in.
    if (signedIn) form.delete("redirectTo");
    void press.submit(form, { method: "post", action: "/b/ff" });
  }

  const hidden = (intent: Intent) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="businessId" value={businessId} />
      <input type="hidden" name="redirectTo" value={here} />
    </>
  );

  return (
    <div className={clsx("flex items-center gap-2", className)}>
      <form method="post" action="/b/ff" onSubmit={submit}>
        {hidden(state.following ? "unfollow" : "follow")}
        <button
          type="submit"
          className={buttonClass(state.following ? "secondary" : "primary", size)}
          title={state.following ? `Unfollow ${businessName}` : `Follow ${businessName}`}
        >
          {state.following ? (
            <>
              <Check aria-hidden="true" className="size-4" />
              Following<span className="sr-only"> {businessName}, press to unfollow</span>
            </>
          ) : (
            <>
              <Plus aria-hidden="true" className="size-4" />
              Follow<span className="sr-only"> {businessName}</span>
            </>
          )}
        </button>
      </form>
      <form method="post" action="/b/ff" onSubmit={submit}>
        {hidden(state.favourite ? "unfavourite" : "favourite")}
        <button
          type="submit"
          aria-pressed={state.favourite}
          aria-label={`Favourite ${businessName}`}
          title={state.favourite ? "Remove from favourites" : "Add to favourites"}
          className={buttonClass("secondary", size, "aspect-square px-0")}
        >
          <Heart
            aria-hidden="true"
            className={clsx(
              "size-5",
              state.favourite ? "fill-danger text-danger" : "text-ink-muted",
            )}
          />
        </button>
      </form>
    </div>
  );
}
