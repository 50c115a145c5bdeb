import { mkdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { e2eFixtures, e2ePassword, e2eTeam } from "../support/e2e-fixtures.ts";
import {
  accountTest,
  addCardToCart,
  expect,
  expectNoHorizontalOverflow,
  expectPopupAmount,
  formatKobo,
  newWatchedContext,
  openHydrated,
  openLatestEmail,
  parseNaira,
  paystackCards,
  payWithCard,
  sandboxedEmailFrame,
  signIn,
} from "./fixtures.ts";

/**
 * Delivery as the business sets it (issue 15, decision 021), on a phone and on a laptop: the
 * e2e manager of the oldest demo business adds a place it delivers to (a named area of Ilorin,
 * with a fee and an estimate) in the console → a shopper in another area of Ilorin sees pickup
 * only, with the reason → in the named area the fee joins the total, once, and the popup asks
 * for exactly that → the shopper's order page, the receipt in /dev/mailbox and the business's
 * console order page all show the fee.
 *
 * Each run adds its own area (the stamp), so runs against one server never step on each other;
 * the two widths run one after the other, as they change the same business's settings.
 *
 * E2E_SHOTS=/tmp/shots-delivery saves screenshots of every screen on the way, at each width.
 */
accountTest.describe.configure({ mode: "serial" });

async function screenshot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
}

async function managerPage(browser: Browser, baseURL: string | undefined, viewport: Viewport) {
  const context = await newWatchedContext(browser, { baseURL, viewport });
  const page = await context.newPage();
  await signIn(page, e2eTeam.manager.email, e2ePassword);
  return page;
}

type Viewport = { width: number; height: number };

const widths: Array<[string, Viewport, string]> = [
  ["on a phone", { width: 390, height: 844 }, "1850"],
  ["on a laptop", { width: 1280, height: 800 }, "2150"],
];

