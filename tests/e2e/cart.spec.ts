import type { Locator, Page } from "@playwright/test";
import {
  addCardToCart,
  expect,
  formatKobo,
  openHydrated,
  parseNaira,
  test,
  waitForHydration,
} from "./fixtures.ts";

/**
 * The spec's cart (sections 3, 4 and 9): a list in localStorage["cart"], one line per product,
 * grouped by business on the cart page, summed in kobo and shown as ₦1,234.50. The header's
 * cart link counts distinct items. Every test starts with a fresh browser context, so an empty
 * cart.
 */
interface Card {
  name: string;
  businessName: string;
  priceKobo: number;
  card: Locator;
}

/**
 * The product cards of the home page with what each one shows: the business line
 * "{business} · {city}", the product's name, then its price (and maybe the old price).
 */
async function readCards(page: Page): Promise<Card[]> {
  const cards = page.getByRole("region", { name: "Popular right now" }).getByRole("article");
  await expect(cards.first()).toBeVisible();
  const texts = await cards.allInnerTexts();
  return texts.map((text, index) => {
    const [businessLine = "", name = ""] = text
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    return {
      name,
      businessName: businessLine.split(" · ")[0]?.trim() ?? "",
      priceKobo: parseNaira(text),
      card: cards.nth(index),
    };
  });
}

/** The first product card of the home page. */
async function firstProduct(page: Page): Promise<Card> {
  const [first] = await readCards(page);
  if (!first) throw new Error("The home page shows no product");
  return first;
}

/** Two products of the home page sold by different businesses. */
async function twoBusinesses(page: Page): Promise<[Card, Card]> {
  const cards = await readCards(page);
  const first = cards[0];
  const second = cards.find(
    (card) => card.businessName !== first?.businessName && card.name !== first?.name,
  );
  if (!first || !second) throw new Error("The home page shows products of only one business");
  return [first, second];
}

const addToCart = (product: Card) => addCardToCart(product.card, product.name);

function cartLink(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Cart, \d+ items?$/ });
}

async function openCart(page: Page) {
  await openHydrated(page, "/cart");
  await expect(page.getByText("Loading your cart…")).toHaveCount(0);
}

function quantityOf(page: Page, name: string) {
  return page.getByRole("status", { name: `Quantity of ${name}`, exact: true });
}

function businessSection(page: Page, businessName: string) {
  return page.getByRole("region", { name: businessName, exact: true });
}

test("adding a product shows a toast and counts one item in the header", async ({ page }) => {
  await openHydrated(page, "/");
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 0 items");
  const product = await firstProduct(page);
  await addToCart(product);
  await expect(page.getByText(`${product.name} added to your cart`)).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");
});

test("adding the same product again keeps one item with quantity 2", async ({ page }) => {
  await openHydrated(page, "/");
  const product = await firstProduct(page);
  await addToCart(product);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");
  await addToCart(product);
  await expect(page.getByText(`${product.name}: 2 in your cart`)).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");

  await openCart(page);
  await expect(page.getByRole("listitem").filter({ hasText: product.name })).toHaveCount(1);
  await expect(quantityOf(page, product.name)).toHaveText("2");
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");
});

test("products of two businesses are grouped with a subtotal each and the total of both", async ({
  page,
}) => {
  await openHydrated(page, "/");
  const [a, b] = await twoBusinesses(page);
  await addToCart(a);
  await addToCart(a);
  await addToCart(b);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 2 items");

  await openCart(page);
  const subtotalA = a.priceKobo * 2;
  const subtotalB = b.priceKobo;
  for (const [product, subtotal] of [
    [a, subtotalA],
    [b, subtotalB],
  ] as const) {
    const section = businessSection(page, product.businessName);
    await expect(section).toBeVisible();
    await expect(section.getByRole("link", { name: product.name, exact: true })).toBeVisible();
    await expect(
      section.getByRole("paragraph").filter({ hasText: `Subtotal from ${product.businessName}` }),
    ).toHaveText(`Subtotal from ${product.businessName}${formatKobo(subtotal)}`);
  }
  await expect(
    page.getByRole("region", { name: /./ }).filter({ hasText: "Subtotal from" }),
  ).toHaveCount(2);

  const summary = page.getByRole("complementary", { name: "Summary" });
  await expect(summary.getByRole("paragraph").filter({ hasText: /^Total/ })).toHaveText(
    `Total${formatKobo(subtotalA + subtotalB)}`,
  );
});

