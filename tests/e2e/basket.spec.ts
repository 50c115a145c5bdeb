import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { type ExpiredCheckoutFixture, e2eFixtures, e2ePassword } from "../support/e2e-fixtures.ts";
import {
  expect,
  expectPopupAmount,
  fillContactAndAddress,
  formatKobo,
  openHydrated,
  paystackCards,
  payWithCard,
  popupDialog,
  popupFrame,
  signIn,
  test,
} from "./fixtures.ts";

/**
 * One checkout per basket (issue 15, decision 020), in Chromium against the in-process Paystack
 * simulator. Each journey signs in as a shopper the e2e server made with a checkout left unpaid
 * 40 minutes ago (its hold ran out: e2e-fixtures.ts), so the browser needn't wait half an hour:
 * the order can't be paid, "Start again from my cart" puts its products back in the cart, and
 * paying for that cart twice (one tab, then two tabs at once) makes one set of orders and one
 * payment.
 *
 * E2E_SHOTS=/tmp/shots-e2e saves screenshots of the expired checkout and order pages and the
 * restored cart, at 390 px (phone journey) and 1280 px (laptop journey).
 */

const phoneWidth = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };
const checkoutPath = /\/checkout\/chk_[0-9a-z]{16}$/;
const ranOut = "The time to pay for this order ran out";

async function screenshot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${dir}/basket-${name}-${width}.png`, fullPage: true });
}

function payButton(page: Page, amount: string) {
  return page.getByRole("button", { name: `Pay ${amount}`, exact: true });
}

function checkoutOrders(page: Page) {
  return page.getByTestId("checkout-order");
}

function orderNumbers(page: Page) {
  return checkoutOrders(page).getByText(/^OJA-[2-9A-HJKMNP-TV-Z]{8}$/);
}

async function orderNumbersOnPage(page: Page): Promise<string[]> {
  await expect(orderNumbers(page)).toHaveCount(2);
  return orderNumbers(page).allTextContents();
}

/** The expired checkout's page: it says why, offers no way to pay, and the server refuses too. */
async function expectNotPayable(page: Page, expired: ExpiredCheckoutFixture) {
  await openHydrated(page, `/checkout/${expired.checkoutId}`);
  await expect(page.getByRole("heading", { level: 1, name: ranOut })).toBeVisible();
  await expect(page.getByText("Nothing was charged.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Start again from my cart" })).toBeVisible();
  // Not only a hidden button: asking the server to pay it again is refused.
  const refused = await page.request.post("/checkout", {
    form: { intent: "pay-again", checkoutId: expired.checkoutId },
    headers: { Origin: test.info().project.use.baseURL ?? "" },
  });
  expect(refused.status()).toBe(409);
}

/** The cart now holds the expired order's products, one of each. */
async function expectRestoredCart(page: Page, expired: ExpiredCheckoutFixture) {
  await expect(page).toHaveURL("/cart");
  await expect(
    page.getByText("Your cart has this order's products again, at today's prices."),
  ).toBeVisible();
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(expired.orders.length);
  for (const order of expired.orders) {
    await expect(lines.filter({ hasText: order.productName })).toHaveCount(1);
  }
}

async function goToCheckout(page: Page, total: number) {
  await page
    .getByRole("complementary", { name: "Summary" })
    .getByRole("link", { name: "Checkout" })
    .click();
  await expect(page).toHaveURL("/checkout");
  await expect(page.getByTestId("checkout-total")).toHaveText(formatKobo(total));
  await fillContactAndAddress(page);
}

/** /profile lists the expired orders as cancelled and the new ones as paid: nothing else. */
async function expectOneSetOfOrders(page: Page, expired: ExpiredCheckoutFixture, paid: string[]) {
  await openHydrated(page, "/profile");
  const list = page.getByRole("region", { name: "Orders" });
  await expect(list.getByRole("listitem")).toHaveCount(expired.orders.length + paid.length);
  for (const number of paid) {
    await expect(list.getByRole("link").filter({ hasText: number })).toContainText("Paid");
  }
  for (const order of expired.orders) {
    await expect(list.getByRole("link").filter({ hasText: order.number })).toContainText(
      "Cancelled",
    );
  }
  await expect(list.getByText("Awaiting payment")).toHaveCount(0);
  await expect(list.getByText("Replaced")).toHaveCount(0);
}

/** One receipt naming the new orders, and no "payment returned" email: one payment was taken. */
async function expectOnePayment(page: Page, email: string, numbers: string[]) {
  const receipt = page.getByRole("link", { name: `Your Oja receipt: ${numbers.join(", ")}` });
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(receipt).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole("link", { name: /Your Oja receipt/ })).toHaveCount(1);
  await expect(page.getByRole("link", { name: /is being returned/ })).toHaveCount(0);
}

test.describe("on a phone", () => {
  test.use({ viewport: phoneWidth });

  test("an expired order starts again from the cart, and pressing Pay twice makes one set of orders and one payment", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const expired = e2eFixtures().expiredCheckouts[test.info().retry ? "phoneRetry" : "phone"];
    const total = expired.orders.reduce((sum, order) => sum + order.priceKobo, 0);
    const amount = formatKobo(total);
    await signIn(page, expired.email, e2ePassword);

    await test.step("the expired checkout can't be paid; Start again restores the cart", async () => {
      const [order] = expired.orders;
      await openHydrated(page, `/profile/orders/${order?.number}`);
      await expect(page.getByText(`${ranOut}, so it can't be paid any more.`)).toBeVisible();
      await screenshot(page, "expired-order");
      await expectNotPayable(page, expired);
      await screenshot(page, "expired-checkout");
      await page.getByRole("button", { name: "Start again from my cart" }).click();
      await expectRestoredCart(page, expired);
      await screenshot(page, "restored-cart");
    });

    await goToCheckout(page, total);
    const first =
      await test.step("the first Pay saves the orders; the popup is closed", async () => {
        await payButton(page, amount).click();
        await expectPopupAmount(page, amount);
        await popupFrame(page).getByRole("button", { name: "Cancel payment" }).click();
        await expect(page).toHaveURL(checkoutPath);
        await expect(checkoutOrders(page)).toHaveCount(2);
        return { url: page.url(), numbers: await orderNumbersOnPage(page) };
      });

    await test.step("Pay again for the same cart resumes that checkout", async () => {
      await openHydrated(page, "/checkout");
      await fillContactAndAddress(page);
      await payButton(page, amount).click();
      await expectPopupAmount(page, amount);
      await popupFrame(page).getByRole("button", { name: "Cancel payment" }).click();
      await expect(page).toHaveURL(first.url);
      await expect(orderNumbers(page)).toHaveText(first.numbers);
    });

    await test.step("paying from the order's page pays those same orders", async () => {
      await payButton(page, amount).click();
      await expectPopupAmount(page, amount);
      await payWithCard(page, paystackCards.success, amount);
      await expect(
        page.getByRole("heading", { level: 1, name: "Thank you: your payment went through" }),
      ).toBeVisible();
      expect(page.url()).toBe(first.url);
      await expect(orderNumbers(page)).toHaveText(first.numbers);
    });

    await expectOneSetOfOrders(page, expired, first.numbers);
    await expectOnePayment(page, expired.email, first.numbers);
  });
});

