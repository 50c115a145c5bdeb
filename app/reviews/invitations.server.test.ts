import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { emailOutbox, users } from "#app/db/schema.server.ts";
import { voucherRedemptions } from "#app/vouchers/issued-schema.server.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createOrder } from "#tests/support/orders.ts";
import { createVoucher } from "#tests/support/vouchers.ts";
import {
  addressesIn,
  invitationByToken,
  invitationsForExport,
  inviteByHand,
  isInvitee,
  sendDueInvitations,
  setInvitationDays,
} from "./invitations.server.ts";
import { writeReview } from "./reviews.server.ts";
import { reviewInvitations, reviews } from "./schema.server.ts";

/**
 * Review invitations on a real database: every fulfilled order invited once, its business's days
 * after fulfilment (never before, never twice, even with two runs at once), by hand with the same
 * rules, the token found only by its link, used once and only within 30 days, and the review it
 * brings marked invited and verified.
 */
let database: DatabaseHandle;
const db = () => database.db;
const publicUrl = "https://oja.test";
let business: { id: string; slug: string; name: string };
const day = 24 * 60 * 60_000;
const fulfilled = new Date("2026-11-10T09:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  const category = await createCategory(db());
  business = await createBusiness(db(), { categoryId: category.id, name: "Mama Put" });
}, 60_000);

afterAll(() => database.close());

async function shopper(email = `${newId("usr")}@example.com`) {
  const id = newId("usr");
  await db().insert(users).values({ id, name: "Ada Obi", email });
  return { id, email };
}

async function fulfilledOrder(shopperId: string, at = fulfilled, businessId = business.id) {
  return createOrder(db(), {
    shopperId,
    businessId,
    status: "fulfilled",
    order: { paidAt: new Date(at.getTime() - day), fulfilledAt: at },
  });
}

/** The link in the latest invitation email to `to`, and its token. */
async function invitationLink(to: string) {
  const [email] = await db()
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, "review-invitation")));
  const token = email?.text.match(/\/ReviewInvitation\/([0-9a-z]{26})/)?.[1];
  if (!token) throw new Error(`no invitation email to ${to}`);
  return token;
}

const reviewForm = {
  business: "",
  stars: "2",
  title: "Slow but tasty",
  body: "The jollof was good; it came forty minutes late.",
  experiencedOn: "2026-11-10",
};

