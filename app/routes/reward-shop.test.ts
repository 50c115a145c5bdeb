import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exportPersonalData } from "#app/auth/personal-data.server.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { recordPoints, walletOf } from "#app/points/ledger.server.ts";
import { pointsEntries } from "#app/points/schema.server.ts";
import { rewardCodes, rewardRedemptions, rewards } from "#app/reward-shop/schema.server.ts";
import { getFrom, postTo, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import * as profile from "./profile.tsx";
import * as profileRewards from "./profile-rewards.tsx";
import * as shop from "./reward-shop.tsx";
import * as browse from "./reward-shop-browse.tsx";
import * as checkout from "./reward-shop-checkout.tsx";
import * as search from "./reward-shop-search.tsx";
import * as shopCategory from "./shop-category.tsx";

/**
 * The shopper's half of the reward shop (issue 23) through its loaders and actions, as the browser
 * reaches them: the shop's lists show only what is on offer, filters that can't be answer 400, a
 * redemption debits once however often its form is sent, and a code is only its shopper's.
 */
let database: DatabaseHandle;
const db = () => database.db;
const today = lagosToday(new Date());
const ids = {} as Record<
  "airtime" | "data" | "manicure" | "archived" | "future" | "soldOut" | "closed" | "once",
  string
>;
let spas: { id: string; slug: string };

beforeAll(async () => {
  database = await createTestDatabase();
  spas = await createCategory(db(), { slug: "spas-wellness", name: "Spas & Wellness" });
  const ewa = await createBusiness(db(), { categoryId: spas.id, name: "Ewa Spa", slug: "ewa-spa" });
  const shut = await createBusiness(db(), {
    categoryId: spas.id,
    name: "Shut Spa",
    slug: "shut-spa",
    status: "suspended",
  });
  ids.airtime = await platform("₦500 MTN airtime", "airtime", 500, 3);
  ids.data = await platform("1GB Glo data", "data", 800, 5);
  ids.manicure = await business(ewa.id, "Free manicure", 1_500, 10);
  ids.once = await business(ewa.id, "Free pedicure", 300, null, { perShopperLimit: 1 });
  ids.archived = await platform("Old airtime", "airtime", 100, 2, { status: "archived" });
  ids.future = await platform("Next month's data", "data", 100, 2, { startsOn: "2099-01-01" });
  ids.soldOut = await business(ewa.id, "Gone facial", 100, 0);
  ids.closed = await business(shut.id, "Closed massage", 100, null);
}, 60_000);

afterAll(() => database.close());

async function platform(
  name: string,
  kind: "airtime" | "data",
  pointsCost: number,
  codes: number,
  fields: Partial<typeof rewards.$inferInsert> = {},
) {
  const id = newId("rwd");
  await db()
    .insert(rewards)
    .values({ id, kind, name, pointsCost, stock: codes, startsOn: today, ...fields });
  for (let n = 0; n < codes; n += 1) {
    await db()
      .insert(rewardCodes)
      .values({ id: newId("rwc"), rewardId: id, code: `PIN-${id.slice(-6)}-${n}` });
  }
  return id;
}

async function business(
  businessId: string,
  name: string,
  pointsCost: number,
  stock: number | null,
  fields: Partial<typeof rewards.$inferInsert> = {},
) {
  const id = newId("rwd");
  await db()
    .insert(rewards)
    .values({
      id,
      businessId,
      kind: "business",
      name,
      description: "Show the code at the front desk.",
      categoryId: spas.id,
      pointsCost,
      stock,
      startsOn: today,
      ...fields,
    });
  return id;
}

async function shopperWith(points: number) {
  const person = await signUpAs(db());
  if (points > 0) {
    await db().transaction((tx) =>
      recordPoints(tx, {
        userId: person.userId,
        kind: "earn",
        availableDelta: points,
        cause: `test:${person.userId}`,
      }),
    );
  }
  return person;
}

const as = (person: TestAccount | null) => ({ cookie: person?.cookie });
const names = (items: Array<{ name: string }>) => items.map((item) => item.name).sort();
const live = ["1GB Glo data", "Free manicure", "Free pedicure", "₦500 MTN airtime"];

describe("/rewardShop", () => {
  test("lists only what is on offer: not archived, started, not sold out, its business open", async () => {
    const page = await getFrom(db(), shop, "/rewardShop");
    expect(page.status).toBe(200);
    const data = page.data as Awaited<ReturnType<typeof shop.loader>>;
    expect(names(data.featured)).toEqual(live);
    expect(data.balance).toBeNull();
    expect(data.affordable).toEqual([]);
    expect(data.kinds).toEqual([
      { kind: "airtime", label: "Airtime", count: 1 },
      { kind: "data", label: "Data bundles", count: 1 },
      { kind: "business", label: "From businesses", count: 2 },
    ]);
  });

  test("shows a shopper's balance and what it affords", async () => {
    const ada = await shopperWith(900);
    const data = (await getFrom(db(), shop, "/rewardShop", as(ada))).data as Awaited<
      ReturnType<typeof shop.loader>
    >;
    expect(data.balance).toBe(900);
    expect(names(data.affordable)).toEqual(["1GB Glo data", "Free pedicure", "₦500 MTN airtime"]);
  });

  test("sends its search box's term to the term's own page", async () => {
    expect(await getFrom(db(), shop, "/rewardShop?q=%20mtn%20airtime%20")).toMatchObject({
      status: 302,
      location: "/rewardShop/search/mtn%20airtime",
    });
    expect(await getFrom(db(), shop, "/rewardShop?q=%20")).toMatchObject({
      status: 302,
      location: "/rewardShop",
    });
  });
});

describe("/rewardShop/browse", () => {
  type Page = Awaited<ReturnType<typeof browse.loader>>;
  const open = async (query: string, person: TestAccount | null = null) =>
    getFrom(db(), browse, `/rewardShop/browse${query}`, as(person));

  test("filters by kind and most points, and sorts", async () => {
    const kind = (await open("?kind=business")).data as Page;
    expect(names(kind.items)).toEqual(["Free manicure", "Free pedicure"]);
    const cheap = (await open("?max=500&sort=points-desc")).data as Page;
    expect(cheap.items.map((item) => item.name)).toEqual(["₦500 MTN airtime", "Free pedicure"]);
    const category = (await open("?category=spas-wellness")).data as Page;
    expect(names(category.items)).toEqual(["Free manicure", "Free pedicure"]);
  });

  test("“what I can afford” is the shopper's balance, and asks a guest to sign in", async () => {
    const ada = await shopperWith(600);
    const page = (await open("?max=afford", ada)).data as Page;
    expect(names(page.items)).toEqual(["Free pedicure", "₦500 MTN airtime"]);
    expect(await open("?max=afford")).toMatchObject({
      status: 302,
      location: "/Login?redirectTo=%2FrewardShop%2Fbrowse%3Fmax%3Dafford",
    });
  });

  test.each([
    ["?kind=cars", "kind"],
    ["?max=3", "max"],
    ["?sort=cheapest", "sort"],
    ["?after=abc", "after"],
    ["?after=99999999", "after"],
    ["?category=no-such-thing", "category"],
  ])("answers 400 naming the filter for %s", async (query, name) => {
    const answer = await open(query);
    expect(answer.status).toBe(400);
    expect((answer.data as { message: string }).message).toMatch(new RegExp(`^${name}: `));
  });
});

describe("/rewardShop/search/{term}", () => {
  const find = (term: string, query = "") =>
    getFrom(db(), search, `/rewardShop/search/${encodeURIComponent(term)}${query}`, {
      pattern: "/rewardShop/search/:id",
      params: { id: term },
    });

  test("finds rewards on offer by their words, a typo forgiven, and never what isn't on offer", async () => {
    const typo = (await find("airtme")).data as { items: Array<{ name: string }> };
    expect(names(typo.items)).toEqual(["₦500 MTN airtime"]);
    const facial = (await find("facial")).data as { items: unknown[] };
    expect(facial.items).toEqual([]);
  });

  test("answers 400 for a page that can't be", async () => {
    expect((await find("airtime", "?after=-1")).status).toBe(400);
  });
});

describe("/rewardShop/Checkout", () => {
  type Page = Awaited<ReturnType<typeof checkout.loader>>["data"];
  const open = async (query: string, person: TestAccount | null) => {
    const answer = await getFrom(db(), checkout, `/rewardShop/Checkout${query}`, as(person));
    return { ...answer, page: answer.data as Page };
  };
  const redeem = (person: TestAccount | null, form: Record<string, string>) =>
    postTo(db(), checkout, "/rewardShop/Checkout", form, as(person));

  test("without a reward asks to choose one, also for a guest", async () => {
    expect((await open("", null)).page).toEqual({ state: "choose", signedIn: false });
  });

  test("sends a guest to sign in, and back to this reward", async () => {
    expect(await open(`?reward=${ids.airtime}`, null)).toMatchObject({
      status: 302,
      location: `/Login?redirectTo=${encodeURIComponent(`/rewardShop/Checkout?reward=${ids.airtime}`)}`,
    });
    expect(await redeem(null, { rewardId: ids.airtime, requestKey: "x" })).toMatchObject({
      status: 302,
      location: "/Login?redirectTo=%2FrewardShop%2FCheckout",
    });
  });

  test("answers 404 for a reward that doesn't exist or whose business is closed", async () => {
    const ada = await shopperWith(0);
    expect((await open("?reward=rwd_nosuchthing", ada)).status).toBe(404);
    expect((await open(`?reward=${ids.closed}`, ada)).status).toBe(404);
  });

  test("shows the balance before and after, then redeems once however often the form is sent", async () => {
    const ada = await shopperWith(1_000);
    const confirm = await open(`?reward=${ids.airtime}`, ada);
    expect(confirm.page).toMatchObject({
      state: "confirm",
      reward: { name: "₦500 MTN airtime", pointsCost: 500, left: 3, business: null },
      balance: 1_000,
      after: 500,
      refusal: null,
    });
    const key = (confirm.page as { requestKey: string }).requestKey;
    const form = { rewardId: ids.airtime, requestKey: key };
    const [first, second] = await Promise.all([redeem(ada, form), redeem(ada, form)]);
    const third = await redeem(ada, form);
    expect(first.status).toBe(302);
    expect(second.location).toBe(first.location);
    expect(third.location).toBe(first.location);
    expect(first.location).toMatch(/^\/rewardShop\/Checkout\?redeemed=rdm_/);
    expect(await walletOf(db(), ada.userId)).toMatchObject({ available: 500 });
    const spends = await db()
      .select()
      .from(pointsEntries)
      .where(eq(pointsEntries.userId, ada.userId));
    expect(spends.filter((entry) => entry.kind === "spend")).toHaveLength(1);

    const done = await open(String(first.location).slice("/rewardShop/Checkout".length), ada);
    expect(done.page).toMatchObject({
      state: "redeemed",
      redemption: { name: "₦500 MTN airtime", points: 500, code: expect.stringMatching(/^PIN-/) },
      qr: null,
      balance: 500,
    });
  });

  test("a business's reward gives an Oja code in groups of four with its QR", async () => {
    const ada = await shopperWith(2_000);
    const confirm = await open(`?reward=${ids.manicure}`, ada);
    const key = (confirm.page as { requestKey: string }).requestKey;
    const answer = await redeem(ada, { rewardId: ids.manicure, requestKey: key });
    const done = await open(String(answer.location).slice("/rewardShop/Checkout".length), ada);
    expect(done.page).toMatchObject({
      state: "redeemed",
      redemption: {
        business: { slug: "ewa-spa", name: "Ewa Spa" },
        shownCode: expect.stringMatching(/^[2-9A-Z]{4}(-[2-9A-Z]{4}){3}$/),
      },
      qr: { size: expect.any(Number), path: expect.any(String) },
      howToUse: "Show the code at the front desk.",
    });
  });

  test("another shopper's redemption is a 404, as an unknown one is", async () => {
    const ada = await shopperWith(1_000);
    const bola = await shopperWith(1_000);
    const key = ((await open(`?reward=${ids.data}`, ada)).page as { requestKey: string })
      .requestKey;
    const answer = await redeem(ada, { rewardId: ids.data, requestKey: key });
    const query = String(answer.location).slice("/rewardShop/Checkout".length);
    expect((await open(query, ada)).status).toBe(200);
    expect((await open(query, bola)).status).toBe(404);
    expect((await open("?redeemed=rdm_nosuchthing", ada)).status).toBe(404);
  });

  test("says why a reward can't be had, greys the button, and the press answers 409 with the same words", async () => {
    const poor = await shopperWith(100);
    const page = await open(`?reward=${ids.manicure}`, poor);
    const message = "This reward needs 1,500 points; you have 100 to spend.";
    expect(page.page).toMatchObject({ after: null, refusal: message });
    const key = (page.page as { requestKey: string }).requestKey;
    expect(await redeem(poor, { rewardId: ids.manicure, requestKey: key })).toMatchObject({
      status: 409,
      data: { errors: { form: message } },
    });
    expect(await walletOf(db(), poor.userId)).toMatchObject({ available: 100 });

    const soldOut = await open(`?reward=${ids.soldOut}`, poor);
    expect(soldOut.page).toMatchObject({ refusal: "This reward has all gone." });
    const archived = await open(`?reward=${ids.archived}`, poor);
    expect(archived.page).toMatchObject({ refusal: "This reward isn't on offer now." });
    expect(
      await redeem(poor, { rewardId: ids.archived, requestKey: key.replace(/.$/, "0") }),
    ).toMatchObject({ status: 409, data: { errors: { form: "This reward isn't on offer now." } } });

    const once = await shopperWith(1_000);
    const first = ((await open(`?reward=${ids.once}`, once)).page as { requestKey: string })
      .requestKey;
    await redeem(once, { rewardId: ids.once, requestKey: first });
    expect((await open(`?reward=${ids.once}`, once)).page).toMatchObject({
      refusal: "You have had this reward already: it is once per shopper.",
    });
  });

  test("a form without its key is refused with 400", async () => {
    const ada = await shopperWith(1_000);
    expect(await redeem(ada, { rewardId: ids.airtime })).toMatchObject({
      status: 400,
      data: { errors: { form: "This page is out of date. Reload it and press Redeem again." } },
    });
  });

  test("is private to the shopper", () => {
    expect(checkout.headers()).toEqual({ "Cache-Control": "private, no-store" });
  });
});

describe("the shopper's rewards", () => {
  test("/profile/rewards lists their own redemptions with codes; /profile counts them; the data export has them", async () => {
    const ada = await shopperWith(3_000);
    const bola = await shopperWith(2_000);
    for (const [person, rewardId] of [
      [ada, ids.data],
      [ada, ids.manicure],
      [bola, ids.data],
    ] as const) {
      const key = (
        (await getFrom(db(), checkout, `/rewardShop/Checkout?reward=${rewardId}`, as(person)))
          .data as { requestKey: string }
      ).requestKey;
      await postTo(
        db(),
        checkout,
        "/rewardShop/Checkout",
        { rewardId, requestKey: key },
        as(person),
      );
    }
    const list = (await getFrom(db(), profileRewards, "/profile/rewards", as(ada))).data as {
      redemptions: Array<{ name: string; code: string; business: { name: string } | null }>;
    };
    expect(list.redemptions.map((row) => [row.name, row.business?.name ?? null])).toEqual([
      ["Free manicure", "Ewa Spa"],
      ["1GB Glo data", null],
    ]);
    const own = await db()
      .select({ code: rewardRedemptions.code })
      .from(rewardRedemptions)
      .where(eq(rewardRedemptions.userId, ada.userId));
    expect(list.redemptions.map((row) => row.code.replaceAll("-", "")).sort()).toEqual(
      own.map((row) => row.code.replaceAll("-", "")).sort(),
    );
    expect(await getFrom(db(), profileRewards, "/profile/rewards")).toMatchObject({
      status: 302,
      location: "/Login?redirectTo=%2Fprofile%2Frewards",
    });

    const account = (await getFrom(db(), profile, "/profile", as(ada))).data as {
      rewards: { any: boolean; line: string };
    };
    expect(account.rewards).toEqual({
      any: true,
      line: "2 rewards redeemed with your points, 1 ready to use at a business.",
    });

    const exported = await exportPersonalData(db(), ada.userId);
    expect(exported?.rewardsRedeemed.map((row) => [row.reward, row.business, row.points])).toEqual([
      ["1GB Glo data", null, 800],
      ["Free manicure", "Ewa Spa", 1_500],
    ]);
  });
});

describe("/shop/{category}", () => {
  test("shows the category's rewards on offer beside its products", async () => {
    const page = (await getFrom(db(), shopCategory, "/shop/spas-wellness", {
      pattern: "/shop/:id",
      params: { id: "spas-wellness" },
    })) as { data: { rewards: { items: Array<{ name: string }>; more: boolean } } };
    expect(names(page.data.rewards.items)).toEqual(["Free manicure", "Free pedicure"]);
    expect(page.data.rewards.more).toBe(false);
  });
});
