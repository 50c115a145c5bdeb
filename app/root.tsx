import type { ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  redirectDocument,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { authMiddleware, currentUser } from "./auth/session.server.ts";
import { ErrorPage } from "./components/error-page.tsx";
import { Logo } from "./components/logo.tsx";
import { NavigationProgress } from "./components/navigation-progress.tsx";
import { NewVersionWatcher } from "./components/new-version-watcher.tsx";
import { NoticeToast } from "./components/notice-toast.tsx";
import { RouteChunkFailure } from "./components/route-chunk-failure.tsx";
import { AppToaster } from "./components/toaster.tsx";
import { requestContext, services } from "./context.server.ts";
import { headerPoints } from "./points/rewards.server.ts";
import { refuseUnreadableInput } from "./security/input.server.ts";
import { useNonce } from "./security/nonce.ts";
import { newerBuildSeen } from "./updates/newer-build.ts";
import "./app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Once a newer build is deployed, the next navigation loads the whole page from the server. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  ({ request }) => {
    if (newerBuildSeen()) {
      const url = new URL(request.url);
      throw redirectDocument(url.pathname + url.search);
    }
  },
];

export const middleware: Route.MiddlewareFunction[] = [refuseUnreadableInput, authMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const { settings, db, log } = services(context);
  const user = currentUser(context);
  const { shared } = context.get(requestContext);
  return {
    // Only what the header shows. Pages from the render cache are made without a session and
    // served to everyone: they hold nobody's name, and the header asks /api/me who is there.
    // The points balance, likewise, is only ever in the page of the shopper it belongs to.
    user: user
      ? { name: user.name, role: user.role, points: await headerPoints(db, log, user.id) }
      : null,
    userUnknown: shared === true,
    testMode: settings.paystack.testMode,
    // For canonical and Open Graph URLs (app/seo/meta.ts).
    publicUrl: settings.publicUrl,
    versionCheckMs: settings.versionCheckMs,
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b7a4b" />
        <Meta />
        <Links />
      </head>
      <body>
        <NavigationProgress />
        {children}
        <AppToaster />
        <NoticeToast />
        <RouteChunkFailure />
        {root ? <NewVersionWatcher pollIntervalMs={root.versionCheckMs} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Reached only when the root itself fails; pages fail inside their layout's boundary. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <header className="border-b border-line bg-surface px-4 py-2">
        <Logo />
      </header>
      <main id="main">
        <ErrorPage error={error} />
      </main>
    </>
  );
}
