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

/** Reloads unless the guard forbids it; says whether it did. */
export function reloadAfterChunkError(
  storage: Pick<Storage, "getItem" | "setItem"> = sessionStorage,
  reload: () => void = () => window.location.reload(),
  now = Date.now(),
): boolean {
  const stored = Number(storage.getItem(reloadGuardKey));
  if (!mayReload(Number.isFinite(stored) && stored > 0 ? stored : null, now)) return false;
  storage.setItem(reloadGuardKey, String(now));
  reload();
  return true;
}

/**
 * Listens for Vite's preload failures and for dynamic imports nobody caught. The preload event
 * is not cancelled: Vite would then resolve the failed import to undefined, whereas the real
 * error reaching the error boundary (which also calls the guard) is what the shopper should see
 * when the guard forbids another reload.
 */
export function installChunkReloadGuard() {
  window.addEventListener("vite:preloadError", () => reloadAfterChunkError());
  window.addEventListener("unhandledrejection", (event) => {
    if (isChunkLoadError(event.reason)) reloadAfterChunkError();
  });
}
