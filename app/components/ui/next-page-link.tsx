import { ArrowRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "./button.tsx";

/**
 * Keyset pagination's one control: a real link to the next page (`?after=cursor`, every other
 * query parameter kept), so lists page without JavaScript and every page has its own URL.
 */
export function NextPageLink({
  cursor,
  label = "Show more",
  param = "after",
}: {
  cursor: string | null;
  label?: string;
  param?: string;
}) {
  const location = useLocation();
  if (!cursor) return null;
  const search = new URLSearchParams(location.search);
  search.set(param, cursor);
  return (
    <div className="mt-6 flex justify-center">
      <Link
        to={`${location.pathname}?${search}`}
        rel="next"
        className={buttonClass("secondary", "md")}
      >
        {label} <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}