describe("automatic invitations", () => {
  test("sent the business's days after fulfilment, once, whatever the order", async () => {
    const ada = await shopper();
    const { orderId } = await fulfilledOrder(ada.id);
    // Six days on: not yet (the default is 7).
    expect(
      await sendDueInvitations({ db: db(), publicUrl }, new Date(fulfilled.getTime() + 6 * day)),
    ).toMatchObject({ made: 0, sent: 0 });
    // Seven days on, from two instances at once: one invitation, one email.
    const at = new Date(fulfilled.getTime() + 7 * day);
    await Promise.all([
      sendDueInvitations({ db: db(), publicUrl }, at),
      sendDueInvitations({ db: db(), publicUrl }, at),
    ]);
    const made = await db()
      .select()
      .from(reviewInvitations)
      .where(eq(reviewInvitations.orderId, orderId));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ source: "order", email: ada.email, shopperId: ada.id });
    expect(made[0]?.sentAt).toEqual(at);
    expect(made[0]?.expiresAt).toEqual(new Date(at.getTime() + 30 * day));
    const emails = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, ada.email));
    expect(emails).toHaveLength(1);
    // The token is in the email only: the row keeps its hash.
    const token = await invitationLink(ada.email);
    expect(made[0]?.tokenHash).not.toContain(token);
    expect(emails[0]?.text).toContain(`/ReviewInvitation/${token}?stars=1`);
    expect(emails[0]?.text).toContain("never rewards anyone for a review");
    // Later runs add nothing.
    expect(
      await sendDueInvitations({ db: db(), publicUrl }, new Date(at.getTime() + day)),
    ).toMatchObject({ made: 0, sent: 0 });
  });

  test("a business's own number of days; unfulfilled and refunded orders are not invited", async () => {
    const other = await createBusiness(db(), {
      categoryId: (await createCategory(db())).id,
      name: "Quick Suya",
    });
    await setInvitationDays(db(), other.id, 2);
    const bola = await shopper();
    const { orderId } = await fulfilledOrder(bola.id, fulfilled, other.id);
    await createOrder(db(), { shopperId: bola.id, businessId: other.id, status: "paid" });
    await createOrder(db(), { shopperId: bola.id, businessId: other.id, status: "refunded" });
    const report = await sendDueInvitations(
      { db: db(), publicUrl },
      new Date(fulfilled.getTime() + 2 * day),
    );
    expect(report).toMatchObject({ made: 1, sent: 1 });
    const [row] = await db()
      .select({ orderId: reviewInvitations.orderId })
      .from(reviewInvitations)
      .where(eq(reviewInvitations.businessId, other.id));
    expect(row?.orderId).toBe(orderId);
  });

  test("a vouchers order is invited the business's days after its first redemption, to the holder", async () => {
    const friend = await shopper();
    const voucher = await createVoucher(db(), { businessId: business.id, ownerId: friend.id });
    const redeemedAt = new Date("2026-11-12T15:00:00Z");
    for (const [index, at] of [redeemedAt, new Date(redeemedAt.getTime() + day)].entries()) {
      await db()
        .insert(voucherRedemptions)
        .values({
          id: newId("vrd"),
          voucherId: voucher.id,
          businessId: business.id,
          amountKobo: 500_000,
          requestKey: `key${index}`.padEnd(20, "0"),
          createdAt: at,
        });
    }
    await sendDueInvitations({ db: db(), publicUrl }, new Date(redeemedAt.getTime() + 6 * day));
    const before = await db()
      .select()
      .from(reviewInvitations)
      .where(eq(reviewInvitations.orderId, voucher.orderId));
    expect(before).toHaveLength(0);
    await sendDueInvitations({ db: db(), publicUrl }, new Date(redeemedAt.getTime() + 7 * day));
    const [made, ...more] = await db()
      .select()
      .from(reviewInvitations)
      .where(eq(reviewInvitations.orderId, voucher.orderId));
    expect(more).toHaveLength(0);
    expect(made).toMatchObject({ shopperId: friend.id, email: friend.email });
    expect(made?.sentAt).not.toBeNull();
  });

  test("not sent to a customer who reviewed the business this year", async () => {
    const chidi = await shopper();
    await fulfilledOrder(chidi.id);
    const written = await writeReview(
      db(),
      chidi,
      { ...reviewForm, business: business.slug },
      new Date(fulfilled.getTime() + day),
    );
    expect(written.ok).toBe(true);
    await sendDueInvitations({ db: db(), publicUrl }, new Date(fulfilled.getTime() + 8 * day));
    const [row] = await db()
      .select({ sentAt: reviewInvitations.sentAt, skipped: reviewInvitations.skippedReason })
      .from(reviewInvitations)
      .where(eq(reviewInvitations.shopperId, chidi.id));
    expect(row).toEqual({
      sentAt: null,
      skipped: "Already reviewed this business in the last 12 months",
    });
  });
});

