import type { APIRequestContext } from "@playwright/test";
import { expect, openHydrated, test } from "./fixtures.ts";

/**
 * A business's own shop: the storefront (/b/{slug}), a collection, and the product page with
 * its size picker, quantity and add to cart. The demo data decides which products have sizes
 * or are sold out, so the tests find them by reading pages, as a shopper would.
 */
// Finding the right demo products reads a few dozen pages first.
test.describe.configure({ timeout: 60_000 });

interface SizedProduct {
  businessSlug: string;
  collectionPath: string;
  collectionName: string;
  productPath: string;
}

async function html(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

function paths(text: string, pattern: RegExp): string[] {
  return [...new Set([...text.matchAll(pattern)].map((match) => match[1] ?? ""))];
}

/** Every path a sitemap file lists (its URLs are absolute on PUBLIC_URL). */
async function sitemapPaths(request: APIRequestContext, name: string): Promise<string[]> {
  const xml = await html(request, `/sitemaps/${name}`);
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
}

/** The first business whose collection holds an in-stock product that has sizes. */
async function findSizedProduct(request: APIRequestContext): Promise<SizedProduct> {
  for (const businessPath of await sitemapPaths(request, "businesses-1.xml")) {
    const businessSlug = businessPath.slice(1);
    const storefront = await html(request, `/b/${businessSlug}`);
    const collections = paths(storefront, /href="(\/b\/[^"/]+\/collection\/[^"]+)"/g);
    for (const collectionPath of collections.slice(0, 1)) {
      const page = await html(request, collectionPath);
      const collectionName = /<h1[^>]*>([^<]+)<\/h1>/.exec(page)?.[1] ?? "";
      const products = paths(page, /href="(\/[^"/]+\/products\/[^"]+)"/g);
      for (const productPath of products) {
        const product = await html(request, productPath);
        // The product's own button says "Sold out" (cards of others on the page may too).
        if (product.includes('name="size"') && !product.includes("Sold out</button>")) {
          return { businessSlug, collectionPath, collectionName, productPath };
        }
      }
    }
  }
  throw new Error("No demo business has an in-stock product with sizes in a collection");
}

test("a shopper opens a storefront, a collection and a product, and adds size and quantity 2 to the cart", async ({
  page,
}) => {
  const found = await findSizedProduct(page.request);
  await openHydrated(page, `/b/${found.businessSlug}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("No reviews yet")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Products" }).getByRole("article").first(),
  ).toBeVisible();

  await page
    .getByRole("navigation", { name: "Collections" })
    .getByRole("link", { name: found.collectionName, exact: true })
    .click();
  await expect(page).toHaveURL(found.collectionPath);
  await expect(page.getByRole("heading", { level: 1, name: found.collectionName })).toBeVisible();

  const productLink = page.locator(`a[href="${found.productPath}"]`).last();
  const name = (await productLink.textContent())?.trim() ?? "";
  expect(name).not.toBe("");
  await productLink.click();
  await expect(page).toHaveURL(found.productPath);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const sizes = page.getByRole("group", { name: /Size/ }).getByRole("radio");
  const size = (await sizes.nth(1).getAttribute("value")) ?? "";
  await page.getByRole("group", { name: /Size/ }).getByText(size, { exact: true }).click();
  await expect(sizes.nth(1)).toBeChecked();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText(`${name} added to your cart`)).toBeVisible();
  await expect(page.getByText(`You have 2 in size ${size} in your cart.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Update cart" })).toBeVisible();

  await openHydrated(page, "/cart");
  const line = page.getByTestId("cart-line").filter({ hasText: name });
  await expect(line).toHaveCount(1);
  await expect(line.getByRole("status", { name: `Quantity of ${name}` })).toHaveText("2");
  await expect(line.getByRole("combobox", { name: "Size" })).toHaveValue(size);
});

test("a product with sizes asks for one before it goes in the cart", async ({ page }) => {
  const found = await findSizedProduct(page.request);
  await openHydrated(page, found.productPath);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Choose a size")).toBeVisible();
  await expect(page.getByRole("group", { name: /Size/ }).getByRole("radio").first()).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem("cart"))).toBeNull();
});

test("a sold-out product says so and cannot be added to the cart", async ({ page }) => {
  const products = await sitemapPaths(page.request, "products-1.xml");
  let soldOut: string | undefined;
  for (let start = 0; start < products.length && !soldOut; start += 8) {
    const batch = products.slice(start, start + 8);
    const pages = await Promise.all(batch.map((path) => html(page.request, path)));
    soldOut = batch.find((_path, index) => pages[index]?.includes("Sold out</button>"));
  }
  test.skip(!soldOut, "The demo data has no sold-out product");
  await openHydrated(page, soldOut as string);
  await expect(page.getByText("Sold out", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Sold out" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Sold out" })).toHaveAccessibleDescription(
    /can't be added to the cart until .+ has it again/,
  );
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
});

test("the storefront's search box searches inside that business", async ({ page }) => {
  const [businessPath] = await sitemapPaths(page.request, "businesses-1.xml");
  const slug = businessPath?.slice(1) ?? "";
  await openHydrated(page, `/b/${slug}`);
  const name = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
  const search = page.getByRole("search").getByRole("searchbox", { name: `Search ${name}` });
  await search.fill("gift box");
  await search.press("Enter");
  await expect(page).toHaveURL(`/b/${slug}/gift%20box`);
});
