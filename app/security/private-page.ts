/**
 * The `headers` of every page that shows personal data (issue 16): no shared cache, proxy or
 * browser history keeps a copy, so the next person on a shared phone or behind the same proxy
 * never sees it. A route module exports it as `headers`; a layout's covers its child pages.
 * (React Router sends the loaders' own headers only through a `headers` export.)
 */
export function privatePageHeaders() {
  return { "Cache-Control": "private, no-store" };
}
