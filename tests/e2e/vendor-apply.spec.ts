import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createAccount,
  expect,
  followEmailLink,
  newAccountDetails,
  onePixelPng,
  openHydrated,
  openLatestEmail,
  resourceStatus,
  sandboxedEmailFrame,
  test,
} from "./fixtures.ts";

/**
 * Applying to list a business (issue 7, decision 016), in the browser: an unconfirmed shopper is
 * told to confirm first; once confirmed, the live address check answers as they type, a bad
 * form is refused field by field, and the application then waits for review. The admin's
 * approval and what follows are in vendor-journey.spec.ts (and, at the integration level,
 * app/console/applications.server.test.ts).
 */

test("a shopper confirms their email and applies to list a business, which then waits for review", async ({
  page,
  allowConsoleError,
}) => {
  test.setTimeout(90_000);
  // The refused form answers 400, which Chromium logs; the mailbox frame may refuse the tracer.
  allowConsoleError(resourceStatus(400), sandboxedEmailFrame);
  const account = newAccountDetails("vendor");
  const stamp = Date.now().toString(36);
  const name = `Adaeze Braids ${stamp}`;
  const slug = `adaeze-braids-${stamp}`;

  await test.step("before confirming the email, /vendor says how to", async () => {
    await createAccount(page, account);
    await openHydrated(page, "/vendor");
    await expect(page.getByRole("heading", { level: 1, name: "For businesses" })).toBeVisible();
    await expect(page.getByText(/first confirm your email address/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Send application" })).toHaveCount(0);
  });

  await test.step("confirm the email from the mailbox", async () => {
    await openLatestEmail(page, account.email, "Confirm your email for Oja");
    await followEmailLink(page, /\/CreateAccount\/verify\?token=/);
    await expect(page.getByRole("heading", { level: 1, name: "Email confirmed" })).toBeVisible();
  });

  await test.step("the address check answers as the shopper types", async () => {
    await openHydrated(page, "/vendor");
    const address = page.getByLabel("Your address on Oja");
    await page.getByLabel("Business name").fill(name);
    // The address follows the name until the shopper edits it.
    await expect(address).toHaveValue(slug);
    await expect(page.getByText(`oja.ng/${slug} is available`)).toBeVisible();
    await address.fill("checkout");
    await expect(page.getByText("This address is reserved by Oja; choose another")).toBeVisible();
    await address.fill(slug);
    await expect(page.getByText(`oja.ng/${slug} is available`)).toBeVisible();
  });

  await test.step("a form with mistakes is refused field by field", async () => {
    await page.getByLabel("Phone").fill("12345");
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(
      page.getByText("Enter a Nigerian phone number such as 0803 123 4567"),
    ).toBeVisible();
    await expect(page.getByLabel("Category")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Enter the city")).toBeVisible();
  });

  await test.step("the corrected application is sent with a logo and waits for review", async () => {
    await page.getByLabel("Category").selectOption({ index: 1 });
    await page.getByLabel("City").fill("Ibadan");
    await page.getByLabel("Phone").fill("0803 123 4567");
    await page.getByLabel("Street address").fill("4 Ring Road, Challenge");
    await page
      .getByLabel("What you offer")
      .fill("Knotless braids, cornrows and wig installs in a calm salon.");
    const logo = path.join(tmpdir(), `oja-logo-${stamp}.png`);
    writeFileSync(logo, onePixelPng);
    await page.getByLabel("Logo (optional)").setInputFiles(logo);
    await page.getByRole("button", { name: "Send application" }).click();
    const status = page.getByRole("region", { name: `Your application: ${name}` });
    await expect(status).toBeVisible();
    await expect(status.getByText("Waiting for review.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send application" })).toHaveCount(0);
    await expect(
      page.getByText(/apply for another business once this application is decided/),
    ).toBeVisible();
  });

  await test.step("the business is not public while it waits", async () => {
    allowConsoleError(resourceStatus(404));
    const response = await page.goto(`/${slug}`);
    expect(response?.status()).toBe(404);
  });
});
