import { e2eFixtures } from "../support/e2e-fixtures.ts";
import {
  expect,
  expectPopupAmount,
  openHydrated,
  openLatestEmail,
  paystackCards,
  payWithCard,
  resourceStatus,
  saveShot,
  test,
} from "./fixtures.ts";
import { phone } from "./journeys.ts";

/**
 * /pay/{id} in a browser (issue 24, decision 060): a guest pays a business's pay link through
 * the Paystack simulator's popup and gets a receipt; an open link refuses an amount outside its
 * range under the field; without the page's script the plain form goes to the provider's own
 * page and comes back paid through /pay/callback.
 */
test.use({ ...phone });

test("a guest pays an open pay link: amount checked, popup, paid, receipt", async ({
  page,
  allowConsoleError,
}) => {
  // The refused amount is answered 400, as every refused form is.
  allowConsoleError(resourceStatus(400));
  const { payLinks } = e2eFixtures();
  const email = `open-link-${Date.now()}@e2e.oja.test`;
  await openHydrated(page, `/pay/${payLinks.open}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deposit for a custom order");
  await saveShot(page, "pay-open-link");
  await page.getByLabel("Amount (₦)").fill("500");
  await page.getByLabel("Your email").fill(email);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByText("Enter at least ₦1,000.00")).toBeVisible();
  await expect(page.getByLabel("Amount (₦)")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Amount (₦)").fill("4,250.50");
  await page.getByRole("button", { name: "Pay" }).click();
  await expectPopupAmount(page, "₦4,250.50");
  await payWithCard(page, paystackCards.success, "₦4,250.50");
  await expect(page.getByRole("status").getByText("Payment received")).toBeVisible();
  await expect(page.getByText(`Your receipt is on its way to ${email}`)).toBeVisible();
  await saveShot(page, "pay-open-link-paid");
  await openLatestEmail(
    page,
    email,
    `Your Oja receipt: ₦4,250.50 to ${e2eFixtures().business.name}`,
  );
});

test.describe("without the page's script", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form pays on the provider's own page and comes back paid", async ({ page }) => {
    const { payLinks } = e2eFixtures();
    const email = `no-script-${Date.now()}@e2e.oja.test`;
    await page.goto(`/pay/${payLinks.fixed}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gele tying, one head");
    await page.getByLabel("Your email").fill(email);
    await page.getByRole("button", { name: "Pay ₦2,500.00" }).click();
    // The simulator's hosted page (the provider's own checkout page), without its script too.
    await page.getByLabel("Card number").fill(paystackCards.success);
    await page.getByLabel("Expiry date").fill("12/30");
    await page.getByLabel("CVV").fill("408");
    await page.getByRole("button", { name: "Pay ₦2,500.00", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/pay/${payLinks.fixed}\\?payment=`));
    await expect(page.getByText("Payment received")).toBeVisible();
  });
});
