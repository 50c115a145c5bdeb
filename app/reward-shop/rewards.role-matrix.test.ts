import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { images } from "#app/catalog/schema.server.ts";
import { readSettings } from "#app/config.server.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { secretToken } from "#app/db/ids.ts";
import { diskMediaStore, mediaDir } from "#app/media/store.server.ts";
import { deleteUnusedImages } from "#app/media/uploads.server.ts";
import { recordPoints } from "#app/points/ledger.server.ts";
import * as adminRewards from "#app/routes/admin-rewards.tsx";
import * as redeem from "#app/routes/vendor-redeem.tsx";
import * as vendorRewards from "#app/routes/vendor-rewards.tsx";
import { formatVoucherCode } from "#app/vouchers/voucher-code.ts";
import { getFrom, postTo } from "#tests/support/accounts.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  adminsOnly,
  consoleManagersAndOwners,
  createRoleFixtures,
  expectRoleMatrix,
  posting,
  type RoleFixtures,
} from "#tests/support/role-matrix.ts";
import { pictureFile, postMultipart } from "#tests/support/vendor.ts";
import { redeemReward } from "./redeem.server.ts";
import { createReward, type RewardOwner } from "./rewards.server.ts";
import { rewardCodes, rewards } from "./schema.server.ts";
import { tillMessages } from "./till.server.ts";

/**
 * Running rewards, the reward shop's part of the role matrix (issue 23, decision 056): a
 * business's rewards are for its managers and owners (staff, other businesses, admins and
 * shoppers get a 404; guests sign in), Oja's own are for admins only; another's reward is a 404
 * to every form; bad input is a 400 that writes nothing, not even the picture; and the till
 * hands a business reward over once.
 */
let database: DatabaseHandle;
let fixtures: RoleFixtures;
let dataDir: string;
let env: Record<string, string>;
const db = () => database.db;
const today = () => lagosToday(new Date());
const request = new Request("http://localhost:3000/");

let ownReward: string;
let otherBusinessReward: string;
let platformReward: string;

function formOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

async function made(owner: RewardOwner, fields: Record<string, string>) {
  const result = await createReward(
    db(),
    owner,
    formOf({ pointsCost: "1500", startsOn: today(), ...fields }),
    null,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.rewardId;
}

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(db());
  dataDir = await mkdtemp(path.join(tmpdir(), "oja-rewards-"));
  env = { DATA_DIR: dataDir };
  ownReward = await made(
    {
      kind: "business",
      businessId: fixtures.business.id,
      actorId: fixtures.userIds.manager,
      request,
    },
    { name: "Free manicure", stock: "10" },
  );
  otherBusinessReward = await made(
    {
      kind: "business",
      businessId: fixtures.otherBusiness.id,
      actorId: fixtures.userIds.ownerOfOther,
      request,
    },
    { name: "Free pedicure", stock: "4" },
  );
  platformReward = await made(
    { kind: "platform", actorId: fixtures.userIds.admin, request },
    { name: "₦500 MTN airtime", kind: "airtime", codes: "MTN-0001\nMTN-0002" },
  );
}, 60_000);

afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const vendorPath = () => `/vendor/${fixtures.business.slug}/rewards`;
const asMember = (cookie: string) => ({
  cookie,
  env,
  pattern: "/vendor/:business/rewards",
  params: { business: fixtures.business.slug },
});
const asAdmin = () => ({ cookie: fixtures.cookies.admin, env, pattern: "/admin/rewards" });

async function rewardRow(id: string) {
  const [row] = await db().select().from(rewards).where(eq(rewards.id, id));
  return row;
}

async function counted() {
  const [rewardCount] = await db().select({ n: count() }).from(rewards);
  const [imageCount] = await db().select({ n: count() }).from(images);
  return { rewards: rewardCount?.n, images: imageCount?.n };
}

type Run = (args: never) => unknown;

