import { mkdirSync } from "node:fs";
import { e2eFixtures } from "../support/e2e-fixtures.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  newWatchedContext,
  openHydrated,
  saveShot,
  test,
} from "./fixtures.ts";

/**
 * The customer's invoice (issue 24, decision 059), opened from its link by a guest on a phone
 * and a laptop: the invoice's number, lines and totals, and "Pay" leading to /pay/{id}; printed,
 * only the invoice is on the paper; "Download PDF" saves INV-…-{business}.pdf. The e2e data sent
 * the invoice (e2e-fixtures.ts).
 *
 * E2E_SHOTS=/tmp/shots saves the page at 390 and 1280 px, its print view, the printed A4 sheet
 * and the downloaded PDF.
 */
const viewports = [
  { label: "390", width: 390, height: 844 },
  { label: "1280", width: 1280, height: 800 },
];

for (const viewport of viewports) {
  test(`a customer opens an invoice at ${viewport.label} px, prints it and downloads its PDF`, async ({
    browser,
    baseURL,
  }) => {
    const { sampleInvoice, business } = e2eFixtures();
    const context = await newWatchedContext(browser, {
      baseURL,
      viewport: { width: viewport.width, height: viewport.height },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const url = `/invoices/${sampleInvoice.publicId}`;
    try {
      await test.step("the invoice: its number, customer, three lines, totals, and Pay", async () => {
        const response = await openHydrated(page, url);
        expect(response?.status()).toBe(200);
        expect(response?.headers()["cache-control"]).toBe("private, no-store");
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
        await expect(
          page.getByRole("heading", { level: 1, name: `Invoice ${sampleInvoice.label}` }),
        ).toBeVisible();
        await expect(page.getByRole("link", { name: business.name })).toHaveAttribute(
          "href",
          `/${business.slug}`,
        );
        await expect(page.getByText(sampleInvoice.customerName)).toBeVisible();
        const table = page.getByRole("table", {
          name: `What invoice ${sampleInvoice.label} is for`,
        });
        await expect(table.getByRole("row")).toHaveCount(4);
        await expect(page.getByText("Discount (10% off)")).toBeVisible();
        await expect(page.getByText("VAT 7.5%")).toBeVisible();
        await expect(page.getByText(/^Due \d{1,2} \w{3} \d{4}$/)).toBeVisible();
        const pay = page.getByRole("link", { name: /^Pay ₦[\d,]+\.\d\d$/ });
        await expect(pay).toHaveAttribute("href", `/pay/${sampleInvoice.publicId}`);
        await expectNoHorizontalOverflow(page);
        await saveShot(page, `invoice-${viewport.label}`);
      });

      await test.step("printed, only the invoice is on the page", async () => {
        await page.emulateMedia({ media: "print" });
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("banner").first()).toBeHidden();
        await expect(page.getByRole("contentinfo")).toBeHidden();
        await expect(page.getByRole("link", { name: /^Pay ₦/ })).toBeHidden();
        await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
        await expect(page.getByText(`${baseURL}/pay/${sampleInvoice.publicId}`)).toBeVisible();
        await saveShot(page, `invoice-${viewport.label}-print`);
        const dir = process.env.E2E_SHOTS;
        if (dir && viewport.label === "1280") {
          mkdirSync(dir, { recursive: true });
          await page.pdf({ path: `${dir}/invoice-printed.pdf`, preferCSSPageSize: true });
        }
        await page.emulateMedia({ media: "screen" });
      });

      await test.step("Download PDF saves the invoice as a PDF named after it", async () => {
        const download = page.waitForEvent("download");
        await page.getByRole("link", { name: "Download PDF" }).click();
        const file = await download;
        expect(file.suggestedFilename()).toBe(`${sampleInvoice.label}-${business.slug}.pdf`);
        const dir = process.env.E2E_SHOTS;
        if (dir && viewport.label === "1280") await file.saveAs(`${dir}/invoice-download.pdf`);
      });
    } finally {
      await context.close();
    }
  });
}
