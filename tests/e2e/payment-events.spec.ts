import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { testHooksHeaders } from "../support/test-hooks.ts";
import {
  type AccountDetails,
  expect as baseExpect,
  expectNoHorizontalOverflow,
  fillContactAndAddress,
  newAccountDetails,
  openHydrated,
  paystackCards,
  payWithCard,
  popupDialog,
  resourceStatus,
  signIn,
  submitSignIn,
  test,
  waitForHydration,
} from "./fixtures.ts";
import { type OwnedBusiness, ownedBusinessServer } from "./owned-business-server.ts";

/**
 * What Paystack's events and errors look like to people (issue 15, decision 024), in Chromium on
 * a server of its own whose demo business has an owner (tests/support/e2e-vendor-server.ts):
 * a shopper pays → the owner's dashboard alerts them to the new paid order → the shopper disputes
 * the payment with their bank (the simulator's signed `charge.dispute.create`, Paystack's shape)
 * → both order pages say so. Then a payment whose confirmation Paystack can't answer: a toast and
 * the checkout's own page, never an error page.
 *
 * E2E_PAYMENTS_PORT picks the port (3615 by default); E2E_SHOTS=/tmp/shots-payments saves
 * screenshots at 390 and 1280 px.
 */
const shop = ownedBusinessServer("payments", Number(process.env.E2E_PAYMENTS_PORT ?? 3615));
const { baseURL, owner } = shop;
/** The embedded simulator's test hooks take its (public) secret key. */
const simulatorKey = "sk_test_oja_simulator";
let business: OwnedBusiness;
test.beforeAll(() => {
  business = shop.business();
});

/**
 * This spec's server is its own, started cold beside the others' on a shared machine: its pages
 * get more time than the suite's 7 s before a check fails.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

/** /CreateAccount as the fixtures' createAccount does it, with this spec's patience. */
async function createAccount(page: Page, account: AccountDetails) {
  await openHydrated(page, "/CreateAccount");
  await page.getByLabel("Your name").fill(account.name);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("checkbox", { name: /I agree to Oja's privacy policy/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/Login\?redirectTo=/);
  await waitForHydration(page);
  await submitSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/profile(\?|$)/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
}

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const orderNumber = /OJA-[2-9A-HJKMNP-TV-Z]{8}/;

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

/** A simulator test hook over HTTP, as a test outside the server calls it. */
async function simulator(path: string, body?: object) {
  const answer = await fetch(`${baseURL}/_paystack/_test${path}`, {
    method: body ? "POST" : "GET",
    headers: {
      authorization: `Bearer ${simulatorKey}`,
      "content-type": "application/json",
      ...testHooksHeaders,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(answer.status, `simulator ${path}`).toBe(200);
  return (await answer.json()) as { data: unknown };
}

/** Puts the owned business's product in the cart and opens the popup from /checkout. */
async function startPaying(page: Page) {
  await openHydrated(page, `/${business.businessSlug}/products/${business.productSlug}`);
  await page.getByRole("button", { name: "Add to cart", exact: true }).click();
  await expect(page.getByText(`${business.productName} added to your cart`)).toBeVisible();
  await openHydrated(page, "/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await fillContactAndAddress(page);
  const pay = page.getByRole("button", { name: /^Pay ₦/ });
  const amount = ((await pay.textContent()) ?? "").replace(/^Pay\s*/, "").trim();
  await pay.click();
  await expect(popupDialog(page)).toBeVisible();
  return amount;
}

test("the owner is alerted to a paid order, and a dispute shows on both order pages", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(phone);
  const shopper = newAccountDetails("dispute-shopper");
  await createAccount(page, shopper);

  const number = await test.step("the shopper pays with the success card", async () => {
    const amount = await startPaying(page);
    await payWithCard(page, paystackCards.success, amount);
    await expect(
      page.getByRole("heading", { level: 1, name: "Thank you: your payment went through" }),
    ).toBeVisible();
    const text = await page
      .getByTestId("checkout-order")
      .getByText(orderNumber)
      .first()
      .textContent();
    return text?.trim() ?? "";
  });
  expect(number).toMatch(orderNumber);

  const context = await browser.newContext({
    baseURL,
    viewport: phone,
    extraHTTPHeaders: testHooksHeaders,
  });
  const ownerPage = await context.newPage();
  await signIn(ownerPage, owner.email, owner.password);

  await test.step("the owner's dashboard alerts them to the new paid order", async () => {
    await openHydrated(ownerPage, `/vendor/${business.businessSlug}`);
    const alerts = ownerPage.getByRole("region", { name: "Alerts" });
    await expect(alerts.getByRole("status").first()).toContainText("New paid order");
    await expect(alerts).toContainText(number);
    await shoot(ownerPage, "dashboard-new-order");
  });

  await test.step("the shopper's bank opens a dispute: Paystack's signed event flags the order", async () => {
    const { data } = await simulator("/webhooks");
    const charge = (data as Array<{ event: string; reference: string }>).findLast(
      (delivery) => delivery.event === "charge.success",
    );
    if (!charge) throw new Error("no charge.success was sent");
    await simulator(`/transactions/${charge.reference}/dispute`, { step: "create" });
    await openHydrated(ownerPage, `/vendor/${business.businessSlug}`);
    await expect(
      ownerPage.getByRole("region", { name: "Alerts" }).getByText("A payment is disputed"),
    ).toBeVisible();
    await shoot(ownerPage, "dashboard-dispute");
    await ownerPage
      .getByRole("region", { name: "Alerts" })
      .getByRole("link", { name: number, exact: true })
      .click();
    await expect(ownerPage).toHaveURL(`/vendor/${business.businessSlug}/orders/${number}`);
    await expect(ownerPage.getByText("This payment is disputed")).toBeVisible();
    await expect(ownerPage.getByText(/^Answer due by /)).toBeVisible();
    await shoot(ownerPage, "console-order-dispute");
  });
  await context.close();

  await test.step("the shopper's order page says the payment is disputed", async () => {
    await openHydrated(page, `/profile/orders/${number}`);
    await expect(page.getByText("This payment is disputed")).toBeVisible();
    await expect(page.getByText(/You asked your bank to reverse this payment/)).toBeVisible();
    await shoot(page, "profile-order-dispute");
  });
});

test.describe("when Paystack can't confirm a payment", () => {
  // The confirm call answers 502 on purpose; Chromium logs that status.
  test.use({ allowConsoleErrors: [resourceStatus(502)] });

  test("the shopper gets a helpful message and the checkout's page, never an error page", async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await createAccount(page, newAccountDetails("confirm-shopper"));
    // Paystack's webhook is late, so only the browser's confirm could tell the server.
    await simulator("/settings", { webhooksPaused: true });
    const amount = await startPaying(page);
    // The browser's confirm reaches the server only after the simulator has forgotten every
    // transaction (as after a restart), so the server's verify meets a real Paystack error.
    await page.route(/\/checkout\.data/, async (route) => {
      if (route.request().method() === "POST") await simulator("/reset", {});
      await route.continue();
    });
    await payWithCard(page, paystackCards.success, amount);
    await expect(
      page.getByText(/We couldn't confirm your payment with Paystack just now/),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/chk_[0-9a-z]{16}$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Your order waits for payment" }),
    ).toBeVisible();
    await expect(
      page.getByText(/We're still checking your latest payment with Paystack/),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: /error|went wrong/i })).toHaveCount(0);
    await shoot(page, "confirm-failed");
  });
});