describe("who runs rewards", () => {
  test("a business's rewards page and every form on it are for its managers and owners", async () => {
    const business = fixtures.business.slug;
    const check = (run: Run) =>
      expectRoleMatrix(
        db(),
        fixtures,
        { path: vendorPath(), pattern: "/vendor/:business/rewards", params: { business }, run },
        consoleManagersAndOwners,
      );
    await check(vendorRewards.loader);
    await check(posting(vendorRewards.action, { intent: "create", name: "" }));
    await check(posting(vendorRewards.action, { intent: "stock", reward: ownReward, stock: "x" }));
    await check(posting(vendorRewards.action, { intent: "archive", reward: "rwd_nosuchreward0" }));
    expect((await rewardRow(ownReward))?.status).toBe("active");
  });

  test("/admin/rewards and every form on it are for admins only", async () => {
    const check = (run: Run) =>
      expectRoleMatrix(
        db(),
        fixtures,
        { path: "/admin/rewards", pattern: "/admin/rewards", run },
        adminsOnly,
      );
    await check(adminRewards.loader);
    await check(posting(adminRewards.action, { intent: "create", name: "" }));
    await check(
      posting(adminRewards.action, { intent: "codes", reward: platformReward, codes: "" }),
    );
    await check(posting(adminRewards.action, { intent: "archive", reward: "rwd_nosuchreward0" }));
    expect((await rewardRow(platformReward))?.stock).toBe(2);
  });

  test("each list shows only its owner's rewards", async () => {
    const theirs = await getFrom(
      db(),
      vendorRewards,
      vendorPath(),
      asMember(fixtures.cookies.owner),
    );
    const listed = (theirs.data as { rewards: Array<{ id: string }> }).rewards.map((r) => r.id);
    expect(listed).toContain(ownReward);
    expect(listed).not.toContain(otherBusinessReward);
    expect(listed).not.toContain(platformReward);
    const admin = await getFrom(db(), adminRewards, "/admin/rewards", asAdmin());
    const oja = (admin.data as { rewards: Array<{ id: string; kind: string }> }).rewards;
    expect(oja.map((r) => r.id)).toContain(platformReward);
    expect(oja.every((r) => r.kind !== "business")).toBe(true);
  });

  test("another business's reward, or Oja's, is a 404 to the stock and archive forms and stays as it was", async () => {
    for (const reward of [otherBusinessReward, platformReward]) {
      for (const form of [
        { intent: "stock", reward, stock: "0" } as Record<string, string>,
        { intent: "archive", reward },
      ]) {
        const answer = await postTo(
          db(),
          vendorRewards,
          vendorPath(),
          form,
          asMember(fixtures.cookies.manager),
        );
        expect(answer.status).toBe(404);
      }
    }
    expect(await rewardRow(otherBusinessReward)).toMatchObject({ stock: 4, status: "active" });
    expect(await rewardRow(platformReward)).toMatchObject({ stock: 2, status: "active" });
    // Nor can an admin archive or fill a business's reward from the admin page.
    for (const form of [
      { intent: "archive", reward: ownReward } as Record<string, string>,
      { intent: "codes", reward: ownReward, codes: "ABCD-1234" },
    ]) {
      expect((await postTo(db(), adminRewards, "/admin/rewards", form, asAdmin())).status).toBe(
        404,
      );
    }
    expect(await rewardRow(ownReward)).toMatchObject({ stock: 10, status: "active" });
  });
});

