import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import {
  accountTest,
  addCardToCart,
  createAccount,
  expect,
  expectPopupAmount,
  fillContactAndAddress,
  formatKobo,
  newAccountDetails,
  openHydrated,
  openLatestEmail,
  parseNaira,
  paystackCards,
  payWithCard,
  popupDialog,
  popupFrame,
  sandboxedEmailFrame,
  signIn,
  test,
} from "./fixtures.ts";

/**
 * Checkout against the Paystack simulator that the embedded default runs in process (issue 6,
 * decision 014): products of two businesses → cart → /checkout → the simulator's popup (an
 * iframe titled "Paystack test payment" in an overlay) → the checkout's page /checkout/chk_… →
 * the orders in /profile → the receipt in the dev mailbox. Then the same with cancel and with
 * the declined card, and the cart fixes of the checkout screen (a price edited in local storage,
 * more than the stock).
 *
 * Each journey buys its own products (a different slice of the home page's "Popular right now"),
 * so repeated runs against one server never sell a demo product out. Only the first journey
 * makes a new account (sign-ups are limited to 10 an hour per address); the others share the
 * worker's account and look only at their own orders.
 *
 * E2E_SHOTS=/tmp/shots-e2e saves screenshots of /checkout, the popup, the confirmation and an
 * order page, at the journey's width (390 px for the first, 1280 px for the cancel journey).
 */

const phoneWidth = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

interface Card {
  name: string;
  businessName: string;
  /** Where the business is: demo businesses deliver across their own city (decision 021). */
  city: string;
  priceKobo: number;
  card: Locator;
}

async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: `${dir}/${name}-${width}.png`,
    fullPage: options.fullPage ?? true,
  });
}

/** The home page's product cards: business line "{business} · {city}", name, price. */
async function readCards(page: Page): Promise<Card[]> {
  const cards = page.getByRole("region", { name: "Popular right now" }).getByRole("article");
  await expect(cards.first()).toBeVisible();
  const texts = await cards.allInnerTexts();
  return texts.map((text, index) => {
    const [businessLine = "", name = ""] = text
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    return {
      name,
      businessName: businessLine.split(" · ")[0]?.trim() ?? "",
      city: businessLine.split(" · ")[1]?.trim() ?? "",
      priceKobo: parseNaira(text),
      card: cards.nth(index),
    };
  });
}

/** The `index`th product card of the home page (the page is open). */
async function productAt(page: Page, index: number): Promise<Card> {
  const card = (await readCards(page))[index];
  if (!card) throw new Error(`The home page shows fewer than ${index + 1} products`);
  return card;
}

/** From the `from`th card on: a product, and the next one sold by another business. */
async function twoBusinesses(page: Page, from: number): Promise<[Card, Card]> {
  const cards = await readCards(page);
  const first = cards[from];
  const second = cards
    .slice(from + 1)
    .find((card) => card.businessName !== first?.businessName && card.name !== first?.name);
  if (!first || !second) throw new Error("The home page shows products of only one business");
  return [first, second];
}

async function addToCart(page: Page, product: Card) {
  await addCardToCart(product.card, product.name);
  await expect(page.getByText(`${product.name} added to your cart`)).toBeVisible();
}

function cartLink(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Cart, \d+ items?$/ });
}

