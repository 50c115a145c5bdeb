import { currentUser } from "#app/auth/session.server.ts";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { followStateOfActive } from "#app/follows/follows.server.ts";
import type { Route } from "./+types/api-follow-state";

/**
 * GET /api/follows/{businessId} → `{ following, favourite, signedIn }` for the follow button of
 * pages served from a shared cache (the landing page /{id}), which must not carry personal data:
 * the button asks here after hydration. Never cached anywhere.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const user = currentUser(context);
  const { db } = services(context);
  const state = await followStateOfActive(db, user?.id ?? null, params.businessId);
  if (!state) throw notFound(url);
  return Response.json(
    { ...state, signedIn: user !== null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
