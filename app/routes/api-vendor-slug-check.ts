import { requireUser } from "#app/auth/session.server.ts";
import { slugAvailability } from "#app/console/applications.server.ts";
import { services } from "#app/context.server.ts";
import type { Route } from "./+types/api-vendor-slug-check";

/**
 * GET /api/vendor/slug-check?slug=… → `{ slug, available, reason? }`: the application form's
 * live check of the address oja.ng/{slug} (the form's action checks again). Signed-in people
 * only, never cached.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const slug = (url.searchParams.get("slug") ?? "").slice(0, 100);
  const answer = await slugAvailability(services(context).db, slug, user.id);
  return Response.json(answer, { headers: { "Cache-Control": "private, no-store" } });
}
