import type { Page } from "@playwright/test";
import { e2ePassword, e2eSharedShoppers } from "../support/e2e-accounts.ts";
import {
  createAccount,
  expect,
  expectNoHorizontalOverflow,
  followEmailLink,
  newAccountDetails,
  newWatchedContext,
  openHydrated,
  openLatestEmail,
  sandboxedEmailFrame,
  test,
} from "./fixtures.ts";

/**
 * Points screens (issue 20): a new shopper confirms their email, claims the 200-point welcome
 * bonus on /first-rewards once (a second claim, from a page without JavaScript, is told it was
 * already claimed), and sees it on /rewards and in the header; /benefits explains the tiers;
 * /rewards sends a guest to sign in. Every page is checked for sideways scrolling on a phone and
 * a desktop.
 *
 * E2E_SHOTS=/tmp/shots-e2e saves screenshots of the three pages at both sizes.
 */
const viewports = [
  { label: "phone", width: 390, height: 844 },
  { label: "desktop", width: 1280, height: 800 },
];

async function fits(page: Page, name: string) {
  await expectNoHorizontalOverflow(page);
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/points-${name}.png`, fullPage: true });
}

test("a new shopper claims the welcome bonus once and sees it on /rewards and in the header", async ({
  page,
  browser,
  baseURL,
  allowConsoleError,
}) => {
  test.setTimeout(90_000);
  // The trace recorder of a retried test adds a script to the mailbox's sandboxed email frame.
  allowConsoleError(sandboxedEmailFrame);
  const account = newAccountDetails("points");

  await test.step("a new account must confirm its email before claiming", async () => {
    await createAccount(page, account);
    await openHydrated(page, "/first-rewards");
    await expect(
      page.getByRole("heading", { level: 1, name: "200 points to start with" }),
    ).toBeVisible();
    await expect(page.getByText("Confirm your email address to claim")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Claim/ })).toHaveCount(0);
    await fits(page, "first-rewards-unconfirmed");
    await openLatestEmail(page, account.email, "Confirm your email for Oja");
    await followEmailLink(page, /\/CreateAccount\/verify\?token=/);
    await expect(page.getByRole("heading", { level: 1, name: "Email confirmed" })).toBeVisible();
  });

  // A second page, without JavaScript, opened before the claim: its button still shows.
  const noScript = await newWatchedContext(browser, {
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const stale = await noScript.newPage();
    await stale.goto("/first-rewards");
    await expect(stale.getByRole("button", { name: "Claim 200 points" })).toBeVisible();

    await test.step("claim: 200 points, and the balance with a way to /rewards", async () => {
      await openHydrated(page, "/first-rewards");
      await fits(page, "first-rewards-ready");
      await page.getByRole("button", { name: "Claim 200 points" }).click();
      await expect(page.getByRole("status")).toHaveText(
        "Done: 200 points are yours, ready to spend.",
      );
      await expect(page.getByText("Your welcome bonus is claimed.")).toBeVisible();
      await expect(page.getByText("200 points to spend")).toBeVisible();
      await expect(page.getByRole("button", { name: /^Claim/ })).toHaveCount(0);
      // The shop's cheapest rewards follow, each leading to its redemption.
      const starters = page.getByRole("region", { name: "Starter rewards" });
      await expect(starters.getByRole("listitem").first()).toBeVisible();
      await expect(
        starters.locator('a[href^="/rewardShop/Checkout?reward="]').first(),
      ).toBeVisible();
    });

    await test.step("claiming again (a plain form post) is told it was already claimed", async () => {
      await stale.getByRole("button", { name: "Claim 200 points" }).click();
      await expect(stale.getByRole("status")).toHaveText(
        "You already claimed your welcome bonus: it is once per person, so nothing more was added.",
      );
      await expect(stale.getByText("200 points to spend")).toBeVisible();
    });
  } finally {
    await noScript.close();
  }

  await test.step("/rewards shows 200 to spend and the history entry; the header the balance", async () => {
    await page.getByRole("link", { name: "See your points" }).click();
    await expect(page).toHaveURL("/rewards");
    await expect(page.getByRole("heading", { level: 1, name: "Your points" })).toBeVisible();
    const balance = page.getByRole("region", { name: "Balance" });
    await expect(balance.getByText("To spend")).toBeVisible();
    await expect(balance.getByText("200", { exact: true })).toBeVisible();
    await expect(balance.getByText("0 points", { exact: true })).toBeVisible();
    const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
    await expect(history).toHaveCount(1);
    await expect(history.first()).toContainText("Welcome bonus");
    await expect(history.first()).toContainText("Earned");
    await expect(history.first()).toContainText("plus 200 points");
    await expect(page.getByRole("region", { name: "Your tier" })).toContainText(
      "1,800 points more to reach Silver",
    );
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Your points: 200" })).toBeVisible();
    // The welcome bonus is claimed: the ways to earn say so instead of offering it.
    await expect(page.getByRole("region", { name: "Ways to earn" })).toContainText("Claimed");
  });

  await test.step("the pages fit a phone and a desktop", async () => {
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await openHydrated(page, "/rewards");
      await fits(page, `rewards-${viewport.label}`);
      await openHydrated(page, "/first-rewards");
      await fits(page, `first-rewards-claimed-${viewport.label}`);
    }
  });
});

test("/benefits explains the three tiers and the earning rules, to anyone", async ({ page }) => {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await openHydrated(page, "/benefits");
    await expect(
      page.getByRole("heading", { level: 1, name: "How Oja points work" }),
    ).toBeVisible();
    const tiers = page.getByRole("region", { name: "Tiers" }).getByRole("listitem");
    await expect(tiers).toHaveCount(3);
    await expect(tiers.nth(0)).toContainText("BronzeEvery shopper starts here");
    await expect(tiers.nth(1)).toContainText("SilverFrom 2,000 points");
    await expect(tiers.nth(2)).toContainText("GoldFrom 10,000 points");
    const earn = page.getByRole("region", { name: "Ways to earn" });
    await expect(earn).toContainText("1 point per ₦100");
    await expect(earn).toContainText("200 points, once");
    await expect(page.getByRole("region", { name: "No points for reviews" })).toBeVisible();
    await fits(page, `benefits-${viewport.label}`);
  }
});

test("a guest opening /rewards is sent to sign in; /first-rewards shows what they would get", async ({
  page,
}) => {
  await openHydrated(page, "/rewards");
  await expect(page).toHaveURL("/Login?redirectTo=%2Frewards");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await openHydrated(page, "/first-rewards");
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      "/CreateAccount?redirectTo=%2Ffirst-rewards",
    );
    await expect(page.getByRole("link", { name: "Sign in to claim" })).toHaveAttribute(
      "href",
      "/Login?redirectTo=%2Ffirst-rewards",
    );
    await fits(page, `first-rewards-guest-${viewport.label}`);
  }
});

test("a shopper with no points yet sees an empty history and the bonus to claim", async ({
  page,
}) => {
  // A prepared shopper no worker is given (their own may have paid orders, and points, by now).
  await openHydrated(page, "/Login?redirectTo=%2Frewards");
  await page.getByLabel("Email", { exact: true }).fill(e2eSharedShoppers.email(37));
  await page.getByLabel("Password", { exact: true }).fill(e2ePassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/rewards");
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await openHydrated(page, "/rewards");
    await expect(page.getByText("No points yet")).toBeVisible();
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Your points: 0" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Claim your 200 welcome points" })).toHaveAttribute(
      "href",
      "/first-rewards",
    );
    await fits(page, `rewards-empty-${viewport.label}`);
  }
});
