import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, asc, eq, gte, ne, sql } from "drizzle-orm";
import { businesses, products } from "#app/catalog/schema.server.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import { hashInvitationToken } from "#app/console/members.server.ts";
import type { Database } from "#app/db/database.server.ts";
import { newId, secretToken } from "#app/db/ids.ts";
import { businessMembers, users } from "#app/db/schema.server.ts";
import { addDays } from "#app/invoices/invoice-limits.ts";
import { invoiceNumberLabel } from "#app/invoices/invoice-state.ts";
import { createDraft, createPayLink, sendInvoice } from "#app/invoices/invoices.server.ts";
import { invoices } from "#app/invoices/schema.server.ts";
import { newOrderNumber } from "#app/orders/order-number.ts";
import { checkouts, orderLines, orders } from "#app/orders/schema.server.ts";
import { recordPoints } from "#app/points/ledger.server.ts";
import { referralCodeOf } from "#app/referrals/referrals.server.ts";
import { invitationLifeDays } from "#app/reviews/review-limits.ts";
import { writeReview } from "#app/reviews/reviews.server.ts";
import { reviewInvitations } from "#app/reviews/schema.server.ts";
import { rewards } from "#app/reward-shop/schema.server.ts";
import { createDiscountSale } from "#app/sales/discounts.server.ts";
import { createFlashSale } from "#app/sales/flash.server.ts";
import { toLagosDateTime } from "#app/sales/sale-window.ts";
import { startServices } from "#app/services.server.ts";
import { newVoucherCode } from "#app/vouchers/issue.server.ts";
import { voucherGifts, vouchers } from "#app/vouchers/issued-schema.server.ts";
import { e2ePassword, e2eSharedShoppers } from "./e2e-accounts.ts";
import { saleForm } from "./sales.ts";

/**
 * People the browser suite signs in as, made before the server starts: the app's own start
 * (migrations, demo seed) runs first, then a manager and a staff member join the oldest demo
 * business, and a platform admin (`users.role = 'admin'`, a member of no business) is made for
 * the specs that review applications. No business is added, so every public list stays as the
 * demo made it (other specs count them), and the oldest business never leads the "newest" lists
 * they read. Nothing here is reachable from the app: it writes straight to the database, and the
 * business it chose to `e2e-fixtures.json` in the data dir, for the specs (`e2eFixtures()`).
 */
export { e2ePassword, e2eSharedShoppers };
export const e2eTeam = {
  manager: { email: "manager@e2e.oja.test", name: "Mariam Manager", role: "manager" },
  staff: { email: "staff@e2e.oja.test", name: "Sola Staff", role: "staff" },
  /** A platform admin, not a business member: `role` here is the account's, not a membership. */
  admin: { email: "admin@e2e.oja.test", name: "Adebayo Admin", role: "admin" },
} as const;

/**
 * Shoppers who each left a checkout unpaid 40 minutes ago: its orders wait for payment, but its
 * 30-minute hold has run out and the stock went back (decision 020). The browser can't wait half
 * an hour, so the basket spec starts from here. One per journey (phone, laptop), and one more for
 * each journey's retry in CI: a journey uses its checkout up (it starts again from the cart).
 */
export const e2eLateShoppers = {
  phone: { email: "late-phone@e2e.oja.test", name: "Lola Late" },
  laptop: { email: "late-laptop@e2e.oja.test", name: "Obi Overdue" },
  phoneRetry: { email: "late-phone-retry@e2e.oja.test", name: "Lola Late" },
  laptopRetry: { email: "late-laptop-retry@e2e.oja.test", name: "Obi Overdue" },
} as const;

/**
 * Shoppers with points to spend, one per journey of the reward shop spec (issue 23), so no
 * other spec's orders move their balances and each journey can say exactly where its points
 * went: each starts with `points` as an Oja correction, the entry /admin/points writes. The
 * checkout shopper has more than half of any demo product's price, so the checkout's offer is
 * the 50% cap, not the balance.
 */
