import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { TestModeBanner } from "#app/components/test-mode-banner.tsx";
import type { Route } from "./+types/default";

/** The default layout: site header (search, cart, account), the page, the footer. */
function DefaultChrome({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:p-3"
      >
        Skip to content
      </a>
      <TestModeBanner />
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export default function DefaultLayout() {
  return (
    <DefaultChrome>
      <Outlet />
    </DefaultChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DefaultChrome>
      <ErrorPage error={error} />
    </DefaultChrome>
  );
}
