import type { Browser, Page } from "@playwright/test";
import { e2eFixtures, e2eTeam } from "../support/e2e-fixtures.ts";
import {
  expect,
  expectPopupAmount,
  followEmailLink,
  newWatchedContext,
  openHydrated,
  openLatestEmail,
  paystackCards,
  payWithCard,
  sandboxedEmailFrame,
  test,
} from "./fixtures.ts";
import { phone, shootPhone, signedInPhone } from "./journeys.ts";

/**
 * Invoices and pay links paid for real (issue 24, decision 060), on phones, the manager and the
 * customer in browsers of their own:
 *
 * 1. A manager drafts and sends an invoice; the customer opens the emailed link as a guest,
 *    presses Pay on the invoice, pays in the simulator's popup; both receipts arrive, and the
 *    console shows the invoice opened and paid.
 * 2. A pay link paid three times lists three payments, with who paid, in the console.
 * 3. A voided invoice can't be paid: its page and /pay say so, and there's no Pay button.
 */
test.use({ viewport: phone });

/** Drafts and sends a one-line invoice from the console; its number and the customer's link. */
async function sendInvoice(manager: Page, customer: string, line: [string, string]) {
  const { business } = e2eFixtures();
  await openHydrated(manager, `/vendor/${business.slug}/invoices/new`);
  await manager.getByLabel("Name", { exact: true }).fill("Chiamaka Obi");
  await manager.getByLabel("Email", { exact: true }).fill(customer);
  const first = manager.getByRole("group", { name: "Line 1", exact: true });
  await first.getByLabel("Description").fill(line[0]);
  await first.getByLabel("Quantity").fill("1");
  await first.getByLabel("Unit price (₦)").fill(line[1]);
  await manager.getByRole("button", { name: "Save draft" }).click();
  await expect(manager.getByText("The draft is saved.")).toBeVisible();
  await manager.getByRole("button", { name: "Send invoice" }).click();
  const sent = manager.getByText(/^Sent as INV-\d{4}: the customer has an email with its link\.$/);
  await expect(sent).toBeVisible();
  const label = (await sent.textContent())?.match(/INV-\d{4}/)?.[0] ?? "";
  const link = (await manager.getByText(/\/invoices\/[\w-]{20,}$/).textContent())?.trim() ?? "";
  return { label, publicId: link.split("/invoices/")[1] ?? "", consoleUrl: manager.url() };
}

/**
 * The customer's phone: a guest in a browser of their own that says what a phone's Chrome says
 * (headless Chromium names itself a bot, and a bot's visit doesn't count as the invoice opened).
 */