export const e2ePointsShoppers = {
  shop: { email: "points-shop@e2e.oja.test", name: "Ngozi Eze", points: 8_000 },
  checkout: { email: "points-checkout@e2e.oja.test", name: "Tunde Bakare", points: 100_000 },
  till: { email: "points-till@e2e.oja.test", name: "Kemi Adeyemi", points: 8_000 },
} as const;

/**
 * Staff of the demo business whose own reward (from the seed) has no stock count and no
 * per-shopper limit, so every try of the till journey can redeem it again: the e2e team's
 * business has no reward of its own, and adding one would change the shop's public lists.
 */
export const e2eRewardTill = { email: "till@e2e.oja.test", name: "Tobi Till" } as const;

export interface ExpiredCheckoutFixture {
  email: string;
  checkoutId: string;
  orders: Array<{ number: string; businessName: string; productName: string; priceKobo: number }>;
}

export interface E2eFixtures {
  business: { slug: string; name: string };
  /** The token of a gift sent and not claimed yet: /vouchergift/{token} opens for anyone. */
  sampleGiftToken: string;
  /** A shopper's invitation code: /invite/{code} opens for anyone. */
  sampleReferralCode: string;
  /** A published review of the e2e business: /reviews/{id} opens for anyone. */
  sampleReviewId: string;
  /** The token of a review invitation sent and not used: /ReviewInvitation/{token} opens. */
  sampleInvitationToken: string;
  /** A flash sale of the e2e business on now and for two days: 3 units, 1 per shopper. */
  flashSale: { id: string; productName: string; salePriceKobo: number };
  /** A product of the e2e business only the discount sales spec uses (its price changes there). */
  discountProduct: { name: string; slug: string; priceKobo: number };
  /** A discount sale of that product starting in 60 days: its page opens, no price changes. */
  discountSaleId: string;
  /**
   * Products only the flash spec's opening sale uses, one per try (a retry can't schedule a
   * second sale of a product whose first one is on).
   */
  openingFlashProducts: string[];
  expiredCheckouts: Record<keyof typeof e2eLateShoppers, ExpiredCheckoutFixture>;
  /** A sent invoice of the e2e business, due in 30 days: /invoices/{publicId} opens for anyone. */
  sampleInvoice: { publicId: string; label: string; customerName: string };
  /** Pay links of the e2e business, without a limit: a fixed ₦2,500.00, and one the payer prices. */
  payLinks: { fixed: string; open: string };
  /** The business `e2eRewardTill` works at, and its reward the till journey redeems. */
  rewardTill: {
    business: { slug: string; name: string };
    reward: { id: string; name: string; pointsCost: number };
  };
}

const fixturesFile = (dataDir: string) => path.join(dataDir, "e2e-fixtures.json");