for (const [label, viewport, feeNaira] of widths) {
  accountTest.describe(label, () => {
    accountTest.use({ viewport });

    accountTest(
      "a delivery fee set in the console is charged once in the total and shown on the order, the receipt and the console",
      async ({ page, browser, baseURL, account, allowConsoleError }, testInfo) => {
        accountTest.setTimeout(150_000);
        allowConsoleError(sandboxedEmailFrame);
        const business = e2eFixtures().business;
        const stamp = `${Date.now().toString(36)}${testInfo.workerIndex}`;
        const area = `Tanke ${stamp}`;
        const fee = Number(feeNaira) * 100;

        const manager = await managerPage(browser, baseURL, viewport);
        await accountTest.step("the manager adds a place in Delivery and pickup", async () => {
          await openHydrated(manager, `/vendor/${business.slug}`);
          await manager
            .getByRole("navigation", { name: "Console" })
            .getByRole("link", { name: "Delivery and pickup" })
            .click();
          await expect(
            manager.getByRole("heading", { level: 1, name: "Delivery and pickup" }),
          ).toBeVisible();
          await manager.getByRole("button", { name: "Add a place" }).click();
          const places = manager.getByRole("group", { name: /^Place \d+$/ });
          const place = places.last();
          await place.getByLabel("City", { exact: true }).fill("Ilorin");
          await place.getByLabel("Area (optional)").fill(area);
          await place.getByLabel("Fee (₦)").fill(feeNaira);
          await place.getByLabel("Estimate").fill("Same day");
          // Far above the product's price: this order pays the fee.
          await manager.getByLabel("Free delivery from (₦, optional)").fill("900000");
          await expectNoHorizontalOverflow(manager);
          await screenshot(manager, "console-delivery");
          await manager.getByRole("button", { name: "Save delivery and pickup" }).click();
          await expect(manager.getByText(/^Saved\. Checkout prices delivery/)).toBeVisible();
          await openHydrated(manager, `/vendor/${business.slug}/delivery`);
          const saved = await places
            .getByLabel("Area (optional)")
            .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
          expect(saved).toContain(area);
        });

        const shopper = account;
        await signIn(page, shopper.email, shopper.password);
        const product = await accountTest.step(
          "the shopper puts a product of the business in the cart",
          async () => {
            await openHydrated(page, `/b/${business.slug}`);
            const card = page
              .getByRole("article")
              .filter({ has: page.getByRole("button", { name: /^Add .+ to cart$/ }) })
              .first();
            const name =
              (await card.getByRole("heading", { level: 3 }).textContent())?.trim() ?? "";
            const priceKobo = parseNaira((await card.innerText()) ?? "");
            await addCardToCart(card, name);
            await expect(page.getByText(`${name} added to your cart`)).toBeVisible();
            return { name, priceKobo };
          },
        );

        const section = page.getByRole("region", {
          name: `Order from ${business.name}`,
          exact: true,
        });
        const address = page.getByRole("region", { name: "Delivery address" });
        await accountTest.step(
          "another area of Ilorin gets pickup only, with the reason",
          async () => {
            await openHydrated(page, "/checkout");
            await expect(page.getByTestId("checkout-total")).toHaveText(
              formatKobo(product.priceKobo),
            );
            await page.getByLabel("Phone", { exact: true }).fill("0803 123 4567");
            await address.getByLabel("Street address", { exact: true }).fill("7 Unity Road");
            await address.getByLabel("Area (optional)").fill("Oja Oba");
            await address.getByLabel("City", { exact: true }).fill("Ilorin");
            await address.getByLabel("State", { exact: true }).fill("Kwara");
            await expect(section.getByRole("radio", { name: /^Delivery/ })).toBeDisabled();
            await expect(section.getByRole("radio", { name: /^Pickup/ })).toBeChecked();
            await expect(section.getByRole("status")).toContainText(
              `Pickup only. ${business.name} doesn't deliver to Oja Oba. In Ilorin it delivers only to`,
            );
            await expect(page.getByTestId("checkout-total")).toHaveText(
              formatKobo(product.priceKobo),
            );
            await expectNoHorizontalOverflow(page);
            await screenshot(page, "checkout-pickup-only");
          },
        );

        const total = product.priceKobo + fee;
        const amount = formatKobo(total);
        await accountTest.step(
          "in the named area the fee and estimate show, and the total has the fee once",
          async () => {
            await address.getByLabel("Area (optional)").fill(area);
            await address.getByLabel("Area (optional)").blur();
            const delivery = section.getByRole("radio", { name: /^Delivery/ });
            await expect(delivery).toBeEnabled();
            await expect(delivery).toBeChecked();
            await expect(section.getByTestId("delivery-fee")).toHaveText(formatKobo(fee));
            await expect(section).toContainText("Delivery · Same day");
            const summary = page.getByRole("complementary").filter({ hasText: "Summary" });
            await expect(summary).toContainText(`Delivery${formatKobo(fee)}`);
            await expect(page.getByTestId("checkout-total")).toHaveText(amount);
            await expectNoHorizontalOverflow(page);
            await screenshot(page, "checkout-delivery");
          },
        );

        const number = await accountTest.step(
          "the popup asks for that total, and it is paid",
          async () => {
            await page.getByRole("button", { name: `Pay ${amount}`, exact: true }).click();
            await expectPopupAmount(page, amount);
            await payWithCard(page, paystackCards.success, amount);
            await expect(
              page.getByRole("heading", { level: 1, name: "Thank you: your payment went through" }),
            ).toBeVisible();
            const order = page.getByTestId("checkout-order");
            await expect(order).toContainText(`Delivery · Same day${formatKobo(fee)}`);
            await screenshot(page, "confirmation");
            return (await order.getByText(/^OJA-/).first().textContent())?.trim() ?? "";
          },
        );

        await accountTest.step(
          "the shopper's order page shows the fee, the estimate and the total",
          async () => {
            await openHydrated(page, `/profile/orders/${number}`);
            const items = page.getByRole("region", { name: "Items" });
            await expect(items).toContainText(`Subtotal${formatKobo(product.priceKobo)}`);
            await expect(items).toContainText(`DeliverySame day${formatKobo(fee)}`);
            await expect(items).toContainText(`Total${amount}`);
            await expect(page.getByRole("region", { name: "Delivery" })).toContainText(
              `7 Unity Road, ${area}, Ilorin, Kwara`,
            );
            await expectNoHorizontalOverflow(page);
            await screenshot(page, "order");
          },
        );

        await accountTest.step("the receipt in the dev mailbox shows the fee", async () => {
          await openLatestEmail(page, shopper.email, `Your Oja receipt: ${number}`);
          const text = page.getByRole("region", { name: "Plain text" });
          await expect(text).toContainText(`We received ${amount}.`);
          await expect(text).toContainText(
            `${number} · ${business.name} · ${amount} · delivery ${formatKobo(fee)} (Same day)`,
          );
          await screenshot(page, "receipt");
        });

        await accountTest.step("the business's console order page shows the fee", async () => {
          await openHydrated(manager, `/vendor/${business.slug}/orders/${number}`);
          const items = manager.getByRole("region", { name: "Items" });
          await expect(items).toContainText(`DeliverySame day${formatKobo(fee)}`);
          await expect(items).toContainText(`Total${amount}`);
          await expectNoHorizontalOverflow(manager);
          await screenshot(manager, "console-order");
        });
        await manager.context().close();
      },
    );
  });
}
