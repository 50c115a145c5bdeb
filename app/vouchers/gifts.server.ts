import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { type FieldErrors, fieldErrors } from "#app/auth/forms.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId, secretToken } from "#app/db/ids.ts";
import { businesses, users } from "#app/db/schema.server.ts";
import { queueEmail } from "#app/email/outbox.server.ts";
import { renderEmail } from "#app/email/render.ts";
import type { JobDefinition } from "#app/jobs/jobs.server.ts";
import { formatNaira, kobo } from "#app/money.ts";
import { giftFormSchema } from "./gift-rules.ts";
import { newVoucherCode } from "./issue.server.ts";
import { voucherGifts, vouchers } from "./issued-schema.server.ts";
import { formatDay } from "./offer-terms.ts";
import { redeemableKobo } from "./voucher-value.ts";

/**
 * Gifting a voucher (issue 19, decision 042). The giver names a friend and a day; the voucher
 * gets a new code at once (the one the giver saw no longer works), the gift email goes out on
 * that day (at once for today) with a link only the friend has, and the friend claims the
 * voucher into their account. Until it is sent the giver may take it back.
 */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export type GiftResult =
  | { ok: true; giftId: string; sentNow: boolean }
  | { ok: false; status: 400; errors: FieldErrors }
  | { ok: false; status: 404 }
  | { ok: false; status: 409; message: string };

export async function giftVoucher(
  context: { db: Database; publicUrl: string },
  giver: { id: string; name: string },
  voucherId: string,
  form: Record<string, unknown>,
  now = new Date(),
): Promise<GiftResult> {
  const today = lagosToday(now);
  const parsed = giftFormSchema(today).safeParse(form);
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const input = parsed.data;
  return context.db.transaction(async (tx): Promise<GiftResult> => {
    const [voucher] = await tx
      .select()
      .from(vouchers)
      .where(and(eq(vouchers.id, voucherId), eq(vouchers.ownerId, giver.id)))
      .for("update");
    if (!voucher) return { ok: false, status: 404 };
    if (voucher.status === "refunded" || redeemableKobo(voucher, today) === 0) {
      return { ok: false, status: 409, message: "This voucher has nothing left to give." };
    }
    const [open] = await tx
      .select({ id: voucherGifts.id })
      .from(voucherGifts)
      .where(
        and(
          eq(voucherGifts.voucherId, voucher.id),
          inArray(voucherGifts.status, ["scheduled", "sent"]),
        ),
      );
    if (open) {
      return { ok: false, status: 409, message: "This voucher is already on its way to a friend." };
    }
    // The code the giver has seen stops working: only the friend will see the new one.
    await tx
      .update(vouchers)
      .set({ code: newVoucherCode(), updatedAt: now })
      .where(eq(vouchers.id, voucher.id));
    const giftId = newId("vgf");
    await tx.insert(voucherGifts).values({
      id: giftId,
      voucherId: voucher.id,
      giverId: giver.id,
      giverName: firstName(giver.name),
      recipientName: input.recipientName,
      recipientEmail: input.recipientEmail,
      message: input.message,
      deliverOn: input.deliverOn,
      token: secretToken(),
      createdAt: now,
      updatedAt: now,
    });
    const sentNow = input.deliverOn <= today;
    if (sentNow) await sendGifts(tx, context.publicUrl, [giftId], now);
    return { ok: true, giftId, sentNow };
  });
}

/** Emails the gifts (scheduled ones among `giftIds`) and marks them sent. */
async function sendGifts(tx: Executor, publicUrl: string, giftIds: string[], now: Date) {
  if (giftIds.length === 0) return 0;
  const due = await tx
    .select({
      id: voucherGifts.id,
      token: voucherGifts.token,
      giverName: voucherGifts.giverName,
      recipientName: voucherGifts.recipientName,
      recipientEmail: voucherGifts.recipientEmail,
      message: voucherGifts.message,
      title: vouchers.title,
      valueKobo: vouchers.valueKobo,
      validUntil: vouchers.validUntil,
      business: businesses.name,
    })
    .from(voucherGifts)
    .innerJoin(vouchers, eq(vouchers.id, voucherGifts.voucherId))
    .innerJoin(businesses, eq(businesses.id, vouchers.businessId))
    .where(and(inArray(voucherGifts.id, giftIds), eq(voucherGifts.status, "scheduled")));
  for (const gift of due) {
    const url = new URL(`/vouchergift/${gift.token}`, publicUrl).toString();
    const content = renderEmail({
      preview: `${gift.giverName} sent you a ${formatNaira(kobo(gift.valueKobo))} voucher for ${gift.business}.`,
      heading: `${gift.giverName} sent you a gift`,
      paragraphs: [
        `Hello ${firstName(gift.recipientName)}, ${gift.giverName} sent you a voucher: ${gift.title} at ${gift.business}, worth ${formatNaira(kobo(gift.valueKobo))}, valid until ${formatDay(gift.validUntil)}.`,
        gift.message ? `"${gift.message}"` : "",
        "Open it to see your code, and keep it in your Oja account.",
      ],
      action: { label: "Open your gift", url },
      footer: `You get this email because ${gift.giverName} sent you a gift on Oja. The link is yours alone: whoever has it can take the gift.`,
    });
    await queueEmail(tx, {
      to: gift.recipientEmail,
      subject: `${gift.giverName} sent you a gift: ${gift.title}`,
      kind: "voucher-gift",
      ...content,
    });
    await tx
      .update(voucherGifts)
      .set({ status: "sent", sentAt: now, updatedAt: now })
      .where(eq(voucherGifts.id, gift.id));
  }
  return due.length;
}

