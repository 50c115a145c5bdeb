import { Heart } from "lucide-react";
import { Link } from "react-router";
import { useSignedInUser } from "#app/hooks/use-signed-in-user.ts";

/**
 * The header's way to /b/ff (issue 15): the businesses a signed-in shopper follows and picks for
 * them. Guests don't see it (the page would only ask them to sign in); who is signed in comes
 * from the root loader or, on a cached page, from /api/me, so no page carries it for another.
 */
export function FollowingLink() {
  const user = useSignedInUser();
  if (!user) return null;
  return (
    <Link
      to="/b/ff"
      aria-label="For you: businesses you follow"
      className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-sunken"
    >
      <Heart aria-hidden="true" className="size-6" />
    </Link>
  );
}
