import { data } from "react-router";
import { currentUser } from "#app/auth/session.server.ts";
import { services } from "#app/context.server.ts";
import { headerPoints } from "#app/points/rewards.server.ts";
import type { Route } from "./+types/api-me";

/**
 * Who is signed in, for pages served from the shared render cache (which are made without a
 * session): the header asks here after the page loads. Never cached anywhere.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const { db, log } = services(context);
  // The header's points come in the same answer: a cached page costs no second request.
  const points = user ? await headerPoints(db, log, user.id) : null;
  return data(
    { user: user ? { name: user.name, role: user.role, points } : null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
