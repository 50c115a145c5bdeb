import { requireCatalogueManager } from "#app/console/catalogue/guard.server.ts";
import { importFromRequest } from "#app/console/catalogue/product-csv.server.ts";
import type { Route } from "./+types/vendor-products-import-upload";

/**
 * POST /vendor/{business}/products/import/upload: the import page's uploader (XMLHttpRequest, for
 * its progress events). Answers the report as JSON: `{ ok, created, updated }` or, with 400/413,
 * `{ ok: false, problems }`.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { actor } = await requireCatalogueManager(context, request, params.business);
  const { report, status } = await importFromRequest(context, actor, request);
  return Response.json(report, { status });
}
