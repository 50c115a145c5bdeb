import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { checkouts } from "#app/db/schema.server.ts";
import * as profileVouchers from "#app/routes/profile-vouchers.tsx";
import * as redeem from "#app/routes/vendor-redeem.tsx";
import * as voucherGift from "#app/routes/voucher-gift.tsx";
import * as voucherPay from "#app/routes/voucher-pay.tsx";
import { getFrom, postTo } from "#tests/support/accounts.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createOrder } from "#tests/support/orders.ts";
import {
  consoleStaffAndUp,
  createRoleFixtures,
  expectRoleMatrix,
  type RoleFixtures,
} from "#tests/support/role-matrix.ts";
import { createVoucher } from "#tests/support/vouchers.ts";
import { formatVoucherCode } from "./voucher-code.ts";

/**
 * Redemption's part of the role matrix (issue 19): staff and up of the business redeem its
 * vouchers; staff of another business, admins and shoppers get a 404; a shopper's vouchers and
 * voucher payments are theirs alone.
 */
let database: DatabaseHandle;
let fixtures: RoleFixtures;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(database.db);
}, 60_000);

afterAll(() => database.close());

const redeemPath = () => `/vendor/${fixtures.business.slug}/redeem`;
const redeemOptions = (cookie: string) => ({
  cookie,
  pattern: "/vendor/:business/redeem",
  params: { business: fixtures.business.slug },
});

describe("redeeming in the console", () => {
  test("the page is for staff and up of the business", async () => {
    const business = fixtures.business.slug;
    await expectRoleMatrix(
      database.db,
      fixtures,
      {
        path: `/vendor/${business}/redeem`,
        pattern: "/vendor/:business/redeem",
        params: { business },
        run: redeem.loader,
      },
      consoleStaffAndUp,
    );
  });

  test("staff redeem their business's voucher once; the owner sees the use", async () => {
    const voucher = await createVoucher(database.db, {
      businessId: fixtures.business.id,
      ownerId: fixtures.userIds.shopper,
    });
    const code = formatVoucherCode(voucher.code);
    const lookedUp = await postTo(
      database.db,
      redeem,
      redeemPath(),
      { intent: "look-up", code },
      redeemOptions(fixtures.cookies.staff),
    );
    expect(lookedUp.status).toBe(200);
    const found = (lookedUp.data as { voucher: { requestKey: string; redeemableKobo: number } })
      .voucher;
    expect(found.redeemableKobo).toBe(2_500_000);
    const redeemed = await postTo(
      database.db,
      redeem,
      redeemPath(),
      { intent: "redeem", code, scope: "all", requestKey: found.requestKey },
      redeemOptions(fixtures.cookies.staff),
    );
    expect(redeemed).toMatchObject({ status: 200, data: { redeemedKobo: 2_500_000 } });
    const again = await postTo(
      database.db,
      redeem,
      redeemPath(),
      { intent: "redeem", code, scope: "all", requestKey: `${found.requestKey}x` },
      redeemOptions(fixtures.cookies.staff),
    );
    expect(again.status).toBe(409);
    const mine = await getFrom(database.db, profileVouchers, "/profile/vouchers", {
      cookie: fixtures.cookies.shopper,
    });
    const past = (mine.data as { past: Array<{ code: string; uses: unknown[] }> }).past;
    expect(past.find((held) => held.code === code)?.uses).toHaveLength(1);
  });

  test("staff of another business can't find or redeem the voucher", async () => {
    const voucher = await createVoucher(database.db, {
      businessId: fixtures.business.id,
      ownerId: fixtures.userIds.shopper,
    });
    // The other business's owner, on their own business's page.
    const options = {
      cookie: fixtures.cookies.ownerOfOther,
      pattern: "/vendor/:business/redeem",
      params: { business: fixtures.otherBusiness.slug },
    };
    const path = `/vendor/${fixtures.otherBusiness.slug}/redeem`;
    const lookedUp = await postTo(
      database.db,
      redeem,
      path,
      { intent: "look-up", code: voucher.code },
      options,
    );
    expect(lookedUp.status).toBe(404);
    const redeemed = await postTo(
      database.db,
      redeem,
      path,
      { intent: "redeem", code: voucher.code, scope: "all", requestKey: "a".repeat(26) },
      options,
    );
    expect(redeemed.status).toBe(404);
    // And on this business's page they are not a member: the page itself is a 404.
    const notMember = await postTo(
      database.db,
      redeem,
      redeemPath(),
      { intent: "look-up", code: voucher.code },
      redeemOptions(fixtures.cookies.ownerOfOther),
    );
    expect(notMember.status).toBe(404);
  });
});

describe("a shopper's vouchers", () => {
  test("another shopper's voucher payment is a 404; their vouchers aren't listed", async () => {
    const { checkoutId } = await createOrder(database.db, {
      shopperId: fixtures.userIds.shopper,
      businessId: fixtures.business.id,
      order: { kind: "vouchers", fulfilment: null },
    });
    await database.db
      .update(checkouts)
      .set({ kind: "vouchers" })
      .where(eq(checkouts.id, checkoutId));
    const asWho = (cookie: string) =>
      getFrom(database.db, voucherPay, `/voucherpay/${checkoutId}`, {
        cookie,
        pattern: "/voucherpay/:id",
        params: { id: checkoutId },
      });
    expect((await asWho(fixtures.cookies.shopper)).status).toBe(200);
    expect((await asWho(fixtures.cookies.manager)).status).toBe(404);
    const theirs = await getFrom(database.db, profileVouchers, "/profile/vouchers", {
      cookie: fixtures.cookies.manager,
    });
    expect(theirs.data).toMatchObject({ ready: [], past: [], giftsSent: [] });
  });

  test("another shopper's voucher can't be gifted: its gift page and its post are a 404", async () => {
    const voucher = await createVoucher(database.db, {
      businessId: fixtures.business.id,
      ownerId: fixtures.userIds.shopper,
    });
    const options = (cookie: string) => ({
      cookie,
      pattern: "/vouchers/gift/:id",
      params: { id: voucher.id },
    });
    const path = `/vouchers/gift/${voucher.id}`;
    expect(
      (await getFrom(database.db, voucherGift, path, options(fixtures.cookies.shopper))).status,
    ).toBe(200);
    expect(
      (await getFrom(database.db, voucherGift, path, options(fixtures.cookies.manager))).status,
    ).toBe(404);
    const posted = await postTo(
      database.db,
      voucherGift,
      path,
      {
        intent: "gift",
        recipientName: "Bola",
        recipientEmail: "bola@example.com",
        deliverOn: lagosToday(new Date()),
      },
      options(fixtures.cookies.manager),
    );
    expect(posted.status).toBe(404);
  });
});
