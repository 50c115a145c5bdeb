import type { LoadOptions, OptionsPage } from "#app/components/ui/multiselect/multiselect.tsx";

/**
 * The console multiselects' products (a collection's, a discount sale's): the business's products
 * that aren't archived, matching what is typed, a page at a time from
 * /vendor/{business}/products/options. The HTTP client loads with the first search.
 */
export function businessProductOptions(business: string): LoadOptions {
  return async ({ query, offset, limit, signal }) => {
    const { http } = await import("#app/http/http-client.ts");
    return http.request<OptionsPage>(`/vendor/${business}/products/options`, {
      query: { q: query, offset, limit },
      signal,
    });
  };
}
