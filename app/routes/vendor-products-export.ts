import { requireCatalogueManager } from "#app/console/catalogue/guard.server.ts";
import { exportProductsCsv } from "#app/console/catalogue/product-csv.server.ts";
import { services } from "#app/context.server.ts";
import type { Route } from "./+types/vendor-products-export";

/**
 * GET /vendor/{business}/products/export.csv: every product of the business, every status, in
 * the import's format (decision 017). Private to the business: never cached.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { business } = await requireCatalogueManager(context, request, params.business);
  const csv = await exportProductsCsv(services(context).db, business.id);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${business.slug}-products-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