test("the cart survives a reload", async ({ page }) => {
  await openHydrated(page, "/");
  const [a, b] = await twoBusinesses(page);
  await addToCart(a);
  await addToCart(b);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 2 items");

  await page.reload();
  await waitForHydration(page);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 2 items");
  await openCart(page);
  await expect(quantityOf(page, a.name)).toHaveText("1");
  await expect(quantityOf(page, b.name)).toHaveText("1");
});

test("a second tab shows the same cart and follows a removal made in the first", async ({
  page,
  context,
}) => {
  await openHydrated(page, "/");
  const [a, b] = await twoBusinesses(page);
  await addToCart(a);
  await addToCart(b);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 2 items");
  await openCart(page);

  const second = await context.newPage();
  await openHydrated(second, "/");
  await expect(cartLink(second)).toHaveAccessibleName("Cart, 2 items");
  const documentLoads: string[] = [];
  second.on("request", (request) => {
    if (request.resourceType() === "document") documentLoads.push(request.url());
  });

  await page.getByRole("button", { name: `Remove ${a.name}`, exact: true }).click();
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");
  await expect(cartLink(second)).toHaveAccessibleName("Cart, 1 item");
  expect(documentLoads, "the second tab was not reloaded").toEqual([]);
});

/** Two of a product and one of another business's product, then the cart page. */
async function cartWithTwoOfOneAndOneOfAnother(page: Page): Promise<[Card, Card]> {
  await openHydrated(page, "/");
  const [a, b] = await twoBusinesses(page);
  await addToCart(a);
  await addToCart(a);
  await addToCart(b);
  await openCart(page);
  return [a, b];
}

test("Remove one lowers the quantity, and at quantity 1 removes the line", async ({ page }) => {
  const [a, b] = await cartWithTwoOfOneAndOneOfAnother(page);

  const removeOne = page.getByRole("button", { name: `Remove one ${a.name}`, exact: true });
  await expect(quantityOf(page, a.name)).toHaveText("2");
  await removeOne.click();
  await expect(quantityOf(page, a.name)).toHaveText("1");
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 2 items");
  await removeOne.click();
  await expect(quantityOf(page, a.name)).toHaveCount(0);
  await expect(businessSection(page, a.businessName)).toHaveCount(0);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");
  await expect(quantityOf(page, b.name)).toHaveText("1");
});

test("Remove takes the whole line away, and an emptied cart says so", async ({ page }) => {
  const [a, b] = await cartWithTwoOfOneAndOneOfAnother(page);

  await page.getByRole("button", { name: `Remove ${a.name}`, exact: true }).click();
  await expect(quantityOf(page, a.name)).toHaveCount(0);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");
  await page.getByRole("button", { name: `Remove ${b.name}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 0 items");
  expect(await page.evaluate(() => localStorage.getItem("cart"))).toBe("[]");
});

test("a damaged stored cart shows an empty cart without an error", async ({ page }) => {
  await openHydrated(page, "/cart");
  await page.evaluate(() => localStorage.setItem("cart", "{oops"));
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 0 items");
});

test("the cart is kept in local storage under 'cart' with the spec's fields", async ({ page }) => {
  await openHydrated(page, "/");
  const [a, b] = await twoBusinesses(page);
  await addToCart(a);
  await addToCart(a);
  await addToCart(b);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 2 items");

  const stored = await page.evaluate(() => ({
    keys: Object.keys(localStorage),
    cart: JSON.parse(localStorage.getItem("cart") ?? "null") as Record<string, unknown>[],
  }));
  expect(stored.keys).toContain("cart");
  expect(stored.cart).toHaveLength(2);
  for (const item of stored.cart) {
    expect(Object.keys(item)).toEqual(
      expect.arrayContaining(["id", "quantity", "size", "amount", "businessId"]),
    );
    expect(typeof item.id).toBe("string");
    expect(typeof item.businessId).toBe("string");
    expect(typeof item.amount).toBe("number");
  }
  const [first, second] = stored.cart;
  expect(first).toMatchObject({ quantity: 2, amount: a.priceKobo / 100 });
  expect(second).toMatchObject({ quantity: 1, amount: b.priceKobo / 100 });
  expect(first?.businessId).not.toBe(second?.businessId);
});
