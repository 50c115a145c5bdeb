import { mkdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { testHooksHeaders } from "../support/test-hooks.ts";
import {
  createAccount,
  expect,
  expectNoHorizontalOverflow,
  followEmailLink,
  newAccountDetails,
  openHydrated,
  openLatestEmail,
  sandboxedEmailFrame,
  signIn,
  submitSignIn,
  test,
  waitForHydration,
} from "./fixtures.ts";
import { type OwnedBusiness, ownedBusinessServer } from "./owned-business-server.ts";

/**
 * The vendor console's orders and members (issue 7, decision 018) in Chromium: a shopper buys
 * from a demo business → its owner sees the order on the dashboard, marks it fulfilled → the
 * shopper's "on its way" email arrives in the dev mailbox. Then the owner invites a manager (and
 * revokes an invitation sent to a mistyped address), who joins from the email's link and sees
 * the console without its Members section. The first journey goes on after fulfilment: the owner
 * refunds part of the order (the shopper's page says "Partly refunded"), then the rest (decision
 * 027).
 *
 * The demo data has no members, and the embedded database can't be written while a server holds
 * it, so this spec runs a server of its own (tests/support/e2e-vendor-server.ts) whose data dir
 * gets an owner for one demo business, through Better Auth, before the server starts.
 *
 * E2E_SHOTS=/tmp/shots-vendor saves screenshots of the console at 390 and 1280 px.
 */
const shop = ownedBusinessServer("vendor", Number(process.env.E2E_VENDOR_PORT ?? 3645));
const { baseURL, owner } = shop;
let business: OwnedBusiness;
test.beforeAll(() => {
  business = shop.business();
});

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/**
 * The console page fits a phone (its section tabs once stretched it to 618 px), and screenshots
 * at both widths when E2E_SHOTS names a folder.
 */
async function shoot(page: Page, name: string) {
  await expectNoHorizontalOverflow(page);
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const [label, size] of [
    ["390", phone],
    ["1280", desktop],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${dir}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(phone);
}

async function signedInPage(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: phone,
    extraHTTPHeaders: testHooksHeaders,
  });
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

const orderNumber = /OJA-[2-9A-HJKMNP-TV-Z]{8}/;

/** "₦1,234.50" as 1234.5. */
const naira = (text: string) => Number(text.replace(/[₦,\s]/g, ""));

test("a shopper buys; the owner sees the order on the dashboard, marks it fulfilled, the shopper is emailed; then the owner refunds part of it and the rest", async ({
  page,
  browser,
  allowConsoleError,
}) => {
  allowConsoleError(sandboxedEmailFrame);
  await page.setViewportSize(phone);
  const shopper = newAccountDetails("vendor-shopper");
  await createAccount(page, shopper);

  const number = await test.step("the shopper buys one product with delivery", async () => {
    await openHydrated(page, `/${business.businessSlug}/products/${business.productSlug}`);
    await page.getByRole("button", { name: "Add to cart", exact: true }).click();
    await expect(page.getByText(`${business.productName} added to your cart`)).toBeVisible();
    await openHydrated(page, "/cart");
    await page
      .getByRole("complementary", { name: "Summary" })
      .getByRole("link", { name: "Checkout" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await page.getByLabel("Phone", { exact: true }).fill("0803 123 4567");
    const address = page.getByRole("region", { name: "Delivery address" });
    await address.getByLabel("Street address", { exact: true }).fill("12 Admiralty Way");
    await address.getByLabel("City", { exact: true }).fill(business.businessCity);
    await address.getByLabel("State", { exact: true }).fill("Lagos");
    await expect(page.getByTestId("delivery-fee")).toBeVisible();
    await page.getByRole("button", { name: /^Pay ₦/ }).click();
    const frame = page.frameLocator('iframe[title="Paystack test payment"]');
    await frame.getByRole("button", { name: "Use card 4084 0840 8408 4081", exact: true }).click();
    await frame.getByRole("button", { name: /^Pay ₦/ }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Thank you: your payment went through" }),
    ).toBeVisible();
    const text = await page
      .getByTestId("checkout-order")
      .getByText(orderNumber)
      .first()
      .textContent();
    expect(text).toMatch(orderNumber);
    return text?.trim() ?? "";
  });
  const checkoutPath = new URL(page.url()).pathname;
  expect(checkoutPath).toMatch(/^\/checkout\/chk_[0-9a-z]{16}$/);

  const ownerPage = await signedInPage(browser, owner.email, owner.password);
  await test.step("the owner's dashboard lists it to fulfil and counts it in today's sales", async () => {
    await openHydrated(ownerPage, `/vendor/${business.businessSlug}`);
    await expect(ownerPage.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(ownerPage.getByTestId("sales-today")).toContainText("1 order");
    const toFulfil = ownerPage.getByRole("region", { name: /^To fulfil/ });
    await expect(toFulfil).toContainText(number);
    await shoot(ownerPage, "dashboard");
    await toFulfil.getByRole("link", { name: new RegExp(number) }).click();
  });

  await test.step("the order's page shows the buyer and delivery; marking it fulfilled says the shopper was emailed", async () => {
    await expect(ownerPage).toHaveURL(`/vendor/${business.businessSlug}/orders/${number}`);
    await expect(
      ownerPage.getByRole("heading", { level: 1, name: `Order ${number}` }),
    ).toBeVisible();
    await expect(ownerPage.getByRole("region", { name: "Buyer" })).toContainText(shopper.email);
    await expect(ownerPage.getByRole("region", { name: "Delivery" })).toContainText(
      `12 Admiralty Way, ${business.businessCity}, Lagos`,
    );
    await expect(ownerPage.getByRole("region", { name: "Items" })).toContainText(
      `1 × ${business.productName}`,
    );
    await shoot(ownerPage, "order-paid");
    await ownerPage.getByRole("button", { name: "Mark fulfilled" }).click();
    await expect(ownerPage.getByText("Marked fulfilled. The shopper was emailed.")).toBeVisible();
    await expect(ownerPage.getByRole("region", { name: "History" })).toContainText("Fulfilled");
    await expect(ownerPage.getByRole("button", { name: "Mark fulfilled" })).toHaveCount(0);
    await shoot(ownerPage, "order-fulfilled");
  });

  await test.step("the orders list shows it as fulfilled, and the filter finds it", async () => {
    await openHydrated(ownerPage, `/vendor/${business.businessSlug}/orders`);
    await ownerPage.getByLabel("Status").selectOption("fulfilled");
    await ownerPage.getByRole("button", { name: "Show" }).click();
    await expect(ownerPage).toHaveURL(/\?status=fulfilled$/);
    const list = ownerPage.getByRole("list", { name: "Orders" });
    await expect(list.getByRole("link").filter({ hasText: number })).toContainText("Fulfilled");
    await shoot(ownerPage, "orders");
  });
  await ownerPage.context().close();

  await test.step("the shopper's email says the order is on its way", async () => {
    await openLatestEmail(page, shopper.email, `Your order ${number} is on its way`);
    await expect(page.getByRole("region", { name: "Plain text" })).toContainText(
      `${business.businessName} has sent your order ${number} on its way to`,
    );
  });

  // Refunds after fulfilment and in part (decision 027).
  const refundingPage = await signedInPage(browser, owner.email, owner.password);
  const orderPath = `/vendor/${business.businessSlug}/orders/${number}`;
  await test.step("the owner refunds ₦100.00 of the fulfilled order, with a reason", async () => {
    await openHydrated(refundingPage, orderPath);
    const refund = refundingPage.getByRole("region", { name: "Refund", exact: true });
    await refund.getByText("Refund money").click();
    await expect(refund).toContainText("no stock goes back on the shelf");
    await shoot(refundingPage, "order-refund-form");
    await refund.getByLabel("Amount to refund (₦)").fill("100");
    await expect(refund.getByRole("radio", { name: "Refund part" })).toBeChecked();
    await refund.getByLabel("Reason for the shopper").fill("One item arrived scratched.");
    await refund.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(
      refundingPage.getByText(/^Refunded ₦100\.00; ₦[\d,]+\.\d{2} is left\./),
    ).toBeVisible();
    const refunds = refundingPage.getByRole("region", { name: "Refunds" });
    await expect(refunds).toContainText("Refund of ₦100.00");
    await expect(refunds).toContainText("Reason: One item arrived scratched.");
    await expect(refunds).toContainText("Left to refund");
    await expect(refundingPage.getByText("Partly refunded").first()).toBeVisible();
    await expect(refundingPage.getByText("Fulfilled", { exact: true }).first()).toBeVisible();
    await shoot(refundingPage, "order-part-refunded");
  });

  await test.step("the shopper's order page says it was partly refunded, with the refund", async () => {
    await openHydrated(page, `/profile/orders/${number}`);
    await expect(page.getByText("Partly refunded")).toBeVisible();
    const refunds = page.getByRole("region", { name: "Refunds" });
    await expect(refunds).toContainText(/Refund of ₦100\.00: (on its way to you|returned to you)/);
    await expect(refunds).toContainText("Reason: One item arrived scratched.");
    await expect(page.getByText("Nothing was charged")).toHaveCount(0);
    await shoot(page, "profile-order-part-refunded");
    await openHydrated(page, checkoutPath);
    const placed = page.getByTestId("checkout-order");
    await expect(placed.getByText("Partly refunded")).toBeVisible();
    await expect(placed).toContainText("Refund of ₦100.00");
    await shoot(page, "checkout-part-refunded");
  });

  await test.step("the owner's Payouts page shows the sale, Oja's commission and the refund", async () => {
    await openHydrated(refundingPage, `/vendor/${business.businessSlug}`);
    await refundingPage
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: "Payouts" })
      .click();
    await expect(refundingPage.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
    await expect(refundingPage.getByRole("region", { name: "Where you are paid" })).toContainText(
      "No bank account yet",
    );
    const month = refundingPage.getByRole("region", { name: /^\w+ \d{4}$/ });
    await expect(month.getByRole("definition").nth(2)).toHaveText("₦100.00");
    const row = refundingPage
      .getByRole("region", { name: "By order" })
      .getByRole("row")
      .filter({ hasText: number });
    await expect(row).toContainText("Partly refunded");
    await expect(row).toContainText("5% commission · Oja pays");
    // Sales, commission, refunds and net: net is sales less the commission kept and the refund.
    const amounts = (await row.getByRole("cell").allTextContents()).slice(1).map(naira);
    const [sales, commission, refunded, net] = amounts as [number, number, number, number];
    expect(refunded).toBe(100);
    expect(commission).toBeGreaterThan(0);
    expect(net).toBeCloseTo(sales - commission - refunded, 2);
    await expect(
      refundingPage.getByRole("region", { name: "By payout" }).getByRole("row").nth(1),
    ).toContainText("Oja, by transfer");
    await shoot(refundingPage, "payouts");
  });

  await test.step("the owner refunds the rest: the order reads Refunded, for both", async () => {
    await openHydrated(refundingPage, orderPath);
    const refund = refundingPage.getByRole("region", { name: "Refund", exact: true });
    await refund.getByText("Refund money").click();
    await refund.getByRole("radio", { name: /^Refund all \(₦[\d,]+\.\d{2} left\)$/ }).check();
    await refund.getByLabel("Reason for the shopper").fill("Sorry again: all of it back.");
    await refund.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(
      refundingPage.getByText(/^Refunded ₦[\d,]+\.\d{2}: nothing is left to refund\./),
    ).toBeVisible();
    await expect(refundingPage.getByRole("region", { name: "Refund", exact: true })).toHaveCount(0);
    await expect(refundingPage.getByText("Refunded", { exact: true }).first()).toBeVisible();
    await expect(refundingPage.getByText("Partly refunded")).toHaveCount(0);
    await shoot(refundingPage, "order-refunded");
    await openHydrated(page, `/profile/orders/${number}`);
    await expect(page.getByText("Refunded", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Partly refunded")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Refunds" }).getByRole("listitem")).toHaveCount(
      2,
    );
    await shoot(page, "profile-order-refunded");
  });
  await refundingPage.context().close();
});

test("the owner invites a manager, who joins from the email and sees the console without Members", async ({
  page,
  browser,
  allowConsoleError,
}) => {
  allowConsoleError(sandboxedEmailFrame);
  const manager = newAccountDetails("vendor-manager");
  const ownerPage = await signedInPage(browser, owner.email, owner.password);
  await test.step("the owner sends the invitation from Members", async () => {
    await openHydrated(ownerPage, `/vendor/${business.businessSlug}`);
    await ownerPage
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: "Members" })
      .click();
    await expect(ownerPage.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    const invite = ownerPage.getByRole("region", { name: "Invite someone" });
    await invite.getByLabel("Email").fill(manager.email);
    await invite.getByLabel("Role").selectOption("manager");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(ownerPage.getByText(`Invitation sent to ${manager.email}.`)).toBeVisible();
    const pending = ownerPage.getByRole("region", { name: "Invitations not accepted yet" });
    await expect(pending.getByRole("listitem", { name: manager.email })).toBeVisible();
    await shoot(ownerPage, "members");
  });

  await test.step("the owner revokes an invitation sent to a mistyped address", async () => {
    const mistyped = `typo-${manager.email}`;
    const invite = ownerPage.getByRole("region", { name: "Invite someone" });
    await invite.getByLabel("Email").fill(mistyped);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    const pending = ownerPage.getByRole("region", { name: "Invitations not accepted yet" });
    await pending.getByRole("button", { name: `Revoke the invitation to ${mistyped}` }).click();
    await expect(
      ownerPage.getByText(`Invitation to ${mistyped} revoked: its link no longer works.`),
    ).toBeVisible();
    await expect(pending.getByRole("listitem")).toHaveCount(1);
    await expect(pending.getByRole("listitem", { name: manager.email })).toBeVisible();
  });

  await test.step("the invited person opens the link as a guest, creates the account on the way and joins", async () => {
    await page.setViewportSize(phone);
    await openLatestEmail(page, manager.email, `Join ${business.businessName} on Oja`);
    await followEmailLink(page, /\/vendor\/invitations\//);
    await expect(page).toHaveURL(/\/Login\?redirectTo=%2Fvendor%2Finvitations%2F/);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/CreateAccount\?redirectTo=/);
    await page.getByLabel("Your name").fill(manager.name);
    await page.getByLabel("Email", { exact: true }).fill(manager.email);
    await page.getByLabel("Password", { exact: true }).fill(manager.password);
    await page.getByRole("checkbox", { name: /I agree to Oja's privacy policy/ }).check();
    await page.getByRole("button", { name: "Create account" }).click();
    // Sign-up starts no session (decision 031): the "check your email" page signs in next.
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/Login\?redirectTo=%2Fvendor%2Finvitations%2F/);
    await waitForHydration(page);
    await submitSignIn(page, manager.email, manager.password);
    await expect(
      page.getByRole("heading", { level: 1, name: `Join ${business.businessName}` }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/vendor\/invitations\/[0-9a-z]{26}$/);
    await shoot(page, "invitation");
    await page.getByRole("button", { name: `Join ${business.businessName}` }).click();
    await expect(page).toHaveURL(`/vendor/${business.businessSlug}`);
    await expect(page.getByText("Console · you are manager")).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Console" });
    await expect(menu.getByRole("link", { name: "Orders" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Members" })).toHaveCount(0);
  });

  await test.step("the owner sees the new manager among the members", async () => {
    await ownerPage.reload();
    await expect(
      ownerPage.getByRole("region", { name: `People in ${business.businessName}` }),
    ).toContainText(manager.email);
  });
  await ownerPage.context().close();
});
