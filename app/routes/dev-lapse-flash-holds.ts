import { data } from "react-router";
import { requireUser } from "#app/auth/session.server.ts";
import { services } from "#app/context.server.ts";
import { lapseFlashHolds } from "#app/sales/flash.server.ts";
import { requireTestHooks } from "#app/security/test-hooks.server.ts";
import type { Route } from "./+types/dev-lapse-flash-holds";

/**
 * POST /dev/flash/{id}/lapse: test mode only (test hooks, as /dev/jobs). Runs out the signed-in
 * shopper's live holds of the sale now, as ten minutes would, so the browser tests see a hold
 * lapse and its unit come back without waiting (decision 054).
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  requireTestHooks(context, request);
  const user = requireUser(context, request);
  const lapsed = await lapseFlashHolds(services(context).db, user, params.id);
  return data({ lapsed });
}
