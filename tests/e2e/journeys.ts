import type { Browser, Page } from "@playwright/test";
import { toLagosDateTime } from "#app/sales/sale-window.ts";
import { e2eFixtures, e2ePassword } from "../support/e2e-fixtures.ts";
import {
  addCardToCart,
  expect,
  expectNoHorizontalOverflow,
  expectPopupAmount,
  fillContactAndAddress,
  formatKobo,
  newWatchedContext,
  openHydrated,
  parseNaira,
  paystackCards,
  payWithCard,
  saveShot,
  signIn,
} from "./fixtures.ts";

/**
 * Steps several journeys share (points, check-ins, reviews): a phone-sized signed-in page of a
 * prepared person, a screenshot with the overflow check, and paying for one product of the e2e
 * team's business.
 */
export const phone = { width: 390, height: 844 };

export const orderNumber = /^OJA-[2-9A-HJKMNP-TV-Z]{8}$/;

/** A new phone-sized browser, signed in as a prepared person (sign-ups are rate limited). */
export async function signedInPhone(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await newWatchedContext(browser, { baseURL, viewport: phone });
  const page = await context.newPage();
  await signIn(page, email, e2ePassword);
  return page;
}

/** Checks the phone-sized page doesn't scroll sideways, and saves it when E2E_SHOTS asks. */
export async function shootPhone(page: Page, name: string) {
  await expectNoHorizontalOverflow(page);
  await saveShot(page, `${name}-390`);
}

export interface PaidOrder {
  number: string;
  totalKobo: number;
  /** What the lines earn: 1 point per whole ₦100 of each line (unit price × quantity). */
  points: number;
}

/**
 * The signed-in shopper puts one product of the e2e team's business in the cart (the `fromEnd`th
 * card from the end of the storefront's first page: demo products, older than any a spec adds)
 * and opens the checkout with it picked up; answers what the line costs, as the checkout quotes
 * it, which is then the total.
 */
export async function checkoutOneForPickup(page: Page, fromEnd: number): Promise<number> {
  const business = e2eFixtures().business;
  await openHydrated(page, `/b/${business.slug}`);
  const cards = page
    .getByRole("article")
    .filter({ has: page.getByRole("button", { name: /^Add .+ to cart$/, disabled: false }) });
  await expect(cards.first()).toBeVisible();
  const card = cards.nth(Math.max((await cards.count()) - 1 - fromEnd, 0));
  const name = (await card.getByRole("heading", { level: 3 }).textContent())?.trim() ?? "";
  await addCardToCart(card, name);
  await expect(page.getByText(`${name} added to your cart`)).toBeVisible();

  await openHydrated(page, "/checkout");
  const line = page.getByTestId("checkout-line");
  await expect(line).toHaveCount(1);
  await expect(line.getByRole("link", { name, exact: true })).toBeVisible();
  // The server's price of the line, as the checkout quotes it.
  const [, quantity = "", unit = ""] =
    /(\d+) × (₦[\d,]+\.\d{2})/.exec(await line.innerText()) ?? [];
  const lineKobo = Number(quantity) * parseNaira(unit);
  expect(lineKobo).toBeGreaterThan(0);
  await fillContactAndAddress(page);
  // Picked up: the total is the line's alone, whatever the business charges for delivery.
  const pickup = page
    .getByRole("region", { name: `Order from ${business.name}`, exact: true })
    .getByRole("radio", { name: /^Pickup/ });
  await pickup.check();
  await expect(pickup).toBeChecked();
  await expect(page.getByTestId("checkout-total")).toHaveText(formatKobo(lineKobo));
  return lineKobo;
}

/**
 * The signed-in shopper buys one product of the e2e team's business (see checkoutOneForPickup),
 * for pickup, with the success card, and lands on the paid confirmation.
 */
export async function payForProduct(page: Page, fromEnd: number): Promise<PaidOrder> {
  const lineKobo = await checkoutOneForPickup(page, fromEnd);
  const amount = formatKobo(lineKobo);
  await page.getByRole("button", { name: `Pay ${amount}`, exact: true }).click();
  await expectPopupAmount(page, amount);
  await payWithCard(page, paystackCards.success, amount);
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you: your payment went through" }),
  ).toBeVisible();
  const order = page.getByTestId("checkout-order");
  await expect(order).toHaveCount(1);
  await expect(order.getByText("Paid", { exact: true })).toBeVisible();
  const number = (await order.getByText(orderNumber).textContent())?.trim() ?? "";
  expect(number).toMatch(orderNumber);
  return { number, totalKobo: lineKobo, points: Math.floor(lineKobo / 10_000) };
}

/**
 * Sets the start and the end a sale form of the console posts (flash or discount), as its date
 * pickers post them (Lagos time). The calendar itself is tested in date-picker.spec; the sales
 * journeys need sales that start within a minute, not at the pickers' defaults.
 */
export async function setSaleTimes(page: Page, startsAt: Date, endsAt: Date) {
  await page.evaluate(
    ([start, end]) => {
      const set = (name: string, value: string) => {
        const input = document.querySelector<HTMLInputElement>(`input[type=hidden][name=${name}]`);
        if (!input) throw new Error(`no ${name} field`);
        input.value = value;
      };
      set("startsAt", start);
      set("endsAt", end);
    },
    [toLagosDateTime(startsAt), toLagosDateTime(endsAt)] as const,
  );
}