describe("a business's rewards in its console", () => {
  test("a manager makes one with a picture; it is listed with it, and the picture is kept", async () => {
    const answer = await postMultipart(
      db(),
      vendorRewards,
      vendorPath(),
      {
        intent: "create",
        name: "Free eyebrow shaping",
        description: "Any weekday, book ahead.",
        pointsCost: "800",
        stock: "",
        perShopperLimit: "1",
        startsOn: today(),
        endsOn: "",
        newImage: await pictureFile("brows.png"),
      },
      asMember(fixtures.cookies.manager),
    );
    expect(answer.status).toBe(302);
    const created = new URL(answer.location ?? "", "http://x").searchParams.get("created") ?? "";
    const row = await rewardRow(created);
    expect(row).toMatchObject({
      businessId: fixtures.business.id,
      kind: "business",
      pointsCost: 800,
      stock: null,
      perShopperLimit: 1,
    });
    expect(row?.imageId).toBeTruthy();
    const [picture] = await db()
      .select()
      .from(images)
      .where(eq(images.id, row?.imageId ?? ""));
    expect(picture?.businessId).toBe(fixtures.business.id);
    // The sweep of pictures nothing shows leaves a reward's alone.
    await deleteUnusedImages(db(), diskMediaStore(mediaDir(readSettings(env))), {
      before: new Date(Date.now() + 60_000),
    });
    expect((await rewardRow(created))?.imageId).toBe(row?.imageId);
    const page = await getFrom(
      db(),
      vendorRewards,
      `${vendorPath()}?created=${created}`,
      asMember(fixtures.cookies.manager),
    );
    const listed = (page.data as { rewards: Array<{ id: string; image: { url: string } | null }> })
      .rewards;
    expect(listed.find((reward) => reward.id === created)?.image?.url).toMatch(/^\/media\//);
  });

  test("bad input answers 400 field by field, keeps what was typed and writes nothing, not even the picture", async () => {
    const before = await counted();
    const answer = await postMultipart(
      db(),
      vendorRewards,
      vendorPath(),
      {
        intent: "create",
        name: "x",
        pointsCost: "0",
        stock: "-3",
        startsOn: "2020-01-01",
        endsOn: "someday",
        newImage: await pictureFile("nope.png"),
      },
      asMember(fixtures.cookies.owner),
    );
    expect(answer.status).toBe(400);
    const { errors, values } = answer.data as {
      errors: Record<string, string>;
      values: Record<string, string>;
    };
    expect(Object.keys(errors).sort()).toEqual([
      "endsOn",
      "name",
      "pointsCost",
      "startsOn",
      "stock",
    ]);
    expect(errors.startsOn).toBe("First day can't be in the past");
    expect(values).toMatchObject({ name: "x", pointsCost: "0", stock: "-3" });
    expect(await counted()).toEqual(before);
  });

  test("the stock is set, emptied for no limit, and a bad one is refused beside its field", async () => {
    const set = (stock: string) =>
      postTo(
        db(),
        vendorRewards,
        vendorPath(),
        { intent: "stock", reward: ownReward, stock },
        asMember(fixtures.cookies.manager),
      );
    expect(await set("5")).toMatchObject({ status: 200, data: { notice: "Saved: 5 left." } });
    expect((await rewardRow(ownReward))?.stock).toBe(5);
    const bad = await set("-1");
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      intent: "stock",
      rewardId: ownReward,
      errors: { stock: expect.any(String) },
    });
    expect((await rewardRow(ownReward))?.stock).toBe(5);
    await set("");
    expect((await rewardRow(ownReward))?.stock).toBeNull();
    await set("10");
  });

  test("archiving takes it out of the shop", async () => {
    const reward = await made(
      {
        kind: "business",
        businessId: fixtures.business.id,
        actorId: fixtures.userIds.owner,
        request,
      },
      { name: "Free hair wash" },
    );
    const answer = await postTo(
      db(),
      vendorRewards,
      vendorPath(),
      { intent: "archive", reward },
      asMember(fixtures.cookies.owner),
    );
    expect(answer.status).toBe(200);
    expect((await rewardRow(reward))?.status).toBe("archived");
  });
});

