import type { ClientInstrumentation } from "react-router";

/**
 * A chunk that fails to load (usually a deploy replaced the files the page still points to)
 * reloads the page once. The time of that reload is kept in session storage, and no second
 * reload happens within 10 seconds, so a broken deploy can never loop (spec section 8).
 */
export const reloadGuardMs = 10_000;
export const reloadGuardKey = "oja:chunk-reload-at";

const chunkErrorPatterns = [
  /failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
  /unable to preload css/i, // Vite
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === "ChunkLoadError" ||
    chunkErrorPatterns.some((pattern) => pattern.test(error.message))
  );
}

/** True when no reload happened in the last 10 s (a stamp from the future counts as stale). */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= reloadGuardMs || lastReloadAt > now;
}

let ownReload = false;

/**
 * Reloads the page for Oja's own reasons ("Reload now", the guard itself). Any other reload the
 * page asks for while it runs is React Router's, after a route chunk failed (see below).
 */
export function reloadPage() {
  ownReload = true;
  window.location.reload();
}

/** Reloads unless the guard forbids it; says whether it did. */
export function reloadAfterChunkError(
  storage: Pick<Storage, "getItem" | "setItem"> = sessionStorage,
  reload: () => void = reloadPage,
  now = Date.now(),
): boolean {
  const stored = Number(storage.getItem(reloadGuardKey));
  if (!mayReload(Number.isFinite(stored) && stored > 0 ? stored : null, now)) return false;
  storage.setItem(reloadGuardKey, String(now));
  reload();
  return true;
}

/**
 * Listens for React Router's reloads after a route chunk failed (landFrameworkReloads), Vite's
 * preload failures and dynamic imports nobody caught. The preload event
 * is not cancelled: Vite would then resolve the failed import to undefined, whereas the real
 * error reaching the error boundary (which also calls the guard) is what the shopper should see
 * when the guard forbids another reload.
 */
export function installChunkReloadGuard() {
  if ("navigation" in window)
    window.navigation.addEventListener("navigate", landFrameworkReloads());
  window.addEventListener("vite:preloadError", () => reloadAfterChunkError());
  window.addEventListener("unhandledrejection", (event) => {
    if (isChunkLoadError(event.reason)) reloadAfterChunkError();
  });
}

/**
 * Where the navigation in progress is going (null when none is). A navigation through history
 * (back, forward) has already changed the address, so the address bar is then the target.
 */
let navigationTarget: string | null = null;

/**
 * The app's path for a router target: relative targets resolve against the current page, which
 * React Router gives as a path ("/ewa-spa/about").
 */
export function targetPath(to: string, currentUrl: string, origin = window.location.origin) {
  const url = new URL(to, new URL(currentUrl, origin));
  return url.pathname + url.search + url.hash;
}

/**
 * Tells the guard where each client-side navigation goes, from the moment it starts: passed to
 * <HydratedRouter instrumentations>, which calls it before the route's chunks are requested.
 */
export const navigationTargets: ClientInstrumentation = {
  router(router) {
    router.instrument({
      async navigate(navigate, info) {
        let target: string | null = null;
        try {
          if (typeof info.to === "string") target = targetPath(info.to, info.currentUrl);
        } catch {
          // An address the guard can't read: a failure then reloads the page the shopper is on.
        }
        navigationTarget = target;
        try {
          await navigate();
        } finally {
          if (navigationTarget === target) navigationTarget = null;
        }
      },
    });
  },
};

/** Told when a route chunk failed but the guard forbade loading the page again. */
export const routeChunkFailedEvent = "oja:route-chunk-failed";

/**
 * What to do when React Router could not import a route's module during a navigation: it calls
 * `window.location.reload()` by itself, which reloads the page the shopper is leaving, without
 * our guard (three reloads in 5.5 s were seen with a route's chunk blocked). The reload it asks
 * for arrives here as a cancellable "reload" navigate event (the Navigation API); it is cancelled
 * and replaced by one guarded full load of the page the shopper asked for. When the guard
 * forbids it, the shopper stays where they are and `routeChunkFailedEvent` says where they were
 * going (components/route-chunk-failure.tsx tells them). A browser without the Navigation API
 * keeps React Router's own reload.
 */
export function landFrameworkReloads({
  storage = sessionStorage,
  current = () => window.location.href,
  go = (target: string) => window.location.assign(target),
  refused = (target: string) =>
    window.dispatchEvent(new CustomEvent(routeChunkFailedEvent, { detail: { target } })),
}: {
  storage?: Pick<Storage, "getItem" | "setItem">;
  current?: () => string;
  go?: (target: string) => void;
  refused?: (target: string) => void;
} = {}) {
  return (event: Pick<NavigateEvent, "navigationType" | "cancelable" | "preventDefault">) => {
    if (event.navigationType !== "reload" || !event.cancelable || ownReload) return;
    event.preventDefault();
    const here = new URL(current());
    const target = navigationTarget ?? here.pathname + here.search + here.hash;
    if (!reloadAfterChunkError(storage, () => go(target))) refused(target);
  };
}
