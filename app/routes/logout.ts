import { redirect } from "react-router";
import { signOut } from "#app/auth/account.server.ts";
import { currentUser } from "#app/auth/session.server.ts";
import type { Route } from "./+types/logout";

/** Signing out is a POST from the account menu; a GET (a typed or prefetched URL) changes nothing. */
export function loader() {
  throw redirect("/");
}

export async function action({ context, request }: Route.ActionArgs) {
  if (!currentUser(context)) throw redirect("/");
  const headers = await signOut(context, request);
  throw redirect("/?notice=signed-out", { headers });
}
