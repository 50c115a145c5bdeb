import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readSettings } from "#app/config.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { auditEvents } from "#app/db/schema.server.ts";
import { createPaymentProvider } from "#app/payments/provider.server.ts";
import * as dashboard from "#app/routes/vendor-dashboard.tsx";
import * as page from "#app/routes/vendor-payout-account.tsx";
import { createTestDatabase } from "#tests/support/database.ts";
import { startTestPayments, type TestPayments } from "#tests/support/payments.ts";
import {
  consoleOwnersOnly,
  createRoleFixtures,
  expectRoleMatrix,
  type RoleFixtures,
} from "#tests/support/role-matrix.ts";
import { pageRequest, routeArgs } from "#tests/support/router-context.ts";
import { payoutAccountOf, paystackDownMessage, savePayoutAccount } from "./accounts.server.ts";
import { payoutAccounts } from "./schema.server.ts";

/**
 * The bank account a business is paid to (decision 026), against a real database and the
 * Paystack simulator over HTTP: who may set it, what Paystack is asked, what Oja keeps.
 */
let database: DatabaseHandle;
let fixtures: RoleFixtures;
let pay: TestPayments;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(database.db);
  pay = await startTestPayments();
}, 60_000);

afterAll(async () => {
  await pay.close();
  await database.close();
});

type RouteFunction = (args: never) => unknown;

/** The page's path and pattern for the business under test (or another slug). */
function target(slug = fixtures.business.slug) {
  return {
    path: `/vendor/${slug}/payouts/account`,
    pattern: "/vendor/:business/payouts/account",
    params: { business: slug },
  };
}

/** The owner's form post through the route's action, with services pointed at the simulator. */
async function postAsOwner(form: Record<string, string>, slug = fixtures.business.slug) {
  const { path, pattern, params } = target(slug);
  const request = pageRequest(path, { form, cookie: fixtures.cookies.owner });
  const args = await routeArgs(db(), request, pattern, params, pay.env);
  return page.action(args as never) as Promise<unknown>;
}