export async function prepareE2eData(dataDir: string): Promise<void> {
  const running = await startServices();
  try {
    const { db, auth } = running;
    const [business] = await db
      .select({ id: businesses.id, slug: businesses.slug, name: businesses.name })
      .from(businesses)
      .where(eq(businesses.status, "active"))
      .orderBy(asc(businesses.createdAt), asc(businesses.slug))
      .limit(1);
    if (!business) throw new Error("the demo seed made no active business");
    for (const person of Object.values(e2eTeam)) {
      const { user } = await auth.api.signUpEmail({
        body: {
          name: person.name,
          email: person.email,
          password: e2ePassword,
          privacyAcceptedAt: new Date(),
        },
      });
      const admin = person.role === "admin";
      await db
        .update(users)
        .set(admin ? { emailVerified: true, role: "admin" } : { emailVerified: true })
        .where(eq(users.id, user.id));
      if (admin) continue;
      await db
        .insert(businessMembers)
        .values({ businessId: business.id, userId: user.id, role: person.role });
    }
    for (let index = 0; index < e2eSharedShoppers.count; index++) {
      await auth.api.signUpEmail({
        body: {
          name: e2eSharedShoppers.name,
          email: e2eSharedShoppers.email(index),
          password: e2ePassword,
          privacyAcceptedAt: new Date(),
        },
      });
    }
    const expiredCheckouts = {} as E2eFixtures["expiredCheckouts"];
    const late = Object.entries(e2eLateShoppers) as Array<
      [keyof typeof e2eLateShoppers, (typeof e2eLateShoppers)[keyof typeof e2eLateShoppers]]
    >;
    for (const [index, [journey, person]] of late.entries()) {
      const { user } = await auth.api.signUpEmail({
        body: {
          name: person.name,
          email: person.email,
          password: e2ePassword,
          privacyAcceptedAt: new Date(),
        },
      });
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      expiredCheckouts[journey] = await expiredCheckout(db, {
        shopperId: user.id,
        email: person.email,
        skipBusinessId: business.id,
        offset: index * 2,
      });
    }
    for (const person of Object.values(e2ePointsShoppers)) {
      const { user } = await auth.api.signUpEmail({
        body: {
          name: person.name,
          email: person.email,
          password: e2ePassword,
          privacyAcceptedAt: new Date(),
        },
      });
      await db.transaction((tx) =>
        recordPoints(tx, {
          userId: user.id,
          kind: "adjust",
          availableDelta: person.points,
          cause: `adjust:e2e-${user.id}`,
          note: "Points to start the browser suite with",
        }),
      );
    }
    const { user: tillStaff } = await auth.api.signUpEmail({
      body: {
        name: e2eRewardTill.name,
        email: e2eRewardTill.email,
        password: e2ePassword,
        privacyAcceptedAt: new Date(),
      },
    });
    const rewardTill = await tillFixture(db, tillStaff.id);
    const giver = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.email, e2eSharedShoppers.email(e2eSharedShoppers.count - 2)));
    const fixtures: E2eFixtures = {
      business: { slug: business.slug, name: business.name },
      sampleGiftToken: await sampleGift(db, {
        giverId: giver[0]?.id ?? "",
        businessId: business.id,
      }),
      sampleReferralCode: await referralCodeOf(db, {
        id: giver[0]?.id ?? "",
        name: giver[0]?.name ?? "",
      }),
      sampleReviewId: await sampleReview(db, giver[0]?.id ?? "", business.slug),
      sampleInvitationToken: await sampleInvitation(db, business.id),
      flashSale: await sampleFlashSale(db, business.id, e2eTeam.manager.email),
      ...(await discountFixtures(db, business.id, e2eTeam.manager.email)),
      openingFlashProducts: [
        (await quietProduct(db, business.id, "Kente stole")).name,
        (await quietProduct(db, business.id, "Aso oke cap")).name,
      ],
      expiredCheckouts,
      rewardTill,
      sampleInvoice: await sampleInvoice(
        { db, publicUrl: running.settings.publicUrl },
        business.id,
        e2eTeam.manager.email,
      ),
      payLinks: await samplePayLinks(db, business.id, e2eTeam.manager.email),
    };
    writeFileSync(fixturesFile(dataDir), JSON.stringify(fixtures));
  } finally {
    await running.close();
  }
}

/**
 * A demo business's own reward that any shopper may redeem again and again (no stock count, no
 * per-shopper limit), and `e2eRewardTill` made a staff member of its business.
 */
async function tillFixture(db: Database, staffId: string): Promise<E2eFixtures["rewardTill"]> {
  const [found] = await db
    .select({
      id: rewards.id,
      name: rewards.name,
      pointsCost: rewards.pointsCost,
      businessId: businesses.id,
      slug: businesses.slug,
      businessName: businesses.name,
    })
    .from(rewards)
    .innerJoin(businesses, eq(businesses.id, rewards.businessId))
    .where(
      and(
        eq(rewards.kind, "business"),
        eq(rewards.status, "active"),
        eq(businesses.status, "active"),
        sql`${rewards.stock} is null`,
        sql`${rewards.perShopperLimit} is null`,
      ),
    )
    .orderBy(asc(rewards.createdAt), asc(rewards.id))
    .limit(1);
  if (!found) throw new Error("the demo seed made no business reward without limits");
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, staffId));
  await db
    .insert(businessMembers)
    .values({ businessId: found.businessId, userId: staffId, role: "staff" });
  return {
    business: { slug: found.slug, name: found.businessName },
    reward: { id: found.id, name: found.name, pointsCost: found.pointsCost },
  };
}

