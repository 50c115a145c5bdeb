import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { latestAuditEvents } from "#app/auth/audit.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { secretToken } from "#app/db/ids.ts";
import { users } from "#app/db/schema.server.ts";
import { walletOf } from "#app/points/ledger.server.ts";
import { referrals } from "#app/referrals/schema.server.ts";
import { getFrom, postTo, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createOrder } from "#tests/support/orders.ts";
import * as adminPoints from "./admin-points.tsx";

/**
 * /admin/points through its loader and action: admins only (404 to a shopper), an adjustment
 * with a reason (audited, once per form, never below zero, field messages for bad input), and a
 * held referral approved once.
 */
let database: DatabaseHandle;
const db = () => database.db;
let admin: TestAccount;
let ada: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signUpAs(db(), { name: "Oja Admin" });
  ada = await signUpAs(db(), { name: "Ada Obi" });
  await db().update(users).set({ role: "admin" }).where(eq(users.id, admin.userId));
}, 60_000);

afterAll(() => database.close());

const post = (form: Record<string, string>, person = admin) =>
  postTo(db(), adminPoints, "/admin/points", form, { cookie: person.cookie });

describe("/admin/points", () => {
  test("a shopper gets a 404, page and form alike", async () => {
    expect((await getFrom(db(), adminPoints, "/admin/points", { cookie: ada.cookie })).status).toBe(
      404,
    );
    const form = {
      intent: "adjust",
      email: ada.email,
      points: "500",
      reason: "Helping myself",
      requestKey: secretToken(),
    };
    expect((await post(form, ada)).status).toBe(404);
    expect(await walletOf(db(), ada.userId)).toEqual({ available: 0, pending: 0 });
  });

  test("an adjustment with a reason: audited, once per form, never below zero", async () => {
    const form = {
      intent: "adjust",
      email: ada.email.toUpperCase(),
      points: "250",
      reason: "Sorry for the late delivery",
      requestKey: secretToken(),
    };
    expect(await post(form)).toMatchObject({ status: 200, data: { done: expect.any(String) } });
    expect((await post(form)).status).toBe(409);
    expect(await walletOf(db(), ada.userId)).toEqual({ available: 250, pending: 0 });
    const [event] = await latestAuditEvents(db(), { limit: 1 });
    expect(event).toMatchObject({ action: "points.adjusted", subjectId: ada.userId });

    const tooMuch = await post({ ...form, points: "-300", requestKey: secretToken() });
    expect(tooMuch).toMatchObject({
      status: 400,
      data: { errors: { points: "The shopper has 250 points: take at most that." } },
    });
    expect(await walletOf(db(), ada.userId)).toEqual({ available: 250, pending: 0 });
  });

  test("bad input gets a message per field", async () => {
    const bad = await post({
      intent: "adjust",
      email: "nobody",
      points: "1.5",
      reason: "x",
      requestKey: "../../etc",
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      errors: {
        email: expect.any(String),
        points: expect.any(String),
        reason: expect.any(String),
        requestKey: expect.any(String),
      },
    });
    const unknown = await post({
      intent: "adjust",
      email: "nobody@example.com",
      points: "10",
      reason: "No such shopper",
      requestKey: secretToken(),
    });
    expect(unknown).toMatchObject({ status: 404, data: { errors: { email: expect.any(String) } } });
    expect((await post({ intent: "sideways" })).status).toBe(400);
  });

  test("a held referral is approved once: both get their points", async () => {
    const category = await createCategory(db());
    const business = await createBusiness(db(), { categoryId: category.id });
    const bola = await signUpAs(db(), { name: "Bola Ade" });
    const { checkoutId } = await createOrder(db(), {
      shopperId: bola.userId,
      businessId: business.id,
    });
    await db().insert(referrals).values({
      friendId: bola.userId,
      referrerId: ada.userId,
      friendMailbox: bola.email,
      checkoutId,
      status: "held",
      reason: "More than 50 friends this month",
    });
    const page = await getFrom(db(), adminPoints, "/admin/points", { cookie: admin.cookie });
    expect(page.data).toMatchObject({
      held: [{ friendId: bola.userId, referrer: { email: ada.email } }],
    });
    const form = { intent: "approve", friendId: bola.userId };
    expect(await post(form)).toMatchObject({ status: 200 });
    expect((await post(form)).status).toBe(404);
    expect(await walletOf(db(), bola.userId)).toEqual({ available: 0, pending: 500 });
    expect((await walletOf(db(), ada.userId)).pending).toBe(500);
  });
});
