import { ArrowLeft, Lock } from "lucide-react";
import type { CSSProperties, ReactNode } from "react";
import { Link, Outlet, useMatches } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";
import { Logo } from "#app/components/logo.tsx";
import { TestModeBanner } from "#app/components/test-mode-banner.tsx";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import type { Route } from "./+types/custom";

/**
 * The custom layout: chrome branded by the business the page belongs to (its name, logo and
 * accent colour, no site menu), or Oja's own focused chrome for checkout and payment pages.
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
  return (
    <div
      className="flex min-h-dvh flex-col bg-surface"
      style={brand ? ({ "--brand": brand.color } as CSSProperties) : undefined}
    >
      <TestModeBanner />
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3">
          {brand ? (
            <Link to={`/${brand.slug}`} className="flex items-center gap-3">
              {brand.logoUrl ? (
                <ResponsiveImage
                  image={{ url: brand.logoUrl, width: 40, height: 40, alt: "" }}
                  sizes="40px"
                  priority
                  className="size-10 rounded-lg object-cover"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-lg bg-brand font-bold text-on-brand"
                >
                  {brand.name.slice(0, 1)}
                </span>
              )}
              <span className="text-lg font-bold text-ink">{brand.name}</span>
            </Link>
          ) : (
            <>
              <Logo />
              <span className="ml-auto inline-flex items-center gap-1.5 text-sm text-ink-muted">
                <Lock aria-hidden="true" className="size-4" /> Secure checkout
              </span>
            </>
          )}
        </div>
      </header>
      <main id="main" className="flex-1">
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
