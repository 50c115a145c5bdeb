import { Gift, ShoppingBasket } from "lucide-react";
import type { ReactNode } from "react";
import { Link, NavLink, Outlet } from "react-router";
import { AccountMenu } from "#app/components/account-menu.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { Logo } from "#app/components/logo.tsx";
import { PointsLink } from "#app/components/points-link.tsx";
import { TestModeBanner } from "#app/components/test-mode-banner.tsx";
import { useSignedInUser } from "#app/hooks/use-signed-in-user.ts";
import { rewardKindLabels, rewardKinds } from "#app/reward-shop/reward-kinds.ts";
import { builtLinks, leadsToPlaceholder } from "#app/screens.ts";
import type { Route } from "./+types/shop";

/**
 * The reward-shop layout: points always in view (the balance when signed in), the shop's
 * categories (the reward kinds, each a browse filter), the shop's own cart (the checkout, one
 * reward at a time) and, for a shopper, the rewards they have. A link whose screen is still being
 * built stays out (builtLinks).
 */
const sections = builtLinks([
  { to: "/rewardShop", label: "Shop", end: true },
  ...rewardKinds.map((kind) => ({
    to: `/rewardShop/browse?kind=${kind}`,
    label: rewardKindLabels[kind],
    end: false,
  })),
  { to: "/rewardShop/browse", label: "All rewards", end: false },
  { to: "/first-rewards", label: "Welcome rewards", end: false },
]);
const mine = { to: "/profile/rewards", label: "My rewards", end: false };
const rewardCartOpen = !leadsToPlaceholder("/rewardShop/Checkout");

function ShopChrome({ children }: { children: ReactNode }) {
  const user = useSignedInUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <TestModeBanner />
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 sm:gap-3">
          {/* Oja's name for screen readers only on a phone: the width goes to the shop's cart. */}
          <Logo compact />
          <span className="text-sm font-semibold whitespace-nowrap text-points">Reward shop</span>
          <nav aria-label="Your shortcuts" className="ml-auto flex items-center gap-1">
            {user?.points != null ? (
              <PointsLink />
            ) : (
              <Link
                to="/rewards"
                className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-points-soft px-3 text-sm font-semibold whitespace-nowrap text-ink"
              >
                <Gift aria-hidden="true" className="size-4 text-points" />
                My points
              </Link>
            )}
            {rewardCartOpen ? (
              <Link
                to="/rewardShop/Checkout"
                aria-label="Reward cart"
                className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-surface-sunken"
              >
                <ShoppingBasket aria-hidden="true" className="size-6" />
              </Link>
            ) : null}
            <AccountMenu />
          </nav>
        </div>
        {sections.length > 0 ? (
          <nav
            aria-label="Reward shop"
            className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 pb-2"
          >
            {(user ? [...sections, mine] : sections).map((section) => (
              <NavLink
                key={section.to}
                to={section.to}
                end={section.end}
                className={({ isActive }) =>
                  `whitespace-nowrap rounded-full px-3 py-1.5 text-sm ${isActive ? "bg-ink text-surface" : "text-ink-muted hover:bg-surface-sunken"}`
                }
              >
                {section.label}
              </NavLink>
            ))}
          </nav>
        ) : null}
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-line px-4 py-5 text-center text-sm text-ink-muted">
        <Link to="/" className="hover:text-ink hover:underline">
          Back to Oja
        </Link>
      </footer>
    </div>
  );
}

export default function ShopLayout() {
  return (
    <ShopChrome>
      <Outlet />
    </ShopChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ShopChrome>
      <ErrorPage error={error} />
    </ShopChrome>
  );
}