/** A review of the business by a shopper, written as the review form writes one. */
async function sampleReview(db: Database, authorId: string, businessSlug: string) {
  const written = await writeReview(
    db,
    { id: authorId },
    {
      business: businessSlug,
      stars: "4",
      title: "Friendly and on time",
      body: "Booked for Saturday morning and everything was ready when I arrived.",
      experiencedOn: new Date().toISOString().slice(0, 10),
    },
  );
  if (!written.ok) throw new Error(`the sample review was refused: ${JSON.stringify(written)}`);
  return written.reviewId;
}

/**
 * A flash sale on now, made as the console makes one by the business's manager: 3 units of its
 * best-stocked product at 70% of its price, one per shopper, for two days.
 */
async function sampleFlashSale(db: Database, businessId: string, managerEmail: string) {
  const [product] = await db
    .select({ id: products.id, name: products.name, priceKobo: products.priceKobo })
    .from(products)
    .where(
      and(
        eq(products.businessId, businessId),
        eq(products.status, "active"),
        sql`${products.sizes} = '[]'::jsonb`,
        gte(products.stock, 10),
      ),
    )
    .orderBy(sql`${products.stock} desc`, asc(products.id))
    .limit(1);
  const [manager] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, managerEmail));
  if (!product || !manager) throw new Error("no product or manager for the sample flash sale");
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const salePriceKobo = Math.floor((product.priceKobo * 0.7) / 100) * 100;
  const form = saleForm({
    product: product.id,
    units: "3",
    perShopperLimit: "1",
    salePrice: String(salePriceKobo / 100),
    startsAt: toLagosDateTime(start),
    endsAt: toLagosDateTime(new Date(start.getTime() + 2 * 24 * 60 * 60_000)),
  });
  const made = await createFlashSale(
    db,
    { businessId, userId: manager.id, request: new Request("http://localhost/vendor") },
    form,
  );
  if (!made.ok) throw new Error(`the sample flash sale was refused: ${JSON.stringify(made)}`);
  return { id: made.saleId, productName: product.name, salePriceKobo };
}

/**
 * A product one spec alone uses (its price or stock changes there, so it is none of the products
 * other specs buy): ₦12,000, 500 in stock, made a year ago so it sorts last in "newest" lists.
 */
async function quietProduct(db: Database, businessId: string, name: string) {
  const id = newId("prd");
  const yearAgo = new Date(Date.now() - 365 * 24 * 60 * 60_000);
  const made = {
    name,
    slug: `${name.toLowerCase().replaceAll(" ", "-")}-${id.slice(-6).toLowerCase()}`,
    priceKobo: 1_200_000,
  };
  await db.insert(products).values({
    id,
    businessId,
    ...made,
    description: "Handmade in Nigeria.",
    stock: 500,
    status: "active",
    createdAt: yearAgo,
    updatedAt: yearAgo,
  });
  return { id, ...made };
}

/**
 * The discount sales spec's product, and a sale of it in 60 days, made as the console makes one,
 * whose page the route walk opens.
 */
async function discountFixtures(db: Database, businessId: string, managerEmail: string) {
  const { id, ...product } = await quietProduct(db, businessId, "Adire tote bag");
  const [manager] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, managerEmail));
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 60 * 24 * 60 * 60_000);
  const form = saleForm({
    name: "Harmattan sale",
    kind: "percent",
    percentOff: "10",
    scope: "products",
    products: id,
    startsAt: toLagosDateTime(start),
    endsAt: toLagosDateTime(new Date(start.getTime() + 7 * 24 * 60 * 60_000)),
  });
  const made = await createDiscountSale(
    db,
    { businessId, userId: manager?.id ?? "", request: new Request("http://localhost/vendor") },
    form,
  );
  if (!made.ok) throw new Error(`the sample discount sale was refused: ${JSON.stringify(made)}`);
  return { discountProduct: product, discountSaleId: made.saleId };
}

/** The business's member of this email, as the console's forms name who acts. */
async function consoleActor(db: Database, businessId: string, email: string) {
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { businessId, userId: member?.id ?? "", request: new Request("http://localhost/vendor") };
}