async function loadAs(
  role: "owner" | "manager",
  run: RouteFunction,
  path: string,
  pattern: string,
) {
  const request = pageRequest(path, { cookie: fixtures.cookies[role] });
  const args = await routeArgs(
    db(),
    request,
    pattern,
    { business: fixtures.business.slug },
    pay.env,
  );
  return (await (run as (args: unknown) => Promise<{ data: unknown }>)(args)).data as Record<
    string,
    unknown
  >;
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const owner = () => ({ id: fixtures.userIds.owner, email: "owner@matrix.example" });
const request = () => pageRequest("/vendor/x/payouts/account", { method: "POST" });

describe("who may see and set the bank account", () => {
  test("the page opens for the business's owner only; to managers, staff and other businesses it doesn't exist", async () => {
    await expectRoleMatrix(db(), fixtures, { ...target(), run: page.loader }, consoleOwnersOnly);
  });

  test("the form is the owner's only: anyone else's post is a 404 before Paystack is asked", async () => {
    const { path } = target();
    // An empty form: a 400 for the owner, the guard's 404 for everyone else.
    const posting = ((args: { request: Request }) =>
      page.action({
        ...args,
        request: pageRequest(path, {
          form: { bankCode: "", accountNumber: "" },
          cookie: args.request.headers.get("cookie") ?? undefined,
        }),
      } as never)) as RouteFunction;
    await expectRoleMatrix(db(), fixtures, { ...target(), run: posting }, consoleOwnersOnly);
  });

  test("an owner of another business gets 404 for this business's page and form", async () => {
    const request = pageRequest(target().path, {
      form: { bankCode: "058", accountNumber: "0123456789" },
      cookie: fixtures.cookies.ownerOfOther,
    });
    const args = await routeArgs(db(), request, target().pattern, target().params, pay.env);
    await expect(page.action(args as never)).rejects.toMatchObject({ init: { status: 404 } });
    expect(await payoutAccountOf(db(), fixtures.business.id)).toBeNull();
  });
});

describe("setting the bank account", () => {
  test("bad details come back as field messages with a 400, and nothing is written or sent", async () => {
    const result = await postAsOwner({ bankCode: "999", accountNumber: "12345" });
    expect(result).toMatchObject({
      init: { status: 400 },
      data: {
        errors: {
          bankCode: "Choose your bank",
          accountNumber: "An account number (NUBAN) is 10 digits",
        },
      },
    });
    expect(await payoutAccountOf(db(), fixtures.business.id)).toBeNull();
  });

  test("an account Paystack can't resolve is said at the number; nothing is written", async () => {
    const result = await postAsOwner({ bankCode: "058", accountNumber: "0000000000" });
    expect(result).toMatchObject({
      init: { status: 400 },
      data: {
        errors: {
          accountNumber: expect.stringContaining("couldn't confirm this account at GTBank"),
        },
      },
    });
    expect(await payoutAccountOf(db(), fixtures.business.id)).toBeNull();
  });

  test("Paystack down: a clear message, a 502, and nothing written", async () => {
    const down = createPaymentProvider(
      readSettings({ ...pay.env, PAYSTACK_BASE_URL: "http://127.0.0.1:9" }).paystack,
      { http: { retries: 0 } },
    );
    const result = await savePayoutAccount(db(), down, {
      business: { id: fixtures.business.id, name: "Matrix Spa" },
      owner: owner(),
      commissionRateBp: 500,
      form: form({ bankCode: "058", accountNumber: "0123456789" }),
      request: request(),
    });
    expect(result).toEqual({ status: 502, message: paystackDownMessage });
    expect(await payoutAccountOf(db(), fixtures.business.id)).toBeNull();
  });

  test("the owner's account becomes a Paystack subaccount at the commission rate; Oja keeps the last four digits", async () => {
    const saved = await postAsOwner({ bankCode: "058", accountNumber: "0123 456 789" });
    expect(saved).toEqual({
      done: "Saved. Paystack pays your share of each order to GTBank ••••6789.",
    });
    const account = await payoutAccountOf(db(), fixtures.business.id);
    expect(account).toMatchObject({ bankCode: "058", bankName: "GTBank", accountLast4: "6789" });
    const subaccount = pay.simulator.subaccount(account?.subaccountCode ?? "");
    expect(subaccount).toMatchObject({
      businessName: "Matrix Spa",
      bankCode: "058",
      accountNumber: "0123456789",
      // PLATFORM_COMMISSION_PERCENT unset: 5%.
      percentageCharge: 5,
      primaryContactEmail: expect.stringMatching(/^owner-.*@example\.com$/),
    });
    // The whole number is nowhere in Oja's database.
    const [row] = await db()
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.businessId, fixtures.business.id));
    expect(JSON.stringify(row)).not.toContain("0123456789");
    const loaded = await loadAs("owner", page.loader, target().path, target().pattern);
    expect(loaded).toMatchObject({ account: { label: "GTBank ••••6789" }, commission: "5%" });
  });

  test("changing the account moves the same subaccount and replaces the row, with an audit entry each time", async () => {
    const before = await payoutAccountOf(db(), fixtures.business.id);
    if (!before) throw new Error("the previous test saves an account");
    await postAsOwner({ bankCode: "057", accountNumber: "2222333344" });
    const after = await payoutAccountOf(db(), fixtures.business.id);
    expect(after).toMatchObject({
      subaccountCode: before.subaccountCode,
      bankName: "Zenith Bank",
      accountLast4: "3344",
    });
    expect(pay.simulator.subaccount(before.subaccountCode)).toMatchObject({
      bankCode: "057",
      accountNumber: "2222333344",
    });
    const rows = await db()
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.businessId, fixtures.business.id));
    expect(rows).toHaveLength(1);
    const audits = await db()
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "business.payout-account-set"),
          eq(auditEvents.subjectId, fixtures.business.id),
        ),
      );
    expect(audits.map((audit) => audit.details)).toEqual(
      expect.arrayContaining([
        { bank: "GTBank", last4: "6789", replaced: false },
        { bank: "Zenith Bank", last4: "3344", replaced: true },
      ]),
    );
  });

  test("a subaccount deleted at Paystack meanwhile is made again", async () => {
    const before = await payoutAccountOf(db(), fixtures.business.id);
    await db()
      .update(payoutAccounts)
      .set({ subaccountCode: "ACCT_gone" })
      .where(eq(payoutAccounts.businessId, fixtures.business.id));
    await postAsOwner({ bankCode: "033", accountNumber: "5555666677" });
    const after = await payoutAccountOf(db(), fixtures.business.id);
    expect(after?.subaccountCode).toMatch(/^ACCT_/);
    expect(after?.subaccountCode).not.toBe("ACCT_gone");
    expect(after?.subaccountCode).not.toBe(before?.subaccountCode);
    expect(pay.simulator.subaccount(after?.subaccountCode ?? "")).toMatchObject({
      bankCode: "033",
    });
  });
});

describe("the dashboard's prompt", () => {
  test("asks an owner without a bank account to add one, never a manager, and stops once one is set", async () => {
    const other = fixtures.otherBusiness;
    const loadDashboard = async (cookie: string, slug: string) => {
      const request = pageRequest(`/vendor/${slug}`, { cookie });
      const args = await routeArgs(db(), request, "/vendor/:business", { business: slug }, pay.env);
      return ((await dashboard.loader(args as never)) as { data: { needsPayoutAccount: boolean } })
        .data;
    };
    expect(
      (await loadDashboard(fixtures.cookies.ownerOfOther, other.slug)).needsPayoutAccount,
    ).toBe(true);
    expect(
      (await loadDashboard(fixtures.cookies.manager, fixtures.business.slug)).needsPayoutAccount,
    ).toBe(false);
    // The business under test has an account by now (set above).
    expect(
      (await loadDashboard(fixtures.cookies.owner, fixtures.business.slug)).needsPayoutAccount,
    ).toBe(false);
  });
});