describe("the invitation link", () => {
  test("works once, for its invitee, and brings an invited, verified review", async () => {
    const dayo = await shopper();
    await fulfilledOrder(dayo.id);
    const sentAt = new Date(fulfilled.getTime() + 7 * day);
    await sendDueInvitations({ db: db(), publicUrl }, sentAt);
    const token = await invitationLink(dayo.email);
    const opened = await invitationByToken(db(), token, sentAt);
    if (opened?.state !== "open") throw new Error("not open");
    expect(opened.invitation).toMatchObject({
      business: { slug: business.slug },
      experiencedOn: "2026-11-10",
    });
    expect(isInvitee(opened.invitation, dayo)).toBe(true);
    expect(isInvitee(opened.invitation, { id: "usr_other", email: dayo.email })).toBe(false);

    const form = { ...reviewForm, business: business.slug };
    const later = new Date(sentAt.getTime() + day);
    // Two sends at once: one review.
    const results = await Promise.all([
      writeReview(db(), dayo, form, later, opened.invitation.id),
      writeReview(db(), dayo, form, later, opened.invitation.id),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const [review] = await db().select().from(reviews).where(eq(reviews.authorId, dayo.id));
    expect(review).toMatchObject({
      invitationId: opened.invitation.id,
      experienceKind: "order",
      stars: 2,
    });
    expect((await invitationByToken(db(), token, later))?.state).toBe("used");
  });

  test("expires 30 days after sending; unknown and malformed tokens find nothing", async () => {
    const efe = await shopper();
    await fulfilledOrder(efe.id);
    const sentAt = new Date(fulfilled.getTime() + 7 * day);
    await sendDueInvitations({ db: db(), publicUrl }, sentAt);
    const token = await invitationLink(efe.email);
    const expired = new Date(sentAt.getTime() + 30 * day);
    expect((await invitationByToken(db(), token, expired))?.state).toBe("expired");
    const open = await invitationByToken(db(), token, new Date(expired.getTime() - 1));
    if (open?.state !== "open") throw new Error("not open");
    expect(
      await writeReview(
        db(),
        efe,
        { ...reviewForm, business: business.slug },
        expired,
        open.invitation.id,
      ),
    ).toMatchObject({ ok: false, status: 409 });
    for (const bad of ["a".repeat(26), "nonsense", `${token}x`, "../../etc"]) {
      expect(await invitationByToken(db(), bad, sentAt)).toBeNull();
    }
  });
});

describe("what is kept", () => {
  test("an unused invitation goes after a year, a used one stays; the invitee's export lists theirs", async () => {
    const gbenga = await shopper();
    await fulfilledOrder(gbenga.id);
    const sentAt = new Date(fulfilled.getTime() + 7 * day);
    await sendDueInvitations({ db: db(), publicUrl }, sentAt);
    expect(await invitationsForExport(db(), gbenga)).toEqual([
      {
        business: "Mama Put",
        source: "order",
        sentAt,
        expiresAt: new Date(sentAt.getTime() + 30 * day),
        usedAt: null,
        notSentBecause: null,
      },
    ]);
    const used = await db()
      .select({ id: reviewInvitations.id })
      .from(reviewInvitations)
      .where(and(isNotNull(reviewInvitations.usedAt)));
    expect(used.length).toBeGreaterThan(0);
    await sendDueInvitations({ db: db(), publicUrl }, new Date(sentAt.getTime() + 366 * day));
    expect(await invitationsForExport(db(), gbenga)).toEqual([]);
    const stillUsed = await db()
      .select({ id: reviewInvitations.id })
      .from(reviewInvitations)
      .where(and(isNotNull(reviewInvitations.usedAt)));
    expect(stillUsed).toEqual(used);
  });
});

describe("invitations by hand", () => {
  test("each address once, the same rules, and what was skipped said", async () => {
    const manager = await shopper();
    const reviewed = await shopper();
    await writeReview(db(), reviewed, { ...reviewForm, business: business.slug }, fulfilled);
    const result = await inviteByHand(
      { db: db(), publicUrl },
      { businessId: business.id },
      manager,
      `email,name\nfunke@example.com,Funke\nFUNKE@example.com ,Funke again\n${reviewed.email},Old friend\nnot-an-address,Bad`,
      fulfilled,
    );
    expect(result).toEqual({
      ok: true,
      sent: 1,
      skipped: [
        {
          email: reviewed.email,
          reason: "Already reviewed this business in the last 12 months",
        },
      ],
      invalid: ["not-an-address"],
    });
    // Again within 30 days: skipped, not sent twice.
    const again = await inviteByHand(
      { db: db(), publicUrl },
      { businessId: business.id },
      manager,
      "funke@example.com",
      new Date(fulfilled.getTime() + day),
    );
    expect(again).toMatchObject({
      sent: 0,
      skipped: [{ email: "funke@example.com", reason: "Invited in the last 30 days" }],
    });
    const [manual] = await db()
      .select()
      .from(reviewInvitations)
      .where(eq(reviewInvitations.email, "funke@example.com"));
    expect(manual).toMatchObject({ source: "manual", sentBy: manager.id, shopperId: null });
  });

  test("nothing to send, or too many, is a 400 on the field", async () => {
    const manager = await shopper();
    const send = (text: string) =>
      inviteByHand({ db: db(), publicUrl }, { businessId: business.id }, manager, text);
    expect(await send("")).toMatchObject({ ok: false, status: 400 });
    expect(await send("nobody@, @nowhere")).toMatchObject({
      ok: false,
      errors: { emails: expect.stringContaining("None of these") },
    });
    const many = Array.from({ length: 501 }, (_, i) => `p${i}@example.com`).join("\n");
    expect(await send(many)).toMatchObject({
      ok: false,
      errors: { emails: expect.stringContaining("at most 500") },
    });
  });

  test("addresses are read from a pasted list or any CSV", () => {
    expect(addressesIn("a@x.ng\r\nb@x.ng; c@x.ng\n\n")).toEqual({
      emails: ["a@x.ng", "b@x.ng", "c@x.ng"],
      invalid: [],
    });
    expect(addressesIn('\uFEFFName,E-mail\n"Ada","ADA@X.NG"\nBola,')).toEqual({
      emails: ["ada@x.ng"],
      invalid: [],
    });
    expect(addressesIn("Ada,2026-11-01,ada@x.ng\nBola,bola@")).toEqual({
      emails: ["ada@x.ng"],
      invalid: ["bola@"],
    });
  });
});
