import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { flashSaleUnits } from "#app/sales/flash.server.ts";
import type { Route } from "./+types/api-flash-units";

/**
 * GET /api/flash/{id} → `{ left, state }`: what /flash/{id} polls every 10 seconds while the
 * sale is on (decision 054). Nobody's own data, so one answer serves every watcher: kept for
 * 5 seconds by the brief cache (shared through Redis when there is one) and by browsers.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { db, searchCache } = services(context);
  const units = await searchCache.get(`flash-units:${params.id}`, () =>
    flashSaleUnits(db, params.id),
  );
  if (!units) throw notFound(url);
  return Response.json(units, { headers: { "Cache-Control": "public, max-age=5" } });
}