/** Adds one of each product from the home page, checks the cart's total, and opens /checkout. */
async function checkoutFromCart(page: Page, products: Card[]): Promise<number> {
  for (const product of products) await addToCart(page, product);
  await expect(cartLink(page)).toHaveAccessibleName(`Cart, ${products.length} items`);
  await openHydrated(page, "/cart");
  const total = products.reduce((sum, product) => sum + product.priceKobo, 0);
  const summary = page.getByRole("complementary", { name: "Summary" });
  await expect(summary.getByRole("paragraph").filter({ hasText: /^Total/ })).toHaveText(
    `Total${formatKobo(total)}`,
  );
  await summary.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL("/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  // Oja's own checkout chrome: a "Secure checkout" mark beside the search, cart and account.
  await expect(page.getByRole("banner").getByText("Secure checkout")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("search")).toBeVisible();
  return total;
}

function orderSection(page: Page, businessName: string) {
  return page.getByRole("region", { name: `Order from ${businessName}`, exact: true });
}

/** The checkout screen's section of a business shows the product at the database price, once. */
async function expectQuotedLine(page: Page, product: Card) {
  const line = orderSection(page, product.businessName).getByTestId("checkout-line");
  await expect(line).toHaveCount(1);
  await expect(line.getByRole("link", { name: product.name, exact: true })).toBeVisible();
  await expect(line).toContainText(`1 × ${formatKobo(product.priceKobo)}`);
}

const checkoutPath = /\/checkout\/chk_[0-9a-z]{16}$/;
const orderNumber = /^OJA-[2-9A-HJKMNP-TV-Z]{8}$/;

/** The orders listed on /checkout/chk_…, in page order (the receipt's order). */
function checkoutOrders(page: Page) {
  return page.getByTestId("checkout-order");
}

function checkoutOrder(page: Page, businessName: string) {
  return checkoutOrders(page).filter({
    has: page.getByRole("heading", { level: 2, name: businessName, exact: true }),
  });
}

async function orderNumbersOnPage(page: Page): Promise<string[]> {
  const numbers = await checkoutOrders(page).getByText(orderNumber).allTextContents();
  for (const number of numbers) expect(number).toMatch(orderNumber);
  return numbers;
}

async function expectStatuses(page: Page, status: string, count: number) {
  await expect(checkoutOrders(page)).toHaveCount(count);
  for (let index = 0; index < count; index++) {
    await expect(checkoutOrders(page).nth(index).getByText(status, { exact: true })).toBeVisible();
  }
}

function profileOrders(page: Page) {
  return page.getByRole("region", { name: "Orders" });
}

function profileOrderLink(page: Page, number: string) {
  return profileOrders(page).getByRole("link").filter({ hasText: number });
}

/** /profile/orders/{number}: its heading, and "Paid" both as its status and in its history. */
async function expectPaidOrderPage(page: Page, number: string) {
  await expect(page).toHaveURL(`/profile/orders/${number}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByText("Paid", { exact: true })).toHaveCount(2);
  await expect(page.getByRole("region", { name: "History" })).toContainText("Paid");
}

/** The footer of /checkout/chk_…: back to the cart until paid; after paying, what comes next. */
async function expectFooterLinks(page: Page, links: Record<string, string>) {
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link")).toHaveText([...Object.keys(links), "Oja"]);
  for (const [name, href] of Object.entries(links)) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
}

async function expectPaidConfirmation(page: Page, total: number) {
  await expect(page).toHaveURL(checkoutPath);
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you: your payment went through" }),
  ).toBeVisible();
  // The cart is empty now: header and footer both offer shopping on and every order.
  for (const place of [page.getByRole("main"), page.getByRole("contentinfo")]) {
    await expect(place.getByRole("link", { name: "All your orders" })).toHaveAttribute(
      "href",
      "/profile/orders",
    );
  }
  await expectFooterLinks(page, { "Keep shopping": "/", "All your orders": "/profile/orders" });
  await expect(popupDialog(page)).toHaveCount(0);
  await expectStatuses(page, "Paid", 2);
  await expect(page.getByText("Awaiting payment", { exact: true })).toHaveCount(0);
  await expect(page.getByText(/^Total₦/)).toHaveText(`Total${formatKobo(total)}`);
}

test.describe("on a phone", () => {
  test.use({ viewport: phoneWidth });

  test("a new shopper pays for two businesses with the success card and gets two paid orders", async ({
    page,
    allowConsoleError,
  }) => {
    test.setTimeout(120_000);
    allowConsoleError(sandboxedEmailFrame);
    const account = newAccountDetails("checkout");
    await createAccount(page, account);

    await openHydrated(page, "/");
    const [delivered, pickedUp] = await twoBusinesses(page, 0);
    const itemsTotal = await checkoutFromCart(page, [delivered, pickedUp]);
    // The delivery fee the business set for its city joins the total once the address is in.
    let total = itemsTotal;
    let amount = formatKobo(total);
    let fee = 0;

    await test.step("the checkout screen shows one order per business, repriced", async () => {
      await expect(page.getByRole("region", { name: /^Order from / })).toHaveCount(2);
      await expectQuotedLine(page, delivered);
      await expectQuotedLine(page, pickedUp);
      await expect(page.getByText(/The price changed/)).toHaveCount(0);
      await expect(page.getByTestId("checkout-total")).toHaveText(amount);
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue(account.email);
    });

    await test.step("phone, delivery for one business, pickup for the other", async () => {
      await fillContactAndAddress(page);
      const pickup = orderSection(page, pickedUp.businessName).getByRole("radio", {
        name: /^Pickup/,
      });
      await pickup.check();
      await expect(pickup).toBeChecked();
      await page
        .getByRole("region", { name: "Delivery address" })
        .getByLabel("City", { exact: true })
        .fill(delivered.city);
      await expect(
        orderSection(page, delivered.businessName).getByRole("radio", { name: /^Delivery/ }),
      ).toBeChecked();
      const feeText =
        (await orderSection(page, delivered.businessName)
          .getByTestId("delivery-fee")
          .textContent()) ?? "";
      fee = feeText === "Free" ? 0 : parseNaira(feeText);
      total = itemsTotal + fee;
      amount = formatKobo(total);
      await expect(page.getByTestId("checkout-total")).toHaveText(amount);
      await screenshot(page, "checkout");
    });

    await test.step("the popup asks for the same amount and takes the success card", async () => {
      await page.getByRole("button", { name: `Pay ${amount}`, exact: true }).click();
      await expectPopupAmount(page, amount);
      await screenshot(page, "popup", { fullPage: false });
      await payWithCard(page, paystackCards.success, amount);
    });

    const numbers = await test.step("the confirmation shows two paid orders", async () => {
      await expectPaidConfirmation(page, total);
      await expect(checkoutOrder(page, delivered.businessName)).toContainText("· Delivery");
      await expect(checkoutOrder(page, pickedUp.businessName)).toContainText("· Pickup at ");
      await expect(checkoutOrder(page, delivered.businessName)).toContainText(
        `1 × ${delivered.name}`,
      );
      await expect(checkoutOrder(page, pickedUp.businessName)).toContainText(
        `1 × ${pickedUp.name}`,
      );
      const found = await orderNumbersOnPage(page);
      expect(found).toHaveLength(2);
      expect(new Set(found).size).toBe(2);
      await screenshot(page, "confirmation");
      return found;
    });
    const deliveredNumber =
      (await checkoutOrder(page, delivered.businessName).getByText(orderNumber).textContent()) ??
      "";
    const pickedUpNumber = numbers.find((number) => number !== deliveredNumber) ?? "";

    await test.step("the cart is empty", async () => {
      await openHydrated(page, "/cart");
      await expect(
        page.getByRole("heading", { level: 1, name: "Your cart is empty" }),
      ).toBeVisible();
      await expect(cartLink(page)).toHaveAccessibleName("Cart, 0 items");
    });

    await test.step("/profile lists both orders as paid", async () => {
      await openHydrated(page, "/profile");
      await expect(profileOrders(page).getByRole("listitem")).toHaveCount(2);
      for (const number of numbers) {
        await expect(profileOrderLink(page, number)).toContainText("Paid");
      }
      await expect(profileOrderLink(page, deliveredNumber)).toContainText(delivered.businessName);
    });

    await test.step("the order pages show their lines, the delivery and the pickup", async () => {
      await profileOrderLink(page, deliveredNumber).click();
      await expectPaidOrderPage(page, deliveredNumber);
      const items = page.getByRole("region", { name: "Items" });
      await expect(items.getByRole("listitem")).toHaveCount(1);
      await expect(items.getByRole("listitem")).toContainText(`1 × ${delivered.name}`);
      await expect(items).toContainText(`Total${formatKobo(delivered.priceKobo + fee)}`);
      await expect(page.getByRole("region", { name: "Delivery" })).toContainText(
        `${account.name}, 12 Admiralty Way, ${delivered.city}, Lagos · +234 803 123 4567`,
      );
      await screenshot(page, "order");

      await openHydrated(page, `/profile/orders/${pickedUpNumber}`);
      await expect(page.getByRole("region", { name: "Items" })).toContainText(
        `1 × ${pickedUp.name}`,
      );
      await expect(page.getByRole("region", { name: "Pickup" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Delivery" })).toHaveCount(0);
    });

    await test.step("the receipt names both orders", async () => {
      await openLatestEmail(page, account.email, `Your Oja receipt: ${numbers.join(", ")}`);
      const text = page.getByRole("region", { name: "Plain text" });
      await expect(text).toContainText(`We received ${amount}.`);
      await expect(text).toContainText(
        `${deliveredNumber} · ${delivered.businessName} · ${formatKobo(delivered.priceKobo + fee)} · ${fee === 0 ? "free delivery" : `delivery ${formatKobo(fee)}`} (`,
      );
      await expect(text).toContainText(
        `${pickedUpNumber} · ${pickedUp.businessName} · ${formatKobo(pickedUp.priceKobo)} · pickup`,
      );
    });
  });
});

accountTest.describe("on a desktop", () => {
  accountTest.use({ viewport: desktop });

  accountTest(
    "a cancelled popup leaves the orders waiting, and they can be paid from their page",
    async ({ page, account }) => {
      accountTest.setTimeout(120_000);
      await signIn(page, account.email, account.password);
      await openHydrated(page, "/");
      const products = await twoBusinesses(page, 2);
      const total = await checkoutFromCart(page, products);
      const amount = formatKobo(total);
      await expect(page.getByTestId("checkout-total")).toHaveText(amount);
      await fillContactAndAddress(page);
      await screenshot(page, "checkout");

      await page.getByRole("button", { name: `Pay ${amount}`, exact: true }).click();
      await expectPopupAmount(page, amount);
      await screenshot(page, "popup", { fullPage: false });
      await popupFrame(page).getByRole("button", { name: "Cancel payment" }).click();

      await expect(
        page.getByText("Payment not completed. Your order is saved: pay when you're ready."),
      ).toBeVisible();
      await expect(page).toHaveURL(checkoutPath);
      const checkoutUrl = page.url();
      await expect(popupDialog(page)).toHaveCount(0);
      await expect(
        page.getByRole("heading", { level: 1, name: "Your order waits for payment" }),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: "Cancel order" })).toBeVisible();
      await expectFooterLinks(page, { "Back to your cart": "/cart" });
      await expectStatuses(page, "Awaiting payment", 2);
      const numbers = await orderNumbersOnPage(page);

      await test.step("/profile lists the orders as awaiting payment", async () => {
        await openHydrated(page, "/profile");
        for (const number of numbers) {
          await expect(profileOrderLink(page, number)).toContainText("Awaiting payment");
        }
      });

      await openHydrated(page, checkoutUrl);
      await page.getByRole("button", { name: `Pay ${amount}`, exact: true }).click();
      await expectPopupAmount(page, amount);
      await payWithCard(page, paystackCards.success, amount);

      await expectPaidConfirmation(page, total);
      expect(page.url()).toBe(checkoutUrl);
      expect(await orderNumbersOnPage(page)).toEqual(numbers);
      await screenshot(page, "confirmation");

      const [first = ""] = numbers;
      await page.getByRole("link", { name: `Order details for ${first}` }).click();
      await expectPaidOrderPage(page, first);
      // No demo business delivers to a city called Lekki (decision 021): both orders are
      // picked up, and the total is the items' alone.
      await expect(page.getByRole("region", { name: "Pickup" })).toBeVisible();
      await screenshot(page, "order");
    },
  );

  accountTest(
    "a declined card pays nothing, and the waiting orders can be cancelled",
    async ({ page, account }) => {
      accountTest.setTimeout(90_000);
      await signIn(page, account.email, account.password);
      await openHydrated(page, "/");
      const products = await twoBusinesses(page, 4);
      const total = await checkoutFromCart(page, products);
      const amount = formatKobo(total);
      await expect(page.getByTestId("checkout-total")).toHaveText(amount);
      await fillContactAndAddress(page);

      await page.getByRole("button", { name: `Pay ${amount}`, exact: true }).click();
      await expectPopupAmount(page, amount);
      await payWithCard(page, paystackCards.declined, amount);
      const refusal = popupFrame(page).getByRole("alert");
      await expect(refusal).toContainText("Payment declined");
      await expect(refusal).toContainText("The bank declined this card. Try another card.");
      await screenshot(page, "popup-declined", { fullPage: false });
      await popupFrame(page).getByRole("button", { name: "Cancel payment" }).click();

      await expect(
        page.getByText("Payment not completed. Your order is saved: pay when you're ready."),
      ).toBeVisible();
      await expect(page).toHaveURL(checkoutPath);
      await expect(
        page.getByRole("heading", { level: 1, name: "Your order waits for payment" }),
      ).toBeVisible();
      await expectStatuses(page, "Awaiting payment", 2);
      await expect(page.getByText("Paid", { exact: true })).toHaveCount(0);

      await page.getByRole("button", { name: "Cancel order" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "This order was not completed" }),
      ).toBeVisible();
      await expect(page.getByText("Nothing was charged.")).toBeVisible();
      await expectStatuses(page, "Cancelled", 2);
      await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
      await screenshot(page, "cancelled");
    },
  );

  accountTest(
    "a price edited in local storage is shown and charged at the database price",
    async ({ page, account }) => {
      accountTest.setTimeout(90_000);
      await signIn(page, account.email, account.password);
      await openHydrated(page, "/");
      const product = await productAt(page, 6);
      await addToCart(page, product);
      await page.evaluate(() => {
        const cart = JSON.parse(localStorage.getItem("cart") ?? "[]") as { amount: number }[];
        for (const item of cart) item.amount = 1;
        localStorage.setItem("cart", JSON.stringify(cart));
      });
      const price = formatKobo(product.priceKobo);
      const changed = page.getByText(`The price changed from ₦1.00 to ${price}.`);
      const update = page.getByRole("button", { name: "Update my cart" });

      await openHydrated(page, "/checkout");
      await expect(changed).toBeVisible();
      await expect(update).toBeVisible();
      await expect(page.getByTestId("checkout-total")).toHaveText(price);
      await fillContactAndAddress(page);

      await test.step("the provider is asked for the database price", async () => {
        await page.getByRole("button", { name: `Pay ${price}`, exact: true }).click();
        await expectPopupAmount(page, price);
        await popupFrame(page).getByRole("button", { name: "Cancel payment" }).click();
        await expect(page).toHaveURL(checkoutPath);
        await expect(checkoutOrders(page)).toContainText(`1 × ${product.name}`);
        await expect(page.getByText(/^Total₦/)).toHaveText(`Total${price}`);
        // Gives the held unit back for the next runs.
        await page.getByRole("button", { name: "Cancel order" }).click();
        await expect(
          page.getByRole("heading", { level: 1, name: "This order was not completed" }),
        ).toBeVisible();
      });

      await test.step("Update my cart takes the database price into the cart", async () => {
        await openHydrated(page, "/checkout");
        await expect(changed).toBeVisible();
        await update.click();
        await expect(changed).toHaveCount(0);
        await expect(update).toHaveCount(0);
        await expect(page.getByTestId("checkout-total")).toHaveText(price);
        const stored = await page.evaluate(
          () => JSON.parse(localStorage.getItem("cart") ?? "[]") as { amount: number }[],
        );
        expect(stored.map((item) => item.amount)).toEqual([product.priceKobo / 100]);
      });
    },
  );

  accountTest(
    "more than the shopper may buy blocks paying until the quantity is changed, without telling the stock",
    async ({ page, account }) => {
      accountTest.setTimeout(60_000);
      await signIn(page, account.email, account.password);
      await openHydrated(page, "/");
      const product = await productAt(page, 7);
      await addToCart(page, product);
      await page.evaluate(() => {
        const cart = JSON.parse(localStorage.getItem("cart") ?? "[]") as { quantity: number }[];
        for (const item of cart) item.quantity = 9999;
        localStorage.setItem("cart", JSON.stringify(cart));
      });

      await openHydrated(page, "/checkout");
      const line = page.getByTestId("checkout-line");
      // Exact only when a few are left; otherwise a quantity they can have (decision 030).
      const shortage = line.getByText(
        /^(Only \d+ left|Not that many left: you can buy up to \d+|So that everyone gets a chance, you can buy up to \d+ of these at a time)\.$/,
      );
      await expect(shortage).toBeVisible();
      const available = Number(/\d+/.exec((await shortage.textContent()) ?? "")?.[0]);
      expect(available).toBeGreaterThan(0);
      expect(available).toBeLessThan(9999);
      await expect(line).toContainText(`9999 × ${formatKobo(product.priceKobo)}`);
      await expect(page.getByText("Fix the lines marked in your orders to pay.")).toBeVisible();
      await expect(page.getByRole("button", { name: /^Pay/ })).toBeDisabled();

      await line.getByRole("button", { name: `Change to ${available}`, exact: true }).click();
      await expect(shortage).toHaveCount(0);
      await expect(line).toContainText(`${available} × ${formatKobo(product.priceKobo)}`);
      const total = formatKobo(product.priceKobo * available);
      await expect(page.getByTestId("checkout-total")).toHaveText(total);
      await expect(page.getByText("Fix the lines marked in your orders to pay.")).toHaveCount(0);
      await expect(page.getByRole("button", { name: `Pay ${total}`, exact: true })).toBeEnabled();
      const stored = await page.evaluate(
        () => JSON.parse(localStorage.getItem("cart") ?? "[]") as { quantity: number }[],
      );
      expect(stored.map((item) => item.quantity)).toEqual([available]);
    },
  );
});
