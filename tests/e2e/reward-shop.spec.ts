import type { Locator, Page } from "@playwright/test";
import {
  e2eFixtures,
  e2ePassword,
  e2ePointsShoppers,
  e2eRewardTill,
} from "../support/e2e-fixtures.ts";
import {
  expect,
  expectPopupAmount,
  formatKobo,
  newWatchedContext,
  openHydrated,
  paystackCards,
  payWithCard,
  popupFrame,
  resourceStatus,
  saveShot,
  signIn,
  test,
} from "./fixtures.ts";
import { checkoutOneForPickup, phone, shootPhone } from "./journeys.ts";

/**
 * The reward shop and points at checkout in a browser (issue 23, decisions 056 and 057):
 *
 * 1. A shopper with points opens /rewardShop, searches with a typo ("mtn airtme"), lands on
 *    /rewardShop/search/{term}, opens Oja's MTN airtime, confirms it on /rewardShop/Checkout and
 *    gets a partner's code; the same code is in /profile/rewards, and the balance has dropped by
 *    its cost in the shop's header, the site's header and /rewards. The same Redeem form sent
 *    again (its key unchanged) answers the same redemption and debits nothing.
 * 2. A shopper ticks "Use … points" on /checkout: the offer is the 50% cap, the Pay button and
 *    the popup ask for the rest; a declined card and a cancelled popup leave the order waiting
 *    with its points kept (and off the balance); cancelling the order gives them back.
 * 3. A shopper redeems a business's own reward (found through the shop's "From businesses"),
 *    and that business's staff hand it over at /vendor/{b}/redeem once: a second till that
 *    looked the code up before is told it was already handed over, and the shopper's code shows
 *    as used.
 *
 * Each journey has its own prepared shopper (e2ePointsShoppers), whose balance only this spec
 * moves; balances are read at the start, so a retry (which finds the points its first try
 * spent gone) checks the same differences.
 *
 * E2E_SHOTS=/tmp/shots saves the pages at each step (reward-shop-*).
 */

const desktop = { width: 1280, height: 800 };