/** Two pay links without a limit, made as the console makes them. */
async function samplePayLinks(db: Database, businessId: string, managerEmail: string) {
  const actor = await consoleActor(db, businessId, managerEmail);
  const link = async (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const made = await createPayLink(db, actor, form);
    if (!made.ok) throw new Error(`the sample pay link was refused: ${JSON.stringify(made)}`);
    return made.publicId;
  };
  return {
    fixed: await link({ description: "Gele tying, one head", amountKind: "fixed", amount: "2500" }),
    open: await link({
      description: "Deposit for a custom order",
      amountKind: "open",
      minAmount: "1000",
      maxAmount: "100000",
    }),
  };
}

/**
 * An invoice the e2e manager drafted and sent, as the console does: a few lines, 10% off and
 * VAT, so its page shows every part of the totals.
 */
async function sampleInvoice(
  context: { db: Database; publicUrl: string },
  businessId: string,
  managerEmail: string,
): Promise<E2eFixtures["sampleInvoice"]> {
  const { db } = context;
  const actor = await consoleActor(db, businessId, managerEmail);
  const customerName = "Chiamaka Obi";
  const form = new FormData();
  for (const [name, value] of Object.entries({
    customerName,
    customerEmail: "chiamaka.obi@example.com",
    customerPhone: "",
    dueOn: addDays(lagosToday(new Date()), 30),
    notes: "Thank you for your business.\nDelivery to the Lekki office is included.",
    discountKind: "percent",
    discountValue: "10",
    vat: "on",
  })) {
    form.set(name, value);
  }
  for (const [description, quantity, unitPrice] of [
    ["Adire fabric, indigo, 6 yards", "4", "18500"],
    ["Tailoring: two-piece agbada with embroidered neckline, fitted after one trial", "1", "65000"],
    ["Delivery", "1", "3500"],
  ]) {
    form.append("lineProduct", "");
    form.append("lineDescription", description ?? "");
    form.append("lineQuantity", quantity ?? "");
    form.append("lineUnitPrice", unitPrice ?? "");
  }
  const made = await createDraft(db, actor, form);
  if (!made.ok) throw new Error(`the sample invoice was refused: ${JSON.stringify(made)}`);
  const sent = await sendInvoice(context, actor, made.invoiceId);
  if (!sent.ok) throw new Error(`the sample invoice was not sent: ${JSON.stringify(sent)}`);
  const [invoice] = await db
    .select({ publicId: invoices.publicId })
    .from(invoices)
    .where(eq(invoices.id, made.invoiceId));
  return {
    publicId: invoice?.publicId ?? "",
    label: invoiceNumberLabel(sent.number),
    customerName,
  };
}

/**
 * An invitation a manager sent by hand to a customer without an account, as the console sends
 * one (decision 051): only the token's hash is stored, so the token is returned here.
 */
async function sampleInvitation(db: Database, businessId: string) {
  const token = secretToken();
  const sentAt = new Date();
  await db.insert(reviewInvitations).values({
    id: newId("rvi"),
    businessId,
    source: "manual",
    email: "invited-customer@e2e.oja.test",
    sendAt: sentAt,
    sentAt,
    tokenHash: hashInvitationToken(token),
    expiresAt: new Date(sentAt.getTime() + invitationLifeDays * 24 * 60 * 60 * 1000),
  });
  return token;
}

/**
 * A voucher bought (a paid vouchers order) and sent as a gift, not claimed: what a gift email's
 * link opens. Returns the link's token.
 */