/**
 * Sends every gift due by today (Lagos), a batch at a time. Rows are taken with `skip locked`, so
 * two instances running it at once send each gift once.
 */
export async function sendDueGifts(
  context: { db: Database; publicUrl: string },
  now = new Date(),
): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await context.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: voucherGifts.id })
        .from(voucherGifts)
        .where(
          and(eq(voucherGifts.status, "scheduled"), lte(voucherGifts.deliverOn, lagosToday(now))),
        )
        .orderBy(asc(voucherGifts.deliverOn), asc(voucherGifts.id))
        .limit(50)
        .for("update", { skipLocked: true });
      return sendGifts(
        tx,
        context.publicUrl,
        due.map((gift) => gift.id),
        now,
      );
    });
    sent += batch;
    if (batch < 50) return sent;
  }
}

/** The scheduled job: every five minutes, once across instances; a missed run is the next one's. */
export function giftJobs(context: {
  db: Database;
  publicUrl: string;
  log: Logger;
  emailQueued?: () => void;
  now?: () => Date;
}): JobDefinition[] {
  return [
    {
      name: "voucher-gifts-send",
      cron: "*/5 * * * *",
      collapse: true,
      retryLimit: 0,
      async run() {
        const sent = await sendDueGifts(context, context.now?.() ?? new Date());
        if (sent > 0) {
          context.log.info({ sent }, "voucher gifts sent");
          context.emailQueued?.();
        }
      },
    },
  ];
}

/** The giver takes back a gift not sent yet; the voucher (with its new code) is theirs again. */
export async function cancelGift(db: Database, giverId: string, giftId: string, now = new Date()) {
  const cancelled = await db
    .update(voucherGifts)
    .set({ status: "cancelled", updatedAt: now })
    .where(
      and(
        eq(voucherGifts.id, giftId),
        eq(voucherGifts.giverId, giverId),
        eq(voucherGifts.status, "scheduled"),
      ),
    )
    .returning({ id: voucherGifts.id });
  return cancelled.length > 0;
}

export type ClaimResult =
  | { ok: true }
  | { ok: false; status: 404 }
  | { ok: false; status: 409; message: string };

/** The friend puts the gifted voucher into their account: once, whoever presses first. */
export async function claimGift(
  db: Database,
  claimer: { id: string },
  token: string,
  now = new Date(),
): Promise<ClaimResult> {
  return db.transaction(async (tx): Promise<ClaimResult> => {
    const [gift] = await tx
      .select()
      .from(voucherGifts)
      .where(eq(voucherGifts.token, token))
      .for("update");
    if (!gift || gift.status === "scheduled" || gift.status === "cancelled") {
      return { ok: false, status: 404 };
    }
    if (gift.status === "claimed") {
      return gift.claimedBy === claimer.id
        ? { ok: true }
        : { ok: false, status: 409, message: "This gift has already been claimed." };
    }
    if (gift.giverId === claimer.id) {
      return {
        ok: false,
        status: 409,
        message: "This is your own gift: it is for your friend to claim.",
      };
    }
    await tx
      .update(vouchers)
      .set({ ownerId: claimer.id, updatedAt: now })
      .where(eq(vouchers.id, gift.voucherId));
    await tx
      .update(voucherGifts)
      .set({ status: "claimed", claimedAt: now, claimedBy: claimer.id, updatedAt: now })
      .where(eq(voucherGifts.id, gift.id));
    return { ok: true };
  });
}

/** A gift as its link shows it; the code only while nobody has claimed it. */
export async function giftByToken(db: Database, token: string) {
  const [row] = await db
    .select({
      gift: voucherGifts,
      voucher: vouchers,
      business: { name: businesses.name, slug: businesses.slug },
      claimerName: users.name,
    })
    .from(voucherGifts)
    .innerJoin(vouchers, eq(vouchers.id, voucherGifts.voucherId))
    .innerJoin(businesses, eq(businesses.id, vouchers.businessId))
    .leftJoin(users, eq(users.id, voucherGifts.claimedBy))
    .where(eq(voucherGifts.token, token));
  // A gift not sent yet (or taken back) isn't there for anyone holding a guessed link.
  if (!row || row.gift.status === "scheduled" || row.gift.status === "cancelled") return null;
  return row;
}

/** The gifts the shopper sent, newest first, with who has each now. */
export async function giftsOfGiver(executor: Executor, giverId: string) {
  return executor
    .select({
      id: voucherGifts.id,
      status: voucherGifts.status,
      recipientName: voucherGifts.recipientName,
      deliverOn: voucherGifts.deliverOn,
      // The giver may pass the link on again (/copy) while it waits to be claimed.
      token: voucherGifts.token,
      title: vouchers.title,
      voucherId: vouchers.id,
      claimerName: users.name,
    })
    .from(voucherGifts)
    .innerJoin(vouchers, eq(vouchers.id, voucherGifts.voucherId))
    .leftJoin(users, eq(users.id, voucherGifts.claimedBy))
    .where(and(eq(voucherGifts.giverId, giverId), sql`${voucherGifts.status} <> 'cancelled'`))
    .orderBy(desc(voucherGifts.createdAt));
}
