import sharp from "sharp";
import { e2eFixtures, e2ePassword, e2eTeam } from "../support/e2e-fixtures.ts";
import { expect, openHydrated, resourceStatus, signIn, test } from "./fixtures.ts";

/**
 * The catalogue in the console (issue 7): a manager adds a product with a picture, and shoppers
 * find it on the storefront, its page and in search within seconds; a CSV with a bad line imports
 * nothing; staff don't see the catalogue at all.
 */
/** The demo business the e2e server made the team members of, known once the server runs. */
const business = () => e2eFixtures().business;
const products = () => `/vendor/${business().slug}/products`;

// Refused forms answer 400, and an archived product's page 404, as they should.
// One pattern: Playwright reads a two-item array as [value, fixture options].
test.use({
  allowConsoleErrors: [new RegExp(`${resourceStatus(400).source}|${resourceStatus(404).source}`)],
});

test("a manager adds a product with a picture; it is on the storefront and in search within seconds", async ({
  page,
}) => {
  // A journey over eight pages with two waits for the change to spread (up to 10 s each): ~14 s
  // alone, past 30 s on a 2-core CI machine running the other worker beside it.
  test.slow();
  const word = `adire${Date.now().toString(36)}`;
  const name = `Adire silk scarf ${word}`;
  await signIn(page, e2eTeam.manager.email, e2ePassword);
  await openHydrated(page, products());
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await page.getByRole("link", { name: "Add product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill(name);
  await expect(page.getByLabel("Slug", { exact: true })).toHaveValue(`adire-silk-scarf-${word}`);
  await page.getByLabel("Price (₦)").fill("18,500");
  await page.getByLabel("Compare-at price (₦, optional)").fill("18000");
  await page.getByLabel("Stock").fill("6");
  await page.getByLabel("Status").selectOption("active");
  await page.getByLabel("Sizes (optional)").fill("One size");
  await page.getByLabel("Tags (optional)").fill("scarf, gift-idea");

  const picture = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: "#1f5f8b" },
  })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel("Add pictures")
    .setInputFiles({ name: "scarf.jpg", mimeType: "image/jpeg", buffer: picture });
  await expect(page.getByRole("img", { name: `${name}, 1 of 1` })).toBeVisible();
  await expect(page.getByText("Main", { exact: true })).toBeVisible();

  // The compare-at price is below the price: refused beside the field, the picture kept.
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(
    page.getByText("Compare-at price must be above the price (it shows the saving)"),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: `${name}, 1 of 1` })).toBeVisible();
  await page.getByLabel("Compare-at price (₦, optional)").fill("21,000.00");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Product created.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const slug = `adire-silk-scarf-${word}`;
  await openHydrated(page, `/b/${business().slug}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();

  await openHydrated(page, `/${business().slug}/products/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("₦18,500.00").first()).toBeVisible();
  await expect(page.locator(`img[src*="/media/uploads/img_"]`).first()).toBeVisible();

  await expect(async () => {
    await page.goto(`/search/${word}`);
    await expect(page.getByRole("heading", { name }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });

  // Archived, it leaves the shop.
  await openHydrated(page, products());
  await page.getByRole("link", { name: new RegExp(name) }).click();
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText("Archived. Shoppers no longer see this product.")).toBeVisible();
  // Its page leaves the render cache with the next poll (decision 033): within seconds.
  await expect(async () => {
    const gone = await page.goto(`/${business().slug}/products/${slug}`);
    expect(gone?.status()).toBe(404);
  }).toPass({ timeout: 10_000 });
});