/** 12345 → "12,345", written out by hand so the app's formatting is really checked. */
function grouped(points: number): string {
  return String(points).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function headerPoints(page: Page, points: number) {
  return page.getByRole("banner").getByRole("link", { name: `Your points: ${grouped(points)}` });
}

/** The balance the header's points link shows now (the page is open). */
async function readHeaderPoints(page: Page): Promise<number> {
  const link = page.getByRole("banner").getByRole("link", { name: /^Your points: [\d,]+$/ });
  await expect(link).toBeVisible();
  const label = (await link.getAttribute("aria-label")) ?? "";
  return Number(label.replace(/\D/g, ""));
}

/** /rewards: the balance to spend and the header both show `points`. */
async function expectRewardsBalance(page: Page, points: number) {
  await openHydrated(page, "/rewards");
  await expect(page.getByRole("heading", { level: 1, name: "Your points" })).toBeVisible();
  const balance = page.getByRole("region", { name: "Balance" });
  await expect(balance.getByText(grouped(points), { exact: true })).toBeVisible();
  await expect(headerPoints(page, points)).toBeVisible();
}

function latestHistoryEntry(page: Page) {
  return page.getByRole("region", { name: "History" }).getByRole("listitem").first();
}

/** The till's reward card: handed over (its state and when), nothing left to press. */
async function expectHandedOver(found: Locator) {
  await expect(found.getByText("Not used yet", { exact: true })).toHaveCount(0);
  // The state's pill, and the time it was handed over.
  await expect(found.getByText("Handed over", { exact: true })).toHaveCount(2);
  await expect(found.getByRole("button", { name: "Hand over" })).toHaveCount(0);
}

async function signedIn(page: Page, email: string) {
  await signIn(page, email, e2ePassword);
}

test.describe("on a phone", () => {
  test.use({ viewport: phone });

  test("a shopper finds a reward through a misspelt search, redeems it once, and sees the code and the balance everywhere", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const shopper = e2ePointsShoppers.shop;
    const term = "mtn airtme";
    const rewardName = "₦500 MTN airtime";
    const cost = 500;
    await signedIn(page, shopper.email);

    const before =
      await test.step("/rewardShop shows the balance in its header and its banner", async () => {
        await openHydrated(page, "/rewardShop");
        await expect(page.getByRole("heading", { level: 1, name: "Reward shop" })).toBeVisible();
        const points = await readHeaderPoints(page);
        expect(points, "the prepared shopper has points to spend").toBeGreaterThanOrEqual(cost);
        await expect(page.getByRole("main")).toContainText(
          `You have ${grouped(points)} points to spend.`,
        );
        await expect(
          page.getByRole("region", { name: "You can afford" }).getByRole("article").first(),
        ).toBeVisible();
        await shootPhone(page, "reward-shop-front");
        return points;
      });
    const after = before - cost;

    await test.step("a misspelt search lands on /rewardShop/search/{term} and finds the reward", async () => {
      const search = page.getByRole("search", { name: "Search rewards" });
      await search.getByRole("searchbox", { name: "Search rewards" }).fill(term);
      await search.getByRole("searchbox", { name: "Search rewards" }).press("Enter");
      await expect(page).toHaveURL(`/rewardShop/search/${encodeURIComponent(term)}`);
      // The term is in a <q>, whose quotation marks are the stylesheet's.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Rewards for ${term}`);
      const results = page.getByRole("region", { name: "Results" });
      await expect(results.getByRole("link", { name: rewardName, exact: true })).toBeVisible();
      // Every word must match: "mtn" keeps Airtel's airtime out though "airtme" reads like both.
      await expect(results.getByRole("link", { name: "₦1,000 Airtel airtime" })).toHaveCount(0);
      // The site's own header (the default layout) shows the same balance.
      await expect(headerPoints(page, before)).toBeVisible();
      await shootPhone(page, "reward-shop-search");
      await results.getByRole("link", { name: rewardName, exact: true }).click();
    });

    const form =
      await test.step("/rewardShop/Checkout shows the cost and the balance before and after", async () => {
        await expect(page).toHaveURL(/\/rewardShop\/Checkout\?reward=rwd_[0-9a-z]+$/);
        await expect(page.getByRole("heading", { level: 1, name: rewardName })).toBeVisible();
        const points = page.getByRole("region", { name: "Your points" });
        await expect(points).toContainText(`You have${grouped(before)}`);
        await expect(points).toContainText(`This reward\u2212${grouped(cost)}`);
        await expect(points).toContainText(`After redeeming${grouped(after)}`);
        await expect(headerPoints(page, before)).toBeVisible();
        await shootPhone(page, "reward-shop-checkout");
        // The form as it will be sent, to send it a second time below.
        return page.evaluate(() => {
          const field = (name: string) =>
            document.querySelector<HTMLInputElement>(`form input[type=hidden][name=${name}]`)
              ?.value ?? "";
          return { rewardId: field("rewardId"), requestKey: field("requestKey") };
        });
      });
    expect(form.requestKey, "the Redeem form carries its key").toMatch(/^[0-9a-z]{20,32}$/);

    const { code, redeemedUrl } =
      await test.step("Redeem: the partner's code, and the balance down by the cost", async () => {
        await page
          .getByRole("button", { name: `Redeem for ${grouped(cost)} points`, exact: true })
          .click();
        await expect(page).toHaveURL(/\/rewardShop\/Checkout\?redeemed=[0-9a-z_]+$/);
        await expect(page.getByText(`Redeemed: ${rewardName} is yours.`)).toBeVisible();
        await expect(page.getByRole("heading", { level: 1, name: rewardName })).toBeVisible();
        await expect(page.getByText("Your code from Oja's partner:")).toBeVisible();
        // The seed's MTN PINs are 16 digits.
        const shown = page.getByRole("main").getByText(/^\d{16}$/);
        await expect(shown).toHaveCount(1);
        await expect(page.getByRole("main")).toContainText("Dial *311*PIN#");
        await expect(page.getByRole("main")).toContainText(
          `You spent ${grouped(cost)} points. You have ${grouped(after)} points left.`,
        );
        await expect(headerPoints(page, after)).toBeVisible();
        await shootPhone(page, "reward-shop-redeemed");
        return { code: (await shown.textContent())?.trim() ?? "", redeemedUrl: page.url() };
      });

    await test.step("the same Redeem form sent again answers the same redemption and debits nothing", async () => {
      const replayed = await page.evaluate(async (fields) => {
        const body = new FormData();
        body.set("rewardId", fields.rewardId);
        body.set("requestKey", fields.requestKey);
        const response = await fetch("/rewardShop/Checkout", { method: "POST", body });
        return { status: response.status, url: response.url };
      }, form);
      expect(replayed.status).toBe(200);
      expect(replayed.url, "the replay lands on the first press's redemption").toBe(redeemedUrl);
      await openHydrated(page, redeemedUrl);
      await expect(page.getByRole("main").getByText(code, { exact: true })).toBeVisible();
      await expect(headerPoints(page, after)).toBeVisible();
    });

    await test.step("/profile/rewards lists the code once, as issued by Oja", async () => {
      await openHydrated(page, "/profile/rewards");
      await expect(page.getByRole("heading", { level: 1, name: "Your rewards" })).toBeVisible();
      const entry = page.getByRole("article", { name: rewardName }).filter({ hasText: code });
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText(`Oja · ${grouped(cost)} points`);
      await expect(entry.getByText("Issued", { exact: true })).toBeVisible();
      await expect(page.getByRole("main").getByText(code, { exact: true })).toHaveCount(1);
      await expect(headerPoints(page, after)).toBeVisible();
      await shootPhone(page, "reward-shop-profile-rewards");
    });

    await test.step("/rewards shows the balance down by the cost and the spending in the history", async () => {
      await expectRewardsBalance(page, after);
      const latest = latestHistoryEntry(page);
      await expect(latest).toContainText(`Reward: ${rewardName}`);
      await expect(latest).toContainText("Spent");
      await expect(latest).toContainText(`minus ${grouped(cost)} points`);
    });

    await test.step("back in the shop, its header and banner show the new balance", async () => {
      await openHydrated(page, "/rewardShop");
      await expect(headerPoints(page, after)).toBeVisible();
      await expect(page.getByRole("main")).toContainText(
        `You have ${grouped(after)} points to spend.`,
      );
    });
  });

  test("a business's own reward is handed over at its till once", async ({
    page,
    browser,
    baseURL,
    allowConsoleError,
  }) => {
    test.setTimeout(150_000);
    // The second hand-over is answered 409 Conflict, as the till's action should.
    allowConsoleError(resourceStatus(409));
    const shopper = e2ePointsShoppers.till;
    const { business, reward } = e2eFixtures().rewardTill;
    await signedIn(page, shopper.email);

    const code =
      await test.step("the shopper redeems it from the shop's From businesses", async () => {
        await openHydrated(page, "/rewardShop");
        const before = await readHeaderPoints(page);
        await page
          .getByRole("navigation", { name: "Reward shop" })
          .getByRole("link", { name: "From businesses" })
          .click();
        await expect(page).toHaveURL("/rewardShop/browse?kind=business");
        const card = page
          .getByRole("region", { name: "Rewards" })
          .getByRole("article")
          .filter({ hasText: business.name })
          .filter({ has: page.getByRole("link", { name: reward.name, exact: true }) });
        await expect(card).toHaveCount(1);
        await card.getByRole("link", { name: reward.name, exact: true }).click();
        await expect(page).toHaveURL(`/rewardShop/Checkout?reward=${reward.id}`);
        await page
          .getByRole("button", {
            name: `Redeem for ${grouped(reward.pointsCost)} points`,
            exact: true,
          })
          .click();
        await expect(page.getByText(`Redeemed: ${reward.name} is yours.`)).toBeVisible();
        await expect(page.getByRole("main")).toContainText(`Show this code at ${business.name}`);
        // An Oja code, in the vouchers' alphabet, in groups of four, with its QR code.
        const shown = page
          .getByRole("main")
          .getByText(/^([2-9A-HJKMNP-TV-Z]{4}-){3}[2-9A-HJKMNP-TV-Z]{4}$/);
        await expect(shown).toHaveCount(1);
        const text = (await shown.textContent())?.trim() ?? "";
        await expect(page.getByRole("img", { name: `QR code of reward ${text}` })).toBeVisible();
        await expect(headerPoints(page, before - reward.pointsCost)).toBeVisible();
        await shootPhone(page, "reward-shop-business-code");
        return text;
      });

    // The till: two of the business's screens, one (a second till) looking the code up first.
    const staff = await newWatchedContext(browser, { baseURL, viewport: desktop });
    try {
      const till = await staff.newPage();
      await signIn(till, e2eRewardTill.email, e2ePassword);
      const secondTill = await staff.newPage();
      const redeemPath = `/vendor/${business.slug}/redeem`;
      const lookUp = async (at: Page) => {
        await openHydrated(at, redeemPath);
        await at.getByLabel("Voucher or reward code").fill(code.toLowerCase().replaceAll("-", " "));
        await at.getByRole("button", { name: "Look up" }).click();
        const found = at.getByTestId("reward-at-till");
        await expect(found).toBeVisible();
        await expect(found.getByRole("heading", { level: 2, name: reward.name })).toBeVisible();
        await expect(found).toContainText(code);
        await expect(found).toContainText(`For ${shopper.name.split(" ")[0]}`);
        await expect(found).toContainText(`Paid with${grouped(reward.pointsCost)} points`);
        return found;
      };

      await test.step("staff look the code up (typed loosely) and hand the reward over", async () => {
        const waiting = await lookUp(secondTill);
        await expect(waiting.getByText("Not used yet", { exact: true })).toBeVisible();
        const found = await lookUp(till);
        await expect(found.getByText("Not used yet", { exact: true })).toBeVisible();
        await saveShot(till, "reward-shop-till-found-1280");
        await found.getByRole("button", { name: "Hand over" }).click();
        await expect(
          till.getByText(
            `Handed over: ${reward.name} for ${shopper.name.split(" ")[0]}. The code can't be used again.`,
          ),
        ).toBeVisible();
        await expectHandedOver(found);
        await saveShot(till, "reward-shop-till-handed-over-1280");
      });

      await test.step("the second till, pressing Hand over after, is told it was already handed over", async () => {
        await secondTill
          .getByTestId("reward-at-till")
          .getByRole("button", { name: "Hand over" })
          .click();
        await expect(secondTill.getByText("This reward was already handed over.")).toBeVisible();
        await expectHandedOver(secondTill.getByTestId("reward-at-till"));
        await saveShot(secondTill, "reward-shop-till-again-1280");
      });

      await test.step("looked up again, the code shows as handed over, with nothing to press", async () => {
        await expectHandedOver(await lookUp(till));
      });
    } finally {
      await staff.close();
    }

    await test.step("the shopper's rewards show the code as used", async () => {
      await openHydrated(page, "/profile/rewards");
      const entry = page.getByRole("article", { name: reward.name }).filter({ hasText: code });
      await expect(entry).toHaveCount(1);
      await expect(entry.getByText("Used", { exact: true })).toBeVisible();
      await expect(entry).toContainText(`${business.name} · ${grouped(reward.pointsCost)} points`);
      await shootPhone(page, "reward-shop-profile-used");
    });
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: desktop });

  test("points at checkout take up to half, stay kept through a declined card, and come back when the order is cancelled", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const shopper = e2ePointsShoppers.checkout;
    await signedIn(page, shopper.email);
    await openHydrated(page, "/rewards");
    const before = await readHeaderPoints(page);

    // A demo product near the end of the first page (the journeys of journeys.ts buy the last
    // four), whose held unit goes back when the order is cancelled.
    const lineKobo =
      await test.step("one product of the e2e business in the cart, for pickup", () =>
        checkoutOneForPickup(page, 5));

    // 100 points take ₦100 off, at most half of the order: the prepared shopper has more.
    const offered = Math.floor(lineKobo / 2 / 100);
    expect(offered, "the cap, not the balance, limits the offer").toBeLessThan(before);
    const full = formatKobo(lineKobo);
    const rest = formatKobo(lineKobo - offered * 100);

    await test.step("ticking Use points takes them off the total and the Pay button", async () => {
      const usePoints = page.getByRole("checkbox", { name: /^Use [\d,]+ points/ });
      await expect(usePoints).not.toBeChecked();
      await expect(usePoints).toHaveAccessibleName(
        `Use ${grouped(offered)} points: −${formatKobo(offered * 100)} (of your ${grouped(before)}; points pay up to half)`,
      );
      await expect(page.getByRole("button", { name: `Pay ${full}`, exact: true })).toBeEnabled();
      await saveShot(page, "reward-shop-checkout-points-off-1280");
      await usePoints.check();
      await expect(page.getByTestId("checkout-total")).toHaveText(rest);
      await expect(page.getByRole("button", { name: `Pay ${rest}`, exact: true })).toBeEnabled();
      await expect(page.getByRole("button", { name: `Pay ${full}`, exact: true })).toHaveCount(0);
      await saveShot(page, "reward-shop-checkout-points-on-1280");
    });

    const checkoutUrl =
      await test.step("the popup asks for the rest; the declined card pays nothing", async () => {
        await page.getByRole("button", { name: `Pay ${rest}`, exact: true }).click();
        await expectPopupAmount(page, rest);
        await payWithCard(page, paystackCards.declined, rest);
        await expect(popupFrame(page).getByRole("alert")).toContainText("Payment declined");
        await popupFrame(page).getByRole("button", { name: "Cancel payment" }).click();
        await expect(
          page.getByText("Payment not completed. Your order is saved: pay when you're ready."),
        ).toBeVisible();
        await expect(page).toHaveURL(/\/checkout\/chk_[0-9a-z]{16}$/);
        await expect(
          page.getByRole("heading", { level: 1, name: "Your order waits for payment" }),
        ).toBeVisible();
        await expect(page.getByTestId("checkout-points")).toHaveText(
          `Your ${grouped(offered)} points (${formatKobo(offered * 100)} off) are kept for this order: cancel it, or let the time to pay run out, and they come back.`,
        );
        await expect(page.getByRole("button", { name: `Pay ${rest}`, exact: true })).toBeVisible();
        await saveShot(page, "reward-shop-checkout-waiting-1280");
        return page.url();
      });

    await test.step("while the order waits, its points are off the balance", async () => {
      await expectRewardsBalance(page, before - offered);
      const latest = latestHistoryEntry(page);
      await expect(latest).toContainText("Points off an order");
      await expect(latest).toContainText(`minus ${grouped(offered)} points`);
    });

    await test.step("cancelling the order gives the points back", async () => {
      await openHydrated(page, checkoutUrl);
      await page.getByRole("button", { name: "Cancel order" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "This order was not completed" }),
      ).toBeVisible();
      await expect(page.getByTestId("checkout-points")).toHaveText(
        `Your ${grouped(offered)} points (${formatKobo(offered * 100)} off) are back with you.`,
      );
      await saveShot(page, "reward-shop-checkout-cancelled-1280");
      await expectRewardsBalance(page, before);
      const latest = latestHistoryEntry(page);
      await expect(latest).toContainText("Points back: the order wasn't paid");
      await expect(latest).toContainText(`plus ${grouped(offered)} points`);
      await saveShot(page, "reward-shop-rewards-after-cancel-1280");
    });
  });
});
