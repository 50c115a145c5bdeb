import { e2eFixtures, e2ePassword, e2eTeam } from "../support/e2e-fixtures.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  openHydrated,
  openLatestEmail,
  resourceStatus,
  sandboxedEmailFrame,
  saveShot,
  signIn,
  test,
} from "./fixtures.ts";
import { phone, shootPhone, signedInPhone } from "./journeys.ts";

/**
 * Invoices and pay links in the console (issue 24), on a phone: a manager drafts an invoice
 * with a line from the catalogue and a line of their own words, is told under the second line
 * what is wrong with it (the rest of the form kept as typed), saves the draft, sends it, and the
 * customer's email is in the mailbox with the invoice's number and total. Then a pay link is
 * made and its link shown to copy.
 *
 * E2E_SHOTS=/tmp/shots-console saves the screens at phone width (and the draft's at 1280).
 */
test("a manager drafts an invoice, fixes a bad line, sends it, and the customer is emailed", async ({
  browser,
  baseURL,
  allowConsoleError,
}) => {
  test.setTimeout(90_000);
  // The refused form answers 400; the mailbox shows the email in a sandboxed frame.
  allowConsoleError(resourceStatus(400));
  allowConsoleError(sandboxedEmailFrame);
  const { business } = e2eFixtures();
  const customer = `invoice-${Date.now().toString(36)}@e2e.oja.test`;
  const manager = await signedInPhone(browser, baseURL, e2eTeam.manager.email);
  const base = `/vendor/${business.slug}/invoices`;

  await test.step("the list links to a new invoice", async () => {
    await openHydrated(manager, base);
    await expect(manager.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
    await shootPhone(manager, "invoices-list");
    await manager.getByRole("link", { name: "New invoice" }).click();
    await expect(manager.getByRole("heading", { level: 1, name: "New invoice" })).toBeVisible();
  });

  const line = (number: number) =>
    manager.getByRole("group", { name: `Line ${number}`, exact: true });

  await test.step("a bad second line is refused under its fields; what was typed stays", async () => {
    await manager.getByLabel("Name", { exact: true }).fill("Chiamaka Obi");
    await manager.getByLabel("Email", { exact: true }).fill(customer);
    const product = line(1).getByLabel("Product");
    const firstProduct = await product.locator("option").nth(1).getAttribute("value");
    await product.selectOption(firstProduct ?? "");
    await line(1).getByLabel("Quantity").fill("2");
    await line(2).getByLabel("Description").fill("Design of the shop sign");
    await line(2).getByLabel("Quantity").fill("0");
    await line(2).getByLabel("Unit price (₦)").fill("twenty");
    await shootPhone(manager, "invoice-new");
    await manager.getByRole("button", { name: "Save draft" }).click();
    await expect(
      line(2).getByText("Quantity must be a whole number from 1 to 10,000"),
    ).toBeVisible();
    await expect(
      line(2).getByText("Unit price must be an amount like 18000 or 18000.50"),
    ).toBeVisible();
    await expect(line(2).getByLabel("Quantity")).toHaveAttribute("aria-invalid", "true");
    await expect(manager.getByText("Nothing was saved: 2 fields need a fix below.")).toBeVisible();
    await expect(line(2).getByLabel("Description")).toHaveValue("Design of the shop sign");
    await expect(manager.getByLabel("Email", { exact: true })).toHaveValue(customer);
    await shootPhone(manager, "invoice-new-refused");
  });

  let total = "";
  await test.step("fixed, it is saved as a draft with its totals", async () => {
    await line(2).getByLabel("Quantity").fill("1");
    await line(2).getByLabel("Unit price (₦)").fill("20,000");
    await manager.getByLabel("Charge VAT (7.5%)").check();
    await manager.getByRole("button", { name: "Save draft" }).click();
    await expect(
      manager.getByRole("heading", { level: 1, name: "Draft for Chiamaka Obi" }),
    ).toBeVisible();
    await expect(manager.getByText("The draft is saved.")).toBeVisible();
    const send = manager.getByRole("region", { name: "Send it" });
    await expect(send.getByText("VAT (7.5%)")).toBeVisible();
    total = (await send.locator("dd").last().textContent())?.trim() ?? "";
    expect(total).toMatch(/^₦[\d,]+\.\d{2}$/);
    await shootPhone(manager, "invoice-draft");
    // The lines' fields sit in one row on a wide screen.
    await manager.setViewportSize({ width: 1280, height: 800 });
    await expectNoHorizontalOverflow(manager);
    await saveShot(manager, "invoice-draft-1280");
    await manager.setViewportSize(phone);
  });

  let label = "";
  await test.step("sent, it has a number and the customer's link", async () => {
    await manager.getByRole("button", { name: "Send invoice" }).click();
    const sent = manager.getByText(
      /^Sent as INV-\d{4}: the customer has an email with its link\.$/,
    );
    await expect(sent).toBeVisible();
    label = (await sent.textContent())?.match(/INV-\d{4}/)?.[0] ?? "";
    await expect(manager.getByRole("heading", { level: 1, name: label })).toBeVisible();
    await expect(manager.getByText("Sent", { exact: true }).first()).toBeVisible();
    await expect(manager.getByText(/\/invoices\/[\w-]{20,}$/)).toBeVisible();
    await expect(manager.getByRole("button", { name: /Copy the customer's link/ })).toBeVisible();
    await shootPhone(manager, "invoice-sent");
    await manager.getByRole("link", { name: "Invoices" }).first().click();
    // Other journeys add invoices at the same time: the row is found by its number.
    const row = manager
      .getByRole("list", { name: "Invoices" })
      .getByRole("link")
      .filter({ hasText: label });
    await expect(row).toContainText(label);
    await expect(row).toContainText("Chiamaka Obi");
    await shootPhone(manager, "invoices-list-sent");
  });

  await test.step("the customer's email has the number, the total and the link", async () => {
    await openLatestEmail(manager, customer, `Invoice ${label} from ${business.name}: ${total}`);
    await saveShot(manager, "invoice-email-390");
  });
  await manager.context().close();
});

test("a manager makes a pay link for an amount the customer enters, and sees it to copy", async ({
  browser,
  baseURL,
  allowConsoleError,
}) => {
  allowConsoleError(resourceStatus(400));
  const { business } = e2eFixtures();
  const manager = await signedInPhone(browser, baseURL, e2eTeam.manager.email);
  await openHydrated(manager, `/vendor/${business.slug}/pay-links`);
  await expect(manager.getByRole("heading", { level: 1, name: "Pay links" })).toBeVisible();
  const description = `Deposit for a cake ${Date.now().toString(36)}`;
  await manager.getByLabel("What it's for").fill(description);
  await manager.getByLabel("The customer enters it").check();
  await expect(manager.getByLabel("Amount (₦)")).toHaveCount(0);
  await manager.getByLabel("Lowest (₦, optional)").fill("50,000");
  await manager.getByLabel("Highest (₦, optional)").fill("1000");
  await manager.getByRole("button", { name: "Make the link" }).click();
  await expect(manager.getByText("Highest amount can't be below the lowest")).toBeVisible();
  await manager.getByLabel("Lowest (₦, optional)").fill("1000");
  await manager.getByLabel("Highest (₦, optional)").fill("50,000");
  await manager.getByRole("button", { name: "Make the link" }).click();
  await expect(manager.getByText(`Made: copy the link of “${description}”`)).toBeVisible();
  const item = manager
    .getByRole("list", { name: "Your pay links" })
    .getByRole("listitem")
    .filter({ hasText: description });
  await expect(item.getByText("Customer enters (₦1,000.00–₦50,000.00)")).toBeVisible();
  await expect(item.getByText("Active")).toBeVisible();
  await expect(item.getByText(/\/pay\/[\w-]{20,}$/)).toBeVisible();
  await shootPhone(manager, "pay-links");
  await manager.context().close();
});

test("staff don't bill: no Invoices or Pay links in their console, and the pages are 404s to them", async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(resourceStatus(404));
  const { business } = e2eFixtures();
  await signIn(page, e2eTeam.staff.email, e2ePassword);
  await openHydrated(page, `/vendor/${business.slug}`);
  const menu = page.getByRole("navigation", { name: "Console" });
  await expect(menu.getByRole("link", { name: "Orders" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Invoices" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Pay links" })).toHaveCount(0);
  for (const path of ["invoices", "invoices/new", "pay-links"]) {
    const answer = await page.goto(`/vendor/${business.slug}/${path}`);
    expect(answer?.status(), path).toBe(404);
  }
});