async function sampleGift(db: Database, options: { giverId: string; businessId: string }) {
  const checkoutId = newId("chk");
  const orderId = newId("ord");
  const paidAt = new Date();
  await db.insert(checkouts).values({
    id: checkoutId,
    kind: "vouchers",
    shopperId: options.giverId,
    email: "gift-giver@e2e.oja.test",
    phone: "+2348031234567",
    totalKobo: 1_800_000,
    stockHold: "sold",
    holdExpiresAt: paidAt,
  });
  await db.insert(orders).values({
    id: orderId,
    number: newOrderNumber(),
    checkoutId,
    shopperId: options.giverId,
    businessId: options.businessId,
    kind: "vouchers",
    status: "paid",
    subtotalKobo: 1_800_000,
    paidAt,
  });
  await db.insert(orderLines).values({
    orderId,
    position: 0,
    productName: "A day at the spa",
    unitPriceKobo: 1_800_000,
    quantity: 1,
    voucherValueKobo: 2_500_000,
    voucherValidDays: 90,
  });
  const voucherId = newId("vch");
  await db.insert(vouchers).values({
    id: voucherId,
    code: newVoucherCode(),
    orderId,
    linePosition: 0,
    serial: 1,
    businessId: options.businessId,
    title: "A day at the spa",
    ownerId: options.giverId,
    valueKobo: 2_500_000,
    priceKobo: 1_800_000,
    balanceKobo: 2_500_000,
    validUntil: "2099-12-31",
    issuedAt: paidAt,
  });
  const token = secretToken();
  await db.insert(voucherGifts).values({
    id: newId("vgf"),
    voucherId,
    giverId: options.giverId,
    giverName: e2eSharedShoppers.name.split(" ")[0] ?? "A friend",
    recipientName: "Bola Ade",
    recipientEmail: "bola@e2e.oja.test",
    message: "Enjoy!",
    deliverOn: paidAt.toISOString().slice(0, 10),
    token,
    status: "sent",
    sentAt: paidAt,
  });
  return token;
}

/**
 * An unpaid checkout of one product from each of two demo businesses, made 40 minutes ago, its
 * hold already released: what the checkout would have left once the reconciliation job ran.
 */
async function expiredCheckout(
  db: Database,
  options: { shopperId: string; email: string; skipBusinessId: string; offset: number },
): Promise<ExpiredCheckoutFixture> {
  const candidates = await db
    .select({
      id: products.id,
      name: products.name,
      priceKobo: products.priceKobo,
      businessId: businesses.id,
      businessName: businesses.name,
    })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(
      and(
        eq(products.status, "active"),
        eq(businesses.status, "active"),
        ne(businesses.id, options.skipBusinessId),
        gte(products.stock, 5),
        sql`jsonb_array_length(${products.sizes}) = 0`,
      ),
    )
    .orderBy(asc(businesses.slug), asc(products.slug));
  // Two products of two businesses, different for each shopper.
  const byBusiness = new Map<string, (typeof candidates)[number]>();
  for (const product of candidates) {
    if (!byBusiness.has(product.businessId)) byBusiness.set(product.businessId, product);
  }
  const chosen = [...byBusiness.values()].slice(options.offset, options.offset + 2);
  if (chosen.length < 2) throw new Error("the demo seed has too few businesses with products");
  const placed = new Date(Date.now() - 40 * 60_000);
  const checkoutId = newId("chk");
  await db.insert(checkouts).values({
    id: checkoutId,
    shopperId: options.shopperId,
    email: options.email,
    phone: "+2348031234567",
    totalKobo: chosen.reduce((sum, product) => sum + product.priceKobo, 0),
    stockHold: "released",
    holdExpiresAt: new Date(placed.getTime() + 30 * 60_000),
    createdAt: placed,
    updatedAt: placed,
  });
  const made: ExpiredCheckoutFixture["orders"] = [];
  for (const [position, product] of chosen.entries()) {
    const orderId = newId("ord");
    const number = newOrderNumber();
    await db.insert(orders).values({
      id: orderId,
      number,
      checkoutId,
      shopperId: options.shopperId,
      businessId: product.businessId,
      position,
      fulfilment: "pickup",
      subtotalKobo: product.priceKobo,
      createdAt: placed,
      updatedAt: placed,
    });
    await db.insert(orderLines).values({
      orderId,
      position: 0,
      productId: product.id,
      productName: product.name,
      unitPriceKobo: product.priceKobo,
      quantity: 1,
    });
    made.push({
      number,
      businessName: product.businessName,
      productName: product.name,
      priceKobo: product.priceKobo,
    });
  }
  return { email: options.email, checkoutId, orders: made };
}

/** What prepareE2eData made, for a spec (the server must have started). */
export function e2eFixtures(): E2eFixtures {
  return JSON.parse(readFileSync(fixturesFile(".e2e-data"), "utf8")) as E2eFixtures;
}