test.describe("CSV import", () => {
  test("a file with a bad line imports nothing and names the line; the fixed file imports", async ({
    page,
  }) => {
    const word = `kente${Date.now().toString(36)}`;
    const header = "slug,name,description,price_naira,compare_at_naira,sizes,stock,tags,status";
    const bad = `${header}\n${word}-1,Kente stole,,9500,,,3,,draft\n${word}-2,Kente bag,,nine,,,1,,draft\n`;
    await signIn(page, e2eTeam.manager.email, e2ePassword);
    await openHydrated(page, `${products()}/import`);
    const file = page.getByLabel("CSV file");
    await file.setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    await page.getByRole("button", { name: "Import" }).click();
    const problems = page.getByRole("list", { name: "Problems in the file" });
    await expect(problems).toBeVisible();
    await expect(problems.getByRole("listitem")).toHaveText([
      "Line 3: price must be a number like 12500.00",
    ]);
    await openHydrated(page, `${products()}?q=${word}`);
    await expect(page.getByText("No products match")).toBeVisible();

    await openHydrated(page, `${products()}/import`);
    const good = bad.replace(",nine,", ",9000.50,");
    await file.setInputFiles({ name: "good.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByText("Imported: 2 new, 0 updated.")).toBeVisible();
    await openHydrated(page, `${products()}?q=${word}`);
    await expect(page.getByRole("list", { name: "Products" }).getByRole("listitem")).toHaveCount(2);
  });
});

test.describe("staff", () => {
  test("staff see no catalogue in the console, and its pages are 404s to them", async ({
    page,
  }) => {
    await signIn(page, e2eTeam.staff.email, e2ePassword);
    await openHydrated(page, `/vendor/${business().slug}`);
    const menu = page.getByRole("navigation", { name: "Console" });
    await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Products" })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Collections" })).toHaveCount(0);
    const answer = await page.goto(`${products()}/new`);
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  });
});

test("a manager makes a collection, chooses its products in order, and the storefront shows them so", async ({
  page,
}) => {
  const word = `picks${Date.now().toString(36)}`;
  await signIn(page, e2eTeam.manager.email, e2ePassword);
  await openHydrated(page, `/vendor/${business().slug}/collections`);
  const newForm = page.getByRole("form", { name: "New collection" });
  await newForm.getByLabel("Name", { exact: true }).fill(`Weekend picks ${word}`);
  await newForm.getByRole("button", { name: "Create collection" }).click();
  await expect(page.getByText("Collection created. Now choose its products.")).toBeVisible();

  // The field is the plain one until it is used; pressing it brings the list.
  const field = page.getByRole("combobox", { name: "Products, in the order shown" });
  const listbox = page.getByRole("listbox", { name: "Products, in the order shown" });
  await field.click();
  await expect(listbox.getByRole("option")).not.toHaveCount(0);
  const labels = (await listbox.getByRole("option").allTextContents()).map((text) => text.trim());
  const [first, second] = labels;
  if (!first || !second) throw new Error("The demo business sells fewer than two products");
  // Chosen second one first: the collection keeps the order chosen.
  await listbox.getByRole("option", { name: second, exact: true }).click();
  await listbox.getByRole("option", { name: first, exact: true }).click();
  await page.keyboard.press("Escape");
  const chips = page.getByRole("button", { name: /^Remove / });
  await expect(chips).toHaveText(["", ""]);
  await expect(chips.nth(0)).toHaveAccessibleName(`Remove ${second}`);
  await expect(chips.nth(1)).toHaveAccessibleName(`Remove ${first}`);
  await page.getByRole("button", { name: "Save collection" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();

  // From the server's HTML on, before the combobox loads: the chips, in order.
  await openHydrated(page, page.url());
  await expect(chips.nth(0)).toHaveAccessibleName(`Remove ${second}`);
  await expect(chips.nth(1)).toHaveAccessibleName(`Remove ${first}`);

  await page.goto(`/b/${business().slug}/collection/weekend-picks-${word}`);
  const main = page.getByRole("main");
  await expect(main.getByText(second, { exact: true }).first()).toBeVisible();
  const text = await main.innerText();
  expect(text.indexOf(second)).toBeGreaterThan(-1);
  expect(text.indexOf(second)).toBeLessThan(text.indexOf(first));
});
