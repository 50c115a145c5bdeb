import { eq } from "drizzle-orm";
import { auditSource, recordAudit } from "#app/auth/audit.server.ts";
import type { FieldErrors } from "#app/auth/forms.ts";
import { fieldErrors } from "#app/auth/forms.ts";
import type { Database } from "#app/db/database.server.ts";
import { users } from "#app/db/schema.server.ts";
import { z } from "#app/zod.ts";
import { recordPoints } from "./ledger.server.ts";

/**
 * A person at Oja corrects a shopper's points (issue 20): a whole number up or down, never below
 * zero, with a reason kept on the entry (the shopper reads it in their history) and in the audit
 * log. The form's one-time key is the entry's cause, so a double click adjusts once.
 */
export const adjustmentSchema = z.object({
  email: z.string().trim().toLowerCase().email("Enter the shopper's email address.").max(254),
  points: z.coerce
    .number({ error: "Enter a number of points, e.g. 250 or -100." })
    .int("Enter a whole number of points.")
    .refine((points) => points !== 0, "Enter a number of points other than 0.")
    .refine((points) => Math.abs(points) <= 100_000, "At most 100,000 points at a time."),
  reason: z
    .string()
    .trim()
    .min(5, "Say why, in a few words the shopper can read.")
    .max(200, "Keep the reason under 200 characters."),
  requestKey: z.string().regex(/^[0-9a-z]{26}$/, "Reload the page and try again."),
});

export type AdjustResult =
  | { ok: true; available: number }
  | { ok: false; status: 400 | 404 | 409; errors: FieldErrors };

export async function adjustPoints(
  db: Database,
  admin: { id: string },
  form: FormData,
  request: Request,
): Promise<AdjustResult> {
  const parsed = adjustmentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const { email, points, reason, requestKey } = parsed.data;
  const [shopper] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!shopper) {
    return { ok: false, status: 404, errors: { email: "No account has this email address." } };
  }
  return db.transaction(async (tx) => {
    const result = await recordPoints(tx, {
      userId: shopper.id,
      kind: "adjust",
      availableDelta: points,
      cause: `adjust:${requestKey}`,
      note: reason,
    });
    if (!result.recorded && result.reason === "insufficient") {
      return {
        ok: false,
        status: 400,
        errors: { points: `The shopper has ${result.wallet.available} points: take at most that.` },
      } as const;
    }
    if (!result.recorded) {
      return {
        ok: false,
        status: 409,
        errors: { form: "This adjustment was made already." },
      } as const;
    }
    await recordAudit(tx, {
      action: "points.adjusted",
      actorId: admin.id,
      subjectId: shopper.id,
      details: { points, reason },
      ...auditSource(request),
    });
    return { ok: true, available: result.wallet.available } as const;
  });
}
