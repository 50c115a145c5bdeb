import { ArrowLeft, Lock } from "lucide-react";
import type { CSSProperties, ReactNode } from "react";
import { Link, Outlet, useMatches } from "react-router";
import { AccountMenu } from "#app/components/account-menu.tsx";
import { CartLink } from "#app/components/cart-link.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { Logo } from "#app/components/logo.tsx";
import { SearchBox } from "#app/components/search-box.tsx";
import { TestModeBanner } from "#app/components/test-mode-banner.tsx";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import type { Route } from "./+types/custom";

/**
 * The custom layout: chrome branded by the business the page belongs to (its name, logo and
 * accent colour), or Oja's own chrome marked "Secure checkout" for checkout and payment pages.
 * Either way the shopper keeps what every Oja page gives them (issue 15): Oja's mark back to the
 * home page, the search, the cart with its count and the account menu, on a phone too.
 * A page opts into branding by returning `brand` from its loader, and into another footer by
 * returning `footer`.
 */
export interface Brand {
  name: string;
  slug: string;
  color: string;
  logoUrl: string | null;
}

/**
 * "cart" (the default): the way back to the cart. "after-payment": the cart was just emptied by
 * a paid checkout, so the footer offers what comes next, shopping on and the orders.
 */
export type CustomFooter = "cart" | "after-payment";

interface ChromeOptions {
  brand?: Brand;
  footer?: CustomFooter;
}

/** The option `key` of the deepest page that returns it from its loader. */
function useChromeOption<Key extends keyof ChromeOptions>(key: Key): ChromeOptions[Key] {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const value = (match.loaderData as ChromeOptions | undefined)?.[key];
    if (value !== undefined) return value;
  }
  return undefined;
}

const footerLink = "hover:text-ink hover:underline";

function CustomChrome({ children }: { children: ReactNode }) {
  const brand = useChromeOption("brand");
  const footer = useChromeOption("footer") ?? "cart";
  // The business's colour paints its name and the page, not Oja's own mark beside it.
  const brandStyle = brand ? ({ "--brand": brand.color } as CSSProperties) : undefined;
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:p-3"
      >
        Skip to content
      </a>
      <TestModeBanner />
      <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 sm:flex-nowrap">
          {brand ? (
            <div className="flex min-w-0 flex-1 items-center gap-3 sm:max-w-xs sm:flex-none">
              <Logo compact className="shrink-0" />
              <span aria-hidden="true" className="h-8 w-px shrink-0 bg-line" />
              <Link
                to={`/${brand.slug}`}
                style={brandStyle}
                className="flex min-w-0 items-center gap-2.5"
              >
                {brand.logoUrl ? (
                  <ResponsiveImage
                    image={{ url: brand.logoUrl, width: 40, height: 40, alt: "" }}
                    sizes="40px"
                    priority
                    className="size-10 shrink-0 rounded-lg object-cover"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand font-bold text-on-brand"
                  >
                    {brand.name.slice(0, 1)}
                  </span>
                )}
                <span className="truncate text-lg font-bold text-ink">{brand.name}</span>
              </Link>
            </div>
          ) : (
            <div className="flex min-w-0 items-center gap-3">
              <Logo />
              <span className="inline-flex items-center gap-1.5 text-sm whitespace-nowrap text-ink-muted">
                <Lock aria-hidden="true" className="size-4" /> Secure checkout
              </span>
            </div>
          )}
          <SearchBox className="order-last w-full sm:order-none sm:mx-2 sm:flex-1" />
          <nav aria-label="Your shortcuts" className="ml-auto flex items-center gap-1 sm:ml-0">
            <CartLink />
            <AccountMenu />
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1" style={brandStyle}>
        {children}
      </main>
      <footer className="border-t border-line px-4 py-5 text-center text-sm text-ink-muted">
        {footer === "after-payment" ? (
          <>
            <Link to="/" className={footerLink}>
              Keep shopping
            </Link>
            <span className="mx-2">·</span>
            <Link to="/profile/orders" className={footerLink}>
              All your orders
            </Link>
          </>
        ) : (
          <Link to="/cart" className={`inline-flex items-center gap-1 ${footerLink}`}>
            <ArrowLeft aria-hidden="true" className="size-4" /> Back to your cart
          </Link>
        )}
        <span className="mx-2">·</span>
        Sold on{" "}
        <Link to="/" className="font-semibold text-ink hover:underline">
          Oja
        </Link>
      </footer>
    </div>
  );
}

export default function CustomLayout() {
  return (
    <CustomChrome>
      <Outlet />
    </CustomChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <CustomChrome>
      <ErrorPage error={error} />
    </CustomChrome>
  );
}
