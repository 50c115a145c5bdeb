import { and, desc, eq, sql } from "drizzle-orm";
import type { AuditEntry } from "#app/auth/audit.server.ts";
import { recordAudit } from "#app/auth/audit.server.ts";
import type { FieldErrors } from "#app/auth/forms.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId, secretToken } from "#app/db/ids.ts";
import { users } from "#app/db/schema.server.ts";
import { formatNaira, kobo } from "#app/money.ts";
import { voucherRedemptions, vouchers } from "./issued-schema.server.ts";
import { formatDay } from "./offer-terms.ts";
import { formatVoucherCode, readVoucherCode } from "./voucher-code.ts";
import { pastEnd, redeemableKobo } from "./voucher-value.ts";

/**
 * Redeeming vouchers in the console (issue 19, decision 041): staff and up look a code up
 * (typed or scanned) and take all or part of what it is worth today. Everything is scoped to the
 * member's business: another business's code is "not found", exactly like a code that doesn't
 * exist. The voucher's row is locked while a redemption checks and takes its balance, so two
 * presses at the same moment can never take more than there is; the form's own key makes a
 * repeated press record one redemption.
 */
export interface RedeemActor {
  businessId: string;
  actorId: string;
  source: Pick<AuditEntry, "ipAddress" | "userAgent">;
}

export const codeMessages = {
  malformed: "Enter the voucher's 16-character code (letters and digits; dashes are fine).",
  unknown: "No voucher of this business has this code. Check it with the customer.",
} as const;

/** A voucher as the till shows it: enough to decide, nothing about the shopper but a first name. */
export interface VoucherAtTill {
  code: string;
  title: string;
  holder: string | null;
  /** Whose it is, for their loyalty card here (staff see it when they redeem). */
  holderId: string | null;
  valueKobo: number;
  priceKobo: number;
  balanceKobo: number;
  validUntil: string;
  status: (typeof vouchers.$inferSelect)["status"];
  /** What can be taken today: the balance, or after the end only the credit of the price paid. */
  redeemableKobo: number;
  pastEnd: boolean;
  lastUsed: { amountKobo: number; at: string } | null;
  /** The key the redeem form sends back: one press, one redemption. */
  requestKey: string;
}

export type LookUpResult =
  | { ok: true; voucher: VoucherAtTill }
  | { ok: false; status: 400 | 404; errors: FieldErrors };

async function voucherOfBusiness(executor: Executor, businessId: string, code: string) {
  const [row] = await executor
    .select({ voucher: vouchers, holder: users.name })
    .from(vouchers)
    .leftJoin(users, eq(users.id, vouchers.ownerId))
    .where(and(eq(vouchers.code, code), eq(vouchers.businessId, businessId)));
  return row ?? null;
}

async function tillView(
  executor: Executor,
  row: NonNullable<Awaited<ReturnType<typeof voucherOfBusiness>>>,
  now: Date,
): Promise<VoucherAtTill> {
  const { voucher } = row;
  const today = lagosToday(now);
  const [last] = await executor
    .select({ amountKobo: voucherRedemptions.amountKobo, at: voucherRedemptions.createdAt })
    .from(voucherRedemptions)
    .where(eq(voucherRedemptions.voucherId, voucher.id))
    .orderBy(desc(voucherRedemptions.createdAt))
    .limit(1);
  return {
    code: formatVoucherCode(voucher.code),
    title: voucher.title,
    // A first name is enough to greet the customer; the rest stays private.
    holder: row.holder?.split(/\s+/)[0] ?? null,
    holderId: voucher.ownerId,
    valueKobo: voucher.valueKobo,
    priceKobo: voucher.priceKobo,
    balanceKobo: voucher.balanceKobo,
    validUntil: voucher.validUntil,
    status: voucher.status,
    redeemableKobo: redeemableKobo(voucher, today),
    pastEnd: pastEnd(voucher, today),
    lastUsed: last ? { amountKobo: last.amountKobo, at: last.at.toISOString() } : null,
    requestKey: secretToken(),
  };
}

export async function lookUpVoucher(
  db: Database,
  businessId: string,
  typed: string,
  now = new Date(),
): Promise<LookUpResult> {
  const code = readVoucherCode(typed);
  if (!code) return { ok: false, status: 400, errors: { code: codeMessages.malformed } };
  const row = await voucherOfBusiness(db, businessId, code);
  if (!row) return { ok: false, status: 404, errors: { code: codeMessages.unknown } };
  return { ok: true, voucher: await tillView(db, row, now) };
}

export type RedeemResult =
  | { ok: true; amountKobo: number; voucher: VoucherAtTill; repeated: boolean }
  | { ok: false; status: 400 | 404; errors: FieldErrors }
  | { ok: false; status: 409; message: string; voucher: VoucherAtTill };

