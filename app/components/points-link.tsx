import { Link } from "react-router";
import { useSignedInUser } from "#app/hooks/use-signed-in-user.ts";

/**
 * The header's points balance, a link to /rewards, for a signed-in shopper. The number comes with
 * the user: from the root loader (one wallet row), or on a page from the shared render cache in
 * the /api/me answer the header asks for anyway, so it costs the browser no request of its own.
 * Every page loads this module (decision 015's budget): a star character rather than an icon,
 * and the runtime's own number formatting.
 */
export function PointsLink() {
  const user = useSignedInUser();
  // null: the balance couldn't be read this time; the next page tries again.
  if (user?.points == null) return null;
  const points = user.points.toLocaleString("en-NG");
  return (
    <Link
      to="/rewards"
      aria-label={`Your points: ${points}`}
      className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold whitespace-nowrap text-ink hover:bg-surface-sunken"
    >
      <span aria-hidden="true" className="text-base text-points">
        ★
      </span>
      {points}
      <span className="hidden font-normal text-ink-muted sm:inline">pts</span>
    </Link>
  );
}
