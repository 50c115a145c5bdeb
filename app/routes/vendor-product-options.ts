import { infiniteScrollStep } from "#app/components/ui/multiselect/multiselect-state.ts";
import { requireCatalogueManager } from "#app/console/catalogue/guard.server.ts";
import { productOptions } from "#app/console/catalogue/products.server.ts";
import { services } from "#app/context.server.ts";
import type { Route } from "./+types/vendor-product-options";

/**
 * GET /vendor/{business}/products/options?q=&offset=&limit=: the business's products that aren't
 * archived, for the collections' multiselect, 10 at a time by name: `{ options, hasMore }`.
 * Unusable numbers fall back to the first page rather than fail.
 */
function whole(value: string | null, fallback: number, max: number): number {
  const number = value && /^\d{1,6}$/.test(value) ? Number(value) : fallback;
  return Math.min(number, max);
}

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { business } = await requireCatalogueManager(context, request, params.business);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const offset = whole(url.searchParams.get("offset"), 0, 100_000);
  const limit = Math.max(1, whole(url.searchParams.get("limit"), infiniteScrollStep, 50));
  return Response.json(
    await productOptions(services(context).db, business.id, { q, offset, limit }),
  );
}
