/**
 * The path segment of a search term: /search/{term}. Apart from search-query.ts so the header's
 * search box, on every page, carries only this and not the search pages' options.
 */
export function searchPath(term: string, base = "/search"): string {
  return `${base}/${encodeURIComponent(term)}`;
}
