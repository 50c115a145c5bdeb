import { clsx } from "clsx";
import { Link, useLocation } from "react-router";

/** The three pages every business has, each named for what a shopper finds there. */
export type BusinessPage = "overview" | "shop" | "profile";

const pages: Array<{ page: BusinessPage; label: string; path: (slug: string) => string }> = [
  { page: "overview", label: "Overview", path: (slug) => `/${slug}` },
  { page: "shop", label: "Shop", path: (slug) => `/b/${slug}` },
  { page: "profile", label: "Hours and contact", path: (slug) => `/business/${slug}` },
];

/**
 * Links between a business's landing page (/{slug}), its storefront (/b/{slug}) and its profile
 * (/business/{slug}), the one the shopper is on marked as current, so they always know where they
 * are and how to reach the other two (issue 15).
 */
export function BusinessPagesNav({
  business,
  current,
  className,
}: {
  business: { slug: string; name: string };
  current: BusinessPage;
  className?: string;
}) {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={`${business.name} pages`}
      className={clsx("-mx-4 overflow-x-auto px-4", className)}
    >
      <ul className="inline-flex min-w-max gap-1 rounded-full border border-line bg-surface p-1">
        {pages.map(({ page, label, path }) => (
          <li key={page}>
            <Link
              to={path(business.slug)}
              aria-current={
                page !== current
                  ? undefined
                  : pathname.toLowerCase() === path(business.slug).toLowerCase()
                    ? "page"
                    : "true" // a section of the landing page: within it, not on it
              }
              className={clsx(
                "inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold whitespace-nowrap",
                page === current
                  ? "bg-ink text-surface"
                  : "text-ink-muted hover:bg-surface-sunken hover:text-ink",
              )}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
