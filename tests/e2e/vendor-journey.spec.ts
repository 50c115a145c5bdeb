import type { Browser } from "@playwright/test";
import sharp from "sharp";
import { e2ePassword, e2eTeam } from "../support/e2e-fixtures.ts";
import {
  createAccount,
  expect,
  expectPopupAmount,
  fillContactAndAddress,
  followEmailLink,
  newAccountDetails,
  newWatchedContext,
  onePixelPng,
  openHydrated,
  openLatestEmail,
  paystackCards,
  payWithCard,
  sandboxedEmailFrame,
  signIn,
  test,
} from "./fixtures.ts";

/**
 * Issue 7's browser journey, end to end on the shared e2e server: a new shopper confirms their
 * email and applies on /vendor with a logo → the e2e admin (tests/support/e2e-fixtures.ts)
 * approves it on /admin/applications → the shopper, now owner, adds an active product with a
 * picture in the console → it is on the storefront and in search within seconds → a second new
 * shopper buys it → the owner sees the order on the dashboard and in Orders and marks it
 * fulfilled → the buyer's "on its way" email is in the dev mailbox.
 *
 * Two new accounts per run (sign-ups are limited to 10 an hour per address). The business it
 * makes stays public, so it adds one to the active businesses other specs may count.
 */
const orderNumber = /OJA-[2-9A-HJKMNP-TV-Z]{8}/;

async function signedInPage(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await newWatchedContext(browser, { baseURL });
  const page = await context.newPage();
  await signIn(page, email, e2ePassword);
  return page;
}