/** Why nothing more can be taken from a voucher, in the staff's words. */
function spentMessage(voucher: VoucherAtTill): string {
  if (voucher.status === "refunded") return "This voucher was refunded: it can't be used.";
  if (voucher.lastUsed) {
    return `This voucher has been used up: the last ${formatNaira(kobo(voucher.lastUsed.amountKobo))} was taken on ${formatDay(lagosToday(new Date(voucher.lastUsed.at)))}.`;
  }
  return "Nothing is left on this voucher.";
}

/**
 * Takes `amountKobo` from the voucher (all that is left when not given) in one transaction with
 * its audit entry.
 */
export async function redeemVoucher(
  db: Database,
  actor: RedeemActor,
  input: { code: string; amountKobo: number | null; requestKey: string },
  now = new Date(),
): Promise<RedeemResult> {
  const code = readVoucherCode(input.code);
  if (!code) return { ok: false, status: 400, errors: { code: codeMessages.malformed } };
  if (!/^[0-9a-z]{20,32}$/.test(input.requestKey)) {
    return { ok: false, status: 400, errors: { code: "Look the code up again, then redeem." } };
  }
  return db.transaction(async (tx): Promise<RedeemResult> => {
    // The row lock: every redemption of this voucher waits here for the one before it.
    const [locked] = await tx
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(and(eq(vouchers.code, code), eq(vouchers.businessId, actor.businessId)))
      .for("update");
    if (!locked) return { ok: false, status: 404, errors: { code: codeMessages.unknown } };
    const [already] = await tx
      .select({ amountKobo: voucherRedemptions.amountKobo })
      .from(voucherRedemptions)
      .where(
        and(
          eq(voucherRedemptions.voucherId, locked.id),
          eq(voucherRedemptions.requestKey, input.requestKey),
        ),
      );
    const row = await voucherOfBusiness(tx, actor.businessId, code);
    if (!row) throw new Error(`voucher ${locked.id} vanished under its lock`);
    if (already) {
      // The same press again: it was done, and is told so again.
      return {
        ok: true,
        amountKobo: already.amountKobo,
        voucher: await tillView(tx, row, now),
        repeated: true,
      };
    }
    const before = await tillView(tx, row, now);
    if (before.redeemableKobo <= 0) {
      return { ok: false, status: 409, message: spentMessage(before), voucher: before };
    }
    const amountKobo = input.amountKobo ?? before.redeemableKobo;
    if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) {
      return { ok: false, status: 400, errors: { amount: "Enter an amount above ₦0." } };
    }
    if (amountKobo > before.redeemableKobo) {
      return {
        ok: false,
        status: 400,
        errors: {
          amount: `At most ${formatNaira(kobo(before.redeemableKobo))} can be used from this voucher${before.pastEnd ? " (the credit of the price paid, after its end date)" : ""}.`,
        },
      };
    }
    const usedUp = amountKobo === before.redeemableKobo;
    await tx
      .update(vouchers)
      .set({
        balanceKobo: sql`${vouchers.balanceKobo} - ${amountKobo}`,
        // Nothing left to take (after the end, the lost extra stays on the balance): used.
        ...(usedUp ? { status: "redeemed" as const } : {}),
        updatedAt: now,
      })
      .where(eq(vouchers.id, locked.id));
    await tx.insert(voucherRedemptions).values({
      id: newId("vrd"),
      voucherId: locked.id,
      businessId: actor.businessId,
      amountKobo,
      fromCredit: before.pastEnd,
      staffId: actor.actorId,
      requestKey: input.requestKey,
      createdAt: now,
    });
    await recordAudit(tx, {
      action: "voucher.redeemed",
      actorId: actor.actorId,
      subjectId: actor.businessId,
      details: {
        voucherId: locked.id,
        // The code's last group is enough to find it; the whole code is a bearer secret.
        codeEnding: code.slice(-4),
        amountKobo,
        fromCredit: before.pastEnd,
      },
      ...actor.source,
    });
    const after = await voucherOfBusiness(tx, actor.businessId, code);
    if (!after) throw new Error(`voucher ${locked.id} vanished under its lock`);
    return { ok: true, amountKobo, voucher: await tillView(tx, after, now), repeated: false };
  });
}

/** A shopper's own uses of their vouchers, for their history in /profile/vouchers. */
export async function redemptionsOfOwner(executor: Executor, ownerId: string) {
  return executor
    .select({
      voucherId: voucherRedemptions.voucherId,
      amountKobo: voucherRedemptions.amountKobo,
      fromCredit: voucherRedemptions.fromCredit,
      at: voucherRedemptions.createdAt,
    })
    .from(voucherRedemptions)
    .innerJoin(vouchers, eq(vouchers.id, voucherRedemptions.voucherId))
    .where(eq(vouchers.ownerId, ownerId))
    .orderBy(desc(voucherRedemptions.createdAt));
}