describe("Oja's rewards on /admin/rewards", () => {
  test("an admin makes an airtime reward from a partner's codes, with a picture of no business", async () => {
    const answer = await postMultipart(
      db(),
      adminRewards,
      "/admin/rewards",
      {
        intent: "create",
        kind: "data",
        name: "1 GB Airtel data",
        description: "Dial *141*PIN# from an Airtel line.",
        pointsCost: "1200",
        perShopperLimit: "",
        category: "",
        startsOn: today(),
        endsOn: "",
        codes: "AIR-1111\n\nAIR-2222\nAIR-1111\n AIR-3333 ",
        newImage: await pictureFile("airtel.png", "#e40000"),
      },
      asAdmin(),
    );
    expect(answer.status).toBe(302);
    const created = new URL(answer.location ?? "", "http://x").searchParams.get("created") ?? "";
    const row = await rewardRow(created);
    expect(row).toMatchObject({ businessId: null, kind: "data", stock: 3, pointsCost: 1200 });
    const [picture] = await db()
      .select()
      .from(images)
      .where(eq(images.id, row?.imageId ?? ""));
    expect(picture).toBeDefined();
    expect(picture?.businessId).toBeNull();
  });

  test("a platform reward needs its kind and its codes; a refused form writes nothing", async () => {
    const before = await counted();
    const answer = await postMultipart(
      db(),
      adminRewards,
      "/admin/rewards",
      {
        intent: "create",
        kind: "cash",
        name: "₦1,000 Glo airtime",
        pointsCost: "1000",
        startsOn: today(),
        endsOn: "31/12/2026",
        category: "cat_nosuchcategory",
        codes: "",
        newImage: await pictureFile("glo.png"),
      },
      asAdmin(),
    );
    expect(answer.status).toBe(400);
    const { errors } = answer.data as { errors: Record<string, string> };
    expect(Object.keys(errors).sort()).toEqual(["codes", "endsOn", "kind"]);
    expect(await counted()).toEqual(before);
    // An unknown category is the server's check after the fields: still nothing written.
    const unknownCategory = await postMultipart(
      db(),
      adminRewards,
      "/admin/rewards",
      {
        intent: "create",
        kind: "airtime",
        name: "₦1,000 Glo airtime",
        pointsCost: "1000",
        startsOn: today(),
        category: "cat_nosuchcategory",
        codes: "GLO-0001",
        newImage: await pictureFile("glo.png"),
      },
      asAdmin(),
    );
    expect(unknownCategory).toMatchObject({
      status: 400,
      data: { errors: { category: "Choose a category from the list" } },
    });
    expect(await counted()).toEqual(before);
  });

  test("codes are added to the pool once each; a bad line is refused beside that reward", async () => {
    const add = (codes: string) =>
      postTo(
        db(),
        adminRewards,
        "/admin/rewards",
        { intent: "codes", reward: platformReward, codes },
        asAdmin(),
      );
    const added = await add("MTN-0002\nMTN-0003\nMTN-0004");
    expect(added).toMatchObject({
      status: 200,
      data: { notice: "Added 2 codes. 1 was in the pool already, so skipped." },
    });
    expect((await rewardRow(platformReward))?.stock).toBe(4);
    const bad = await add("MTN-0005\nnot a code!");
    expect(bad).toMatchObject({
      status: 400,
      data: {
        intent: "codes",
        rewardId: platformReward,
        errors: { codes: expect.stringContaining("isn't a code") },
      },
    });
    const pool = await db()
      .select({ n: count() })
      .from(rewardCodes)
      .where(eq(rewardCodes.rewardId, platformReward));
    expect(pool[0]?.n).toBe(4);
    expect((await rewardRow(platformReward))?.stock).toBe(4);
  });

  test("archiving leaves the pool as it was", async () => {
    const reward = await made(
      { kind: "platform", actorId: fixtures.userIds.admin, request },
      { name: "₦200 9mobile airtime", kind: "airtime", codes: "NINE-0001" },
    );
    const answer = await postTo(
      db(),
      adminRewards,
      "/admin/rewards",
      { intent: "archive", reward },
      asAdmin(),
    );
    expect(answer.status).toBe(200);
    expect(await rewardRow(reward)).toMatchObject({ status: "archived", stock: 1 });
    const free = await db()
      .select({ n: count() })
      .from(rewardCodes)
      .where(and(eq(rewardCodes.rewardId, reward), isNull(rewardCodes.redemptionId)));
    expect(free[0]?.n).toBe(1);
  });
});