test("a shopper applies, an admin approves, the owner sells a new product and fulfils the order, and the buyer is emailed", async ({
  page,
  browser,
  baseURL,
  allowConsoleError,
}, testInfo) => {
  test.setTimeout(180_000);
  allowConsoleError(sandboxedEmailFrame);
  const stamp = `${Date.now().toString(36)}${testInfo.workerIndex}${testInfo.repeatEachIndex}`;
  const owner = newAccountDetails("journey-owner");
  const buyer = newAccountDetails("journey-buyer");
  const businessName = `Kemi Aso Oke ${stamp}`;
  const businessSlug = `kemi-aso-oke-${stamp}`;
  const word = `asooke${stamp}`;
  const productName = `Aso oke fila ${word}`;
  const price = "₦7,250.00";
  // The fee the owner sets for Ibadan below, charged once on top of the price.
  const paid = "₦8,750.00";

  await test.step("a new shopper creates an account and confirms the email", async () => {
    await createAccount(page, owner);
    await openLatestEmail(page, owner.email, "Confirm your email for Oja");
    await followEmailLink(page, /\/CreateAccount\/verify\?token=/);
    await expect(page.getByRole("heading", { level: 1, name: "Email confirmed" })).toBeVisible();
  });

  await test.step("the shopper applies on /vendor with a logo; it waits for review", async () => {
    await openHydrated(page, "/vendor");
    await page.getByLabel("Business name").fill(businessName);
    await expect(page.getByLabel("Your address on Oja")).toHaveValue(businessSlug);
    await expect(page.getByText(`oja.ng/${businessSlug} is available`)).toBeVisible();
    await page.getByLabel("Category").selectOption({ index: 1 });
    await page.getByLabel("City").fill("Ibadan");
    await page.getByLabel("Phone").fill("0803 123 4567");
    await page.getByLabel("Street address").fill("9 Bodija Market Road");
    await page
      .getByLabel("What you offer")
      .fill("Hand-woven aso oke caps, fans and wrappers, made to order in Ibadan.");
    await page
      .getByLabel("Logo (optional)")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: onePixelPng });
    await page.getByRole("button", { name: "Send application" }).click();
    const status = page.getByRole("region", { name: `Your application: ${businessName}` });
    await expect(status.getByText("Waiting for review.")).toBeVisible();
  });

  await test.step("the admin approves it on /admin/applications", async () => {
    const adminPage = await signedInPage(browser, baseURL, e2eTeam.admin.email);
    await openHydrated(adminPage, "/admin/applications");
    await expect(adminPage.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
    const application = adminPage.getByRole("article", { name: businessName });
    await expect(application).toContainText(`oja.ng/${businessSlug}`);
    await expect(application).toContainText(owner.email);
    await application.getByRole("button", { name: "Approve" }).click();
    await expect(adminPage.getByText(`${businessName} is approved and public.`)).toBeVisible();
    await expect(adminPage.getByRole("article", { name: businessName })).toHaveCount(0);
    await adminPage.context().close();
  });

  await test.step("the shopper, now owner, opens the console from /vendor", async () => {
    await openHydrated(page, "/vendor");
    await expect(page.getByRole("region", { name: /^Your application/ })).toHaveCount(0);
    await page
      .getByRole("region", { name: "Your businesses" })
      .getByRole("link", { name: new RegExp(businessName) })
      .click();
    await expect(page).toHaveURL(`/vendor/${businessSlug}`);
    await expect(page.getByText("Console · you are owner")).toBeVisible();
    await expect(page.getByText(`Welcome to ${businessName}'s console`)).toBeVisible();
  });

  const productSlug =
    await test.step("the owner adds an active product with a picture", async () => {
      await page.getByRole("link", { name: "Add your first product" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
      await page.getByRole("link", { name: "Add product" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
      await page.getByLabel("Name", { exact: true }).fill(productName);
      const slug = page.getByLabel("Slug", { exact: true });
      await expect(slug).toHaveValue(`aso-oke-fila-${word}`);
      await page.getByLabel("Price (₦)").fill("7250");
      await page.getByLabel("Stock").fill("4");
      await page.getByLabel("Status").selectOption("active");
      const picture = await sharp({
        create: { width: 800, height: 800, channels: 3, background: "#8b3a1f" },
      })
        .jpeg()
        .toBuffer();
      await page
        .getByLabel("Add pictures")
        .setInputFiles({ name: "fila.jpg", mimeType: "image/jpeg", buffer: picture });
      await expect(page.getByRole("img", { name: `${productName}, 1 of 1` })).toBeVisible();
      const value = await slug.inputValue();
      await page.getByRole("button", { name: "Create product" }).click();
      await expect(page.getByText("Product created.")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: productName })).toBeVisible();
      return value;
    });

  await test.step("the owner delivers in Ibadan for ₦1,500 (Delivery and pickup)", async () => {
    await page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: "Delivery and pickup" })
      .click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Delivery and pickup" }),
    ).toBeVisible();
    const place = page.getByRole("group", { name: "Place 1" });
    await place.getByLabel("City", { exact: true }).fill("Ibadan");
    await place.getByLabel("Fee (₦)").fill("1500");
    await place.getByLabel("Estimate").fill("Same day");
    await page.getByRole("button", { name: "Save delivery and pickup" }).click();
    await expect(page.getByText(/^Saved\. Checkout prices delivery/)).toBeVisible();
  });

  await test.step("the product is on the storefront and in search within seconds", async () => {
    await expect(async () => {
      await page.goto(`/b/${businessSlug}`);
      await expect(page.getByRole("heading", { name: productName })).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByRole("heading", { level: 1, name: businessName })).toBeVisible();
    await expect(page.getByText(price).first()).toBeVisible();

    await expect(async () => {
      await page.goto(`/search/${word}`);
      await expect(page.getByRole("heading", { name: productName }).first()).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 10_000 });

    await openHydrated(page, `/${businessSlug}/products/${productSlug}`);
    await expect(page.getByRole("heading", { level: 1, name: productName })).toBeVisible();
    await expect(page.locator(`img[src*="/media/uploads/img_"]`).first()).toBeVisible();
  });

  const buyerContext = await newWatchedContext(browser, { baseURL });
  const buyerPage = await buyerContext.newPage();
  const number = await test.step("a second new shopper buys it with the success card", async () => {
    await createAccount(buyerPage, buyer);
    await openHydrated(buyerPage, `/${businessSlug}/products/${productSlug}`);
    await buyerPage.getByRole("button", { name: "Add to cart", exact: true }).click();
    await expect(buyerPage.getByText(`${productName} added to your cart`)).toBeVisible();
    await openHydrated(buyerPage, "/cart");
    await buyerPage
      .getByRole("complementary", { name: "Summary" })
      .getByRole("link", { name: "Checkout" })
      .click();
    await expect(buyerPage.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(
      buyerPage.getByRole("region", { name: `Order from ${businessName}`, exact: true }),
    ).toContainText(`1 × ${price}`);
    await expect(buyerPage.getByTestId("checkout-total")).toHaveText(price);
    await fillContactAndAddress(buyerPage);
    await buyerPage
      .getByRole("region", { name: "Delivery address" })
      .getByLabel("City", { exact: true })
      .fill("Ibadan");
    await expect(buyerPage.getByTestId("checkout-total")).toHaveText(paid);
    await buyerPage.getByRole("button", { name: `Pay ${paid}`, exact: true }).click();
    await expectPopupAmount(buyerPage, paid);
    await payWithCard(buyerPage, paystackCards.success, paid);
    await expect(
      buyerPage.getByRole("heading", { level: 1, name: "Thank you: your payment went through" }),
    ).toBeVisible();
    const order = buyerPage.getByTestId("checkout-order");
    await expect(order).toHaveCount(1);
    await expect(order.getByText("Paid", { exact: true })).toBeVisible();
    const text = (await order.getByText(orderNumber).first().textContent())?.trim() ?? "";
    expect(text).toMatch(orderNumber);
    return text;
  });

  await test.step("the owner's dashboard counts it today and lists it to fulfil", async () => {
    await openHydrated(page, `/vendor/${businessSlug}`);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByTestId("sales-today")).toContainText("1 order");
    await expect(page.getByTestId("sales-today")).toContainText(paid);
    await expect(page.getByRole("region", { name: /^To fulfil/ })).toContainText(number);
  });

  await test.step("Orders lists it; the owner marks it fulfilled", async () => {
    await page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: "Orders" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    const row = page.getByRole("list", { name: "Orders" }).getByRole("link").filter({
      hasText: number,
    });
    await expect(row).toContainText("Paid");
    await row.click();
    await expect(page).toHaveURL(`/vendor/${businessSlug}/orders/${number}`);
    await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Buyer" })).toContainText(buyer.email);
    await expect(page.getByRole("region", { name: "Items" })).toContainText(`1 × ${productName}`);
    await page.getByRole("button", { name: "Mark fulfilled" }).click();
    await expect(page.getByText("Marked fulfilled. The shopper was emailed.")).toBeVisible();
    await expect(page.getByRole("region", { name: "History" })).toContainText("Fulfilled");
    await expect(page.getByRole("button", { name: "Mark fulfilled" })).toHaveCount(0);
  });

  await test.step("the buyer's email says the order is on its way", async () => {
    await openLatestEmail(buyerPage, buyer.email, `Your order ${number} is on its way`);
    await expect(buyerPage.getByRole("region", { name: "Plain text" })).toContainText(
      `${businessName} has sent your order ${number} on its way to`,
    );
  });
  await buyerContext.close();
});
