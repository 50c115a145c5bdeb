import { mkdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { testHooksHeaders } from "../support/test-hooks.ts";
import {
  expect as baseExpect,
  expectNoHorizontalOverflow,
  openHydrated,
  resourceStatus,
  signIn,
  test,
} from "./fixtures.ts";
import { type OwnedBusiness, ownedBusinessServer } from "./owned-business-server.ts";

/**
 * The bank account a business is paid to (issue 15, decision 026) in Chromium, on a phone and a
 * laptop: the dashboard asks the owner for it, the owner picks the bank and types the NUBAN, the
 * page then shows "GTBank ••••6789"; a changed account replaces it; a typo is told at the field;
 * a manager of the same business gets 404.
 *
 * E2E_SHOTS=/tmp/shots-payouts saves screenshots of the page at 390 and 1280 px.
 */
const shop = ownedBusinessServer("payouts", Number(process.env.E2E_PAYOUTS_PORT ?? 3651));
const { baseURL, owner, manager } = shop;
let business: OwnedBusiness;
test.beforeAll(() => {
  business = shop.business();
});

/** This spec's server is its own, started cold beside others: more patience than 7 s. */
const expect = baseExpect.configure({ timeout: 20_000 });

const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };

async function shoot(page: Page, name: string) {
  await expectNoHorizontalOverflow(page);
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({ path: `${dir}/${name}-${size?.width ?? 0}.png`, fullPage: true });
}

async function signedIn(
  browser: Browser,
  who: { email: string; password: string },
  viewport: typeof phone,
) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    extraHTTPHeaders: testHooksHeaders,
  });
  const page = await context.newPage();
  await signIn(page, who.email, who.password);
  return page;
}

test("on a phone, the owner is asked for a bank account, adds it, and sees it as GTBank ••••6789", async ({
  browser,
}) => {
  const page = await signedIn(browser, owner, phone);
  const base = `/vendor/${business.businessSlug}`;
  await openHydrated(page, base);
  const prompt = page.getByRole("region", { name: "Add the bank account you're paid to" });
  await expect(prompt).toBeVisible();
  await shoot(page, "dashboard-payout-prompt");
  await prompt.getByRole("link", { name: "Add bank account" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/payouts/account$`));
  await expect(page.getByRole("heading", { level: 1, name: "Bank account" })).toBeVisible();
  await expect(page.getByTestId("payout-account")).toContainText("No bank account yet");
  await expect(page.getByTestId("payout-account")).toContainText(
    "Oja receives each payment and pays your share",
  );
  await shoot(page, "payout-account-empty");

  await test.step("a short number is told at the field, and nothing is saved", async () => {
    await page
      .getByRole("combobox", { name: "Bank" })
      .selectOption({ label: "Guaranty Trust Bank" });
    await page.getByRole("textbox", { name: "Account number" }).fill("012345678");
    await page.getByRole("button", { name: "Save bank account" }).click();
    await expect(page.getByText("An account number (NUBAN) is 10 digits")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Account number" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByTestId("payout-account")).toContainText("No bank account yet");
    await shoot(page, "payout-account-error");
  });

  await test.step("the whole number saves, and only its last four digits are shown", async () => {
    await page.getByRole("textbox", { name: "Account number" }).fill("0123456789");
    await page.getByRole("button", { name: "Save bank account" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toContainText(
      "GTBank ••••6789",
    );
    await expect(page.getByTestId("payout-account")).toContainText("Paid to GTBank ••••6789");
    await expect(page.getByTestId("payout-account")).toContainText("Paystack sends your share");
    // The typed number doesn't stay on the page once saved.
    await expect(page.getByRole("textbox", { name: "Account number" })).toHaveValue("");
    await expect(page.getByText("0123456789")).toHaveCount(0);
    await shoot(page, "payout-account-set");
  });

  await openHydrated(page, base);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Add the bank account you're paid to" }),
  ).toHaveCount(0);
  await page.context().close();
});

test("on a laptop, the owner changes the bank account with the keyboard and sees the new one", async ({
  browser,
}) => {
  const page = await signedIn(browser, owner, laptop);
  await openHydrated(page, `/vendor/${business.businessSlug}/payouts/account`);
  await expect(page.getByTestId("payout-account")).toContainText("Paid to GTBank ••••6789");
  await expect(page.getByRole("heading", { name: "Change the bank account" })).toBeVisible();
  await page.getByRole("combobox", { name: "Bank" }).selectOption({ label: "Zenith Bank" });
  await page.getByRole("textbox", { name: "Account number" }).fill("2222 333 344");
  await page.getByRole("textbox", { name: "Account number" }).press("Enter");
  await expect(page.getByTestId("payout-account")).toContainText("Paid to Zenith Bank ••••3344");
  await shoot(page, "payout-account-changed");
  await page.context().close();
});

test("a manager of the same business can't open the bank account page, nor find it in the console", async ({
  browser,
  allowConsoleError,
}) => {
  allowConsoleError(resourceStatus(404));
  for (const viewport of [phone, laptop]) {
    const page = await signedIn(browser, manager, viewport);
    await openHydrated(page, `/vendor/${business.businessSlug}`);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Bank account" })).toHaveCount(0);
    await expect(
      page.getByRole("region", { name: "Add the bank account you're paid to" }),
    ).toHaveCount(0);
    const path = `/vendor/${business.businessSlug}/payouts/account`;
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText(`Page not found: ${path}`, { exact: true })).toBeVisible();
    await page.context().close();
  }
});
