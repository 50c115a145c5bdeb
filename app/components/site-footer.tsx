import { Link } from "react-router";
import { builtLinks } from "#app/screens.ts";

/**
 * Every link the footer will hold. A link to a screen still being built stays out until the
 * screen opens (builtLinks), and so does a column left with none: the footer offers only what
 * Oja does today.
 */
const columns = [
  {
    heading: "Shop",
    links: [
      { to: "/b", label: "Businesses" },
      { to: "/businesses", label: "A–Z directory" },
      { to: "/business/tt", label: "Trending" },
      { to: "/spas", label: "Spas and wellness" },
      { to: "/vouchers", label: "Vouchers" },
      { to: "/shop/friends", label: "Gifts" },
      { to: "/ll", label: "Latest" },
    ],
  },
  {
    heading: "Rewards",
    links: [
      { to: "/rewards", label: "My points" },
      { to: "/rewardShop", label: "Reward shop" },
      { to: "/benefits", label: "Membership" },
      { to: "/Referrals", label: "Invite friends" },
    ],
  },
  {
    heading: "Reviews",
    links: [
      { to: "/reviews", label: "Latest reviews" },
      { to: "/evaluate", label: "Write a review" },
      { to: "/reviews/gg", label: "Guidelines" },
    ],
  },
  {
    heading: "Your Oja",
    links: [
      { to: "/cart", label: "Cart" },
      { to: "/profile/orders", label: "Your orders" },
      { to: "/profile", label: "Your account" },
    ],
  },
  {
    heading: "Oja",
    links: [
      { to: "/vendor", label: "For businesses" },
      { to: "/app", label: "Get the app" },
      { to: "/privacy", label: "Privacy" },
    ],
  },
]
  .map((column) => ({ ...column, links: builtLinks(column.links) }))
  .filter((column) => column.links.length > 0);

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-10 sm:grid-cols-4">
        {columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-sm font-semibold text-ink">{column.heading}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-sm text-ink-muted hover:text-ink hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-line px-4 py-4 text-center text-xs text-ink-muted">
        Oja · Made in Nigeria · Prices in naira (₦)
      </p>
    </footer>
  );
}