test.describe("on a laptop", () => {
  test.use({ viewport: laptop });

  test("an expired order's page starts again, and Pay pressed in two tabs at once makes one set of orders and one payment", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const expired = e2eFixtures().expiredCheckouts[test.info().retry ? "laptopRetry" : "laptop"];
    const total = expired.orders.reduce((sum, order) => sum + order.priceKobo, 0);
    const amount = formatKobo(total);
    await signIn(page, expired.email, e2ePassword);
    await expectNotPayable(page, expired);
    await screenshot(page, "expired-checkout");

    await test.step("the order's own page says it ran out and starts again", async () => {
      const [order] = expired.orders;
      await openHydrated(page, `/profile/orders/${order?.number}`);
      await expect(page.getByText(`${ranOut}, so it can't be paid any more.`)).toBeVisible();
      await expect(page.getByRole("link", { name: "Pay or cancel" })).toHaveCount(0);
      await screenshot(page, "expired-order");
      await page.getByRole("button", { name: "Start again from my cart" }).click();
      await expectRestoredCart(page, expired);
      await screenshot(page, "restored-cart");
    });

    await goToCheckout(page, total);
    const second = await page.context().newPage();
    await openHydrated(second, "/checkout");
    await expect(second.getByTestId("checkout-total")).toHaveText(amount);
    await fillContactAndAddress(second);

    await test.step("Pay in both tabs at once opens the same payment in each", async () => {
      await Promise.all([payButton(page, amount).click(), payButton(second, amount).click()]);
      // The shopper looks at each tab in turn: a tab in the background need not draw until then.
      await page.bringToFront();
      await expectPopupAmount(page, amount);
      await second.bringToFront();
      await expectPopupAmount(second, amount);
    });

    const paid = await test.step("the second tab pays; the first finds it paid", async () => {
      await payWithCard(second, paystackCards.success, amount);
      await expect(
        second.getByRole("heading", { level: 1, name: "Thank you: your payment went through" }),
      ).toBeVisible();
      await expect(second).toHaveURL(checkoutPath);
      // The first tab's window is the same payment: closing it finds it paid already.
      await popupFrame(page).getByRole("button", { name: "Cancel payment" }).click();
      await expect(popupDialog(page)).toHaveCount(0);
      await expect(page).toHaveURL(second.url());
      await expect(
        page.getByRole("heading", { level: 1, name: "Thank you: your payment went through" }),
      ).toBeVisible();
      return orderNumbersOnPage(second);
    });
    expect(paid).toHaveLength(2);
    await second.close();

    await expectOneSetOfOrders(page, expired, paid);
    await expectOnePayment(page, expired.email, paid);
  });
});
