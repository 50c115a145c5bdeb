import { data } from "react-router";
import { currentUser } from "#app/auth/session.server.ts";
import type { Route } from "./+types/api-me";

/**
 * Who is signed in, for pages served from the shared render cache (which are made without a
 * session): the header asks here after the page loads. Never cached anywhere.
 */
export function loader({ context }: Route.LoaderArgs) {
  const user = currentUser(context);
  return data(
    { user: user ? { name: user.name, role: user.role } : null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
