import { data } from "react-router";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { sendInvoiceReminders } from "#app/invoices/reminders.server.ts";
import { runPointsUpkeep } from "#app/points/upkeep.server.ts";
import { sendDueInvitations } from "#app/reviews/invitations.server.ts";
import { refreshTrustKeys } from "#app/reviews/trust-keys.server.ts";
import { requireTestHooks } from "#app/security/test-hooks.server.ts";
import { sendDueGifts } from "#app/vouchers/gifts.server.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/dev-run-job";

/**
 * POST /dev/jobs/{name} with `at` (an instant): test mode only (test hooks, as /dev/mailbox).
 * Runs a scheduled job's work now as if its clock said `at`, so the browser tests can see a gift
 * go out on its day, or points approved after their 7 days, without moving the machine's clock. Only the jobs whose work depends on the
 * date are here.
 */
const jobs = {
  "invoice-reminders-send": (context: Route.ActionArgs["context"], at: Date) => {
    const { db, settings } = services(context);
    return sendInvoiceReminders({ db, publicUrl: settings.publicUrl }, at);
  },
  "points-upkeep": (context: Route.ActionArgs["context"], at: Date) => {
    const { db, settings } = services(context);
    return runPointsUpkeep({ db, publicUrl: settings.publicUrl }, at);
  },
  "review-invitations": (context: Route.ActionArgs["context"], at: Date) => {
    const { db, settings } = services(context);
    return sendDueInvitations({ db, publicUrl: settings.publicUrl }, at);
  },
  "trustscore-keys": (context: Route.ActionArgs["context"], at: Date) =>
    refreshTrustKeys(services(context).db, at),
  "voucher-gifts-send": (context: Route.ActionArgs["context"], at: Date) => {
    const { db, settings } = services(context);
    return sendDueGifts({ db, publicUrl: settings.publicUrl }, at);
  },
} as const;

const atSchema = z.iso.datetime();

export async function action({ context, request, params, url }: Route.ActionArgs) {
  requireTestHooks(context, request);
  const job = Object.hasOwn(jobs, params.name) ? jobs[params.name as keyof typeof jobs] : null;
  if (!job) throw notFound(url);
  const at = atSchema.safeParse((await request.formData()).get("at"));
  if (!at.success) return data({ error: "Give `at` as an ISO instant" }, { status: 400 });
  const done = await job(context, new Date(at.data));
  services(context).emailQueued();
  return data({ done });
}