async function guestPhone(browser: Browser, baseURL: string | undefined) {
  const context = await newWatchedContext(browser, {
    baseURL,
    viewport: phone,
    userAgent:
      "Mozilla/5.0 (Linux; Android 13; TECNO KI7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  });
  return context.newPage();
}

test("a sent invoice is paid by the customer as a guest; both get receipts; the console shows it paid", async ({
  browser,
  baseURL,
  allowConsoleError,
}) => {
  test.setTimeout(120_000);
  allowConsoleError(sandboxedEmailFrame);
  const { business } = e2eFixtures();
  const customer = `payer-${Date.now().toString(36)}@e2e.oja.test`;
  const manager = await signedInPhone(browser, baseURL, e2eTeam.manager.email);
  const invoice = await test.step("the manager drafts and sends it", () =>
    sendInvoice(manager, customer, ["Bridal hair and make-up", "45,000"]));

  const guest = await guestPhone(browser, baseURL);
  await test.step("the customer opens the emailed link and pays", async () => {
    await openLatestEmail(
      guest,
      customer,
      `Invoice ${invoice.label} from ${business.name}: ₦45,000.00`,
    );
    await followEmailLink(guest, /\/invoices\//);
    await expect(guest).toHaveURL(new RegExp(`/invoices/${invoice.publicId}$`));
    await expect(guest.getByRole("heading", { level: 1 })).toContainText(invoice.label);
    await guest.getByRole("link", { name: "Pay ₦45,000.00" }).click();
    await expect(guest).toHaveURL(new RegExp(`/pay/${invoice.publicId}$`));
    await expect(guest.getByLabel("Your email")).toHaveValue(customer);
    await shootPhone(guest, "pay-invoice");
    await guest.getByRole("button", { name: "Pay ₦45,000.00" }).click();
    await expectPopupAmount(guest, "₦45,000.00");
    await payWithCard(guest, paystackCards.success, "₦45,000.00");
    await expect(guest.getByRole("status").getByText("Payment received")).toBeVisible();
    await shootPhone(guest, "pay-invoice-paid");
  });

  await test.step("both receipts arrive", async () => {
    await openLatestEmail(guest, customer, `Your Oja receipt: ₦45,000.00 to ${business.name}`);
    await openLatestEmail(
      manager,
      e2eTeam.manager.email,
      `Paid: Invoice ${invoice.label}, ₦45,000.00`,
    );
  });

  await test.step("the invoice says paid, to the customer and in the console", async () => {
    await guest.goto(`/invoices/${invoice.publicId}`);
    await expect(guest.getByText(/^Paid on /).first()).toBeVisible();
    await expect(guest.getByRole("link", { name: /^Pay / })).toHaveCount(0);
    await openHydrated(manager, invoice.consoleUrl);
    const history = manager.getByRole("region", { name: "History" });
    await expect(history.getByText("Opened by the customer")).toBeVisible();
    await expect(history.getByText("Not yet")).toHaveCount(0);
    await expect(history.getByText("Paid", { exact: true })).toBeVisible();
    await openHydrated(manager, `/vendor/${business.slug}/invoices`);
    const row = manager
      .getByRole("list", { name: "Invoices" })
      .getByRole("link")
      .filter({ hasText: invoice.label });
    await expect(row).toContainText("Paid");
    await shootPhone(manager, "invoices-list-paid");
  });

  await test.step("the payouts count it: ₦45,000.00 less 5% commission", async () => {
    await openHydrated(manager, `/vendor/${business.slug}/payouts`);
    const bills = manager.getByRole("region", { name: "Invoices and pay links" });
    const line = bills.getByRole("row").filter({ hasText: `Invoice ${invoice.label}` });
    await expect(line).toContainText("₦45,000.00");
    await expect(line).toContainText("₦42,750.00");
    await shootPhone(manager, "payouts-with-invoice");
  });
  await guest.context().close();
  await manager.context().close();
});

test("a pay link paid three times lists its three payments in the console", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { business } = e2eFixtures();
  const manager = await signedInPhone(browser, baseURL, e2eTeam.manager.email);
  const description = `Ankara fabric, 6 yards ${Date.now().toString(36)}`;
  await openHydrated(manager, `/vendor/${business.slug}/pay-links`);
  await manager.getByLabel("What it's for").fill(description);
  await manager.getByLabel("Amount (₦)").fill("3,000");
  await manager.getByRole("button", { name: "Make the link" }).click();
  const item = manager
    .getByRole("list", { name: "Your pay links" })
    .getByRole("listitem")
    .filter({ hasText: description });
  const url = (await item.getByText(/\/pay\/[\w-]{20,}$/).textContent())?.trim() ?? "";
  const path = new URL(url).pathname;

  const guest = await guestPhone(browser, baseURL);
  const payers = [1, 2, 3].map((n) => `buyer${n}-${Date.now().toString(36)}@e2e.oja.test`);
  for (const payer of payers) {
    await openHydrated(guest, path);
    await guest.getByLabel("Your email").fill(payer);
    await guest.getByRole("button", { name: "Pay ₦3,000.00" }).click();
    await expectPopupAmount(guest, "₦3,000.00");
    await payWithCard(guest, paystackCards.success, "₦3,000.00");
    await expect(guest.getByRole("status").getByText("Payment received")).toBeVisible();
  }

  await openHydrated(manager, `/vendor/${business.slug}/pay-links`);
  await expect(item.getByText("3 paid")).toBeVisible();
  await item.getByText("3 payments").click();
  const listed = manager.getByRole("list", { name: `Payments of ${description}` });
  await expect(listed.getByRole("listitem")).toHaveCount(3);
  for (const payer of payers) await expect(listed.getByText(payer)).toBeVisible();
  await shootPhone(manager, "pay-links-three-payments");
  await guest.context().close();
  await manager.context().close();
});

test("a voided invoice can't be paid", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const customer = `voided-${Date.now().toString(36)}@e2e.oja.test`;
  const manager = await signedInPhone(browser, baseURL, e2eTeam.manager.email);
  const invoice = await sendInvoice(manager, customer, ["Wrong amount", "9,000"]);
  manager.once("dialog", (dialog) => dialog.accept());
  await manager.getByRole("button", { name: "Void invoice" }).click();
  await expect(
    manager.getByText("Voided: the customer's link shows it as void and it can't be paid."),
  ).toBeVisible();

  const guest = await guestPhone(browser, baseURL);
  await openHydrated(guest, `/invoices/${invoice.publicId}`);
  await expect(guest.getByRole("link", { name: /^Pay / })).toHaveCount(0);
  await openHydrated(guest, `/pay/${invoice.publicId}`);
  await expect(
    guest.getByText("This invoice was cancelled by the business, so it can't be paid."),
  ).toBeVisible();
  await expect(guest.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
  await shootPhone(guest, "pay-invoice-void");
  await guest.context().close();
  await manager.context().close();
});