describe("a business reward at the till", () => {
  const tillPath = (slug: string) => `/vendor/${slug}/redeem`;
  const atTill = (cookie: string, slug = fixtures.business.slug) => ({
    cookie,
    pattern: "/vendor/:business/redeem",
    params: { business: slug },
  });

  async function redeemedCode(rewardId: string) {
    await db().transaction((tx) =>
      recordPoints(tx, {
        userId: fixtures.userIds.shopper,
        kind: "earn",
        availableDelta: 5000,
        cause: `test:${secretToken()}`,
      }),
    );
    const result = await redeemReward(db(), fixtures.userIds.shopper, {
      rewardId,
      requestKey: secretToken(),
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return formatVoucherCode(result.redemption.code);
  }

  test("staff look the code up and hand it over once; the second time is a 409", async () => {
    const code = await redeemedCode(ownReward);
    const path = tillPath(fixtures.business.slug);
    const lookedUp = await postTo(
      db(),
      redeem,
      path,
      { intent: "look-up", code },
      atTill(fixtures.cookies.staff),
    );
    expect(lookedUp).toMatchObject({
      status: 200,
      data: { reward: { name: "Free manicure", holder: "Matrix", points: 1500, status: "issued" } },
    });
    expect((lookedUp.data as { voucher?: unknown }).voucher).toBeUndefined();
    const handed = await postTo(
      db(),
      redeem,
      path,
      { intent: "use-reward", code },
      atTill(fixtures.cookies.staff),
    );
    expect(handed).toMatchObject({
      status: 200,
      data: { handedOver: true, reward: { status: "used" } },
    });
    const again = await postTo(
      db(),
      redeem,
      path,
      { intent: "use-reward", code },
      atTill(fixtures.cookies.owner),
    );
    expect(again).toMatchObject({
      status: 409,
      data: { message: "This reward was already handed over.", reward: { status: "used" } },
    });
    // Looking it up again shows it used, with when.
    const later = await postTo(
      db(),
      redeem,
      path,
      { intent: "look-up", code },
      atTill(fixtures.cookies.staff),
    );
    expect((later.data as { reward: { usedAt: string | null } }).reward.usedAt).not.toBeNull();
  });

  test("another business's till doesn't know the code: 404 to look-up and hand-over alike", async () => {
    const code = await redeemedCode(ownReward);
    const theirs = tillPath(fixtures.otherBusiness.slug);
    const options = atTill(fixtures.cookies.ownerOfOther, fixtures.otherBusiness.slug);
    const lookedUp = await postTo(db(), redeem, theirs, { intent: "look-up", code }, options);
    expect(lookedUp).toMatchObject({
      status: 404,
      data: { errors: { code: tillMessages.unknown } },
    });
    const handed = await postTo(db(), redeem, theirs, { intent: "use-reward", code }, options);
    expect(handed.status).toBe(404);
    // Still unused at its own business.
    const own = await postTo(
      db(),
      redeem,
      tillPath(fixtures.business.slug),
      { intent: "look-up", code },
      atTill(fixtures.cookies.staff),
    );
    expect((own.data as { reward: { status: string } }).reward.status).toBe("issued");
  });

  test("a code that is nobody's is the till's 404; one that can't be a code is a 400", async () => {
    const path = tillPath(fixtures.business.slug);
    const unknown = await postTo(
      db(),
      redeem,
      path,
      { intent: "look-up", code: "2222-3333-4444-5555" },
      atTill(fixtures.cookies.staff),
    );
    expect(unknown).toMatchObject({
      status: 404,
      data: { errors: { code: tillMessages.unknown } },
    });
    const malformed = await postTo(
      db(),
      redeem,
      path,
      { intent: "look-up", code: "hello" },
      atTill(fixtures.cookies.staff),
    );
    expect(malformed).toMatchObject({
      status: 400,
      data: { errors: { code: tillMessages.malformed } },
    });
  });
});
