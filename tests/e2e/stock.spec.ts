import type { Page } from "@playwright/test";
import { e2eFixtures, e2ePassword, e2eTeam } from "../support/e2e-fixtures.ts";
import { expect, newWatchedContext, openHydrated, signIn, test } from "./fixtures.ts";

/**
 * Issue 15 in the browser, on a phone and on a laptop: stock told honestly before checkout (a
 * sold-out product can't be added, and the cart flags a line that sold out since it was added),
 * a card for a sized product asks for the size, and "spaa" lists the spas first.
 */
const viewports = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1280, height: 900 },
} as const;

function cartLink(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Cart, \d+ items?$/ });
}

for (const [device, viewport] of Object.entries(viewports)) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a line that sold out since it was added is flagged on the cart, and its card won't add it", async ({
      page,
      browser,
      baseURL,
    }) => {
      // Two people and a dozen page loads on a shared machine.
      test.setTimeout(90_000);
      const business = e2eFixtures().business;
      const word = `ofada${device}${Date.now().toString(36)}`;
      const name = `Ofada sampler ${word}`;
      const slug = `ofada-sampler-${word}`;

      // The business puts a product with two left on its shop.
      await signIn(page, e2eTeam.manager.email, e2ePassword);
      await openHydrated(page, `/vendor/${business.slug}/products/new`);
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("Price (₦)").fill("5,000");
      await page.getByLabel("Stock").fill("2");
      await page.getByLabel("Status").selectOption("active");
      await page.getByRole("button", { name: "Create product" }).click();
      await expect(page.getByText("Product created.")).toBeVisible();
      const editUrl = page.url();

      // A shopper puts it in the cart from its card on the storefront.
      const shopperContext = await newWatchedContext(browser, { baseURL, viewport });
      try {
        const shopper = await shopperContext.newPage();
        await openHydrated(shopper, `/b/${business.slug}`);
        const card = shopper.getByRole("article").filter({ hasText: name });
        await card.getByRole("button", { name: `Add ${name} to cart`, exact: true }).click();
        await expect(shopper.getByText(`${name} added to your cart`)).toBeVisible();
        await openHydrated(shopper, "/cart");
        await expect(cartLink(shopper)).toHaveAccessibleName("Cart, 1 item");
        const line = shopper.getByTestId("cart-line").filter({ hasText: name });
        await expect(line).toBeVisible();
        await expect(line.getByText("Sold out.")).toHaveCount(0);

        // Then it sells out.
        await page.goto(editUrl);
        await page.getByLabel("Stock").fill("0");
        await page.getByRole("button", { name: "Save changes" }).click();
        await expect(page.getByText("Saved.")).toBeVisible();

        // The cart page asks the server and flags the line, with the fix, before checkout.
        await openHydrated(shopper, "/cart");
        await expect(line.getByText("Sold out.")).toBeVisible();
        await expect(
          shopper.getByText("Some lines need a change before you can pay"),
        ).toBeVisible();
        // The cart itself keeps the line (no stock rule in the cart): the shopper decides.
        await expect(cartLink(shopper)).toHaveAccessibleName("Cart, 1 item");

        // Its card now says "Sold out" and its button is disabled, saying why.
        await openHydrated(shopper, `/b/${business.slug}`);
        const soldOutCard = shopper.getByRole("article").filter({ hasText: name });
        const button = soldOutCard.getByRole("button", { name: `Add ${name} to cart` });
        await expect(button).toBeDisabled();
        await expect(button).toHaveAccessibleDescription("Sold out, so it can't be added");
        await expect(soldOutCard.getByText("Sold out", { exact: true })).toBeVisible();
        // And on its page too.
        await openHydrated(shopper, `/${business.slug}/products/${slug}`);
        await expect(shopper.getByRole("button", { name: "Sold out" })).toBeDisabled();

        // Removing it from the cart page empties the cart.
        await openHydrated(shopper, "/cart");
        await line.getByRole("button", { name: "Remove it" }).click();
        await expect(shopper.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
      } finally {
        await shopperContext.close();
        // Leave the shop as the demo made it.
        await page.goto(editUrl);
        await page.getByRole("button", { name: "Archive" }).click();
        await expect(
          page.getByText("Archived. Shoppers no longer see this product."),
        ).toBeVisible();
      }
    });

    test("a card for a product with sizes asks for the size, and the cart gets that size", async ({
      page,
    }) => {
      await openHydrated(page, "/shop/fashion");
      const cards = page.getByRole("region", { name: "Products" }).getByRole("article");
      await expect(cards.first()).toBeVisible();
      // The first card whose button opens a size chooser.
      let name = "";
      for (let index = 0; index < (await cards.count()) && !name; index++) {
        const card = cards.nth(index);
        const button = card.getByRole("button", { name: /^Add .+ to cart$/ });
        if ((await button.getAttribute("aria-haspopup")) !== "dialog") continue;
        name = ((await button.getAttribute("aria-label")) ?? "").replace(/^Add | to cart$/g, "");
        await button.click();
      }
      expect(name, "a fashion product with sizes").not.toBe("");
      const chooser = page.getByRole("dialog", { name: `Choose a size of ${name}` });
      await expect(chooser).toBeVisible();
      // Nothing is in the cart until a size is chosen.
      await expect(cartLink(page)).toHaveAccessibleName("Cart, 0 items");
      const sizeButton = chooser.getByRole("button").nth(1);
      const size = ((await sizeButton.getAttribute("aria-label")) ?? "").replace(/^Size /, "");
      await sizeButton.click();
      await expect(chooser).toBeHidden();
      await expect(page.getByText(`${name} added to your cart`)).toBeVisible();
      await expect(page.getByText(`Size ${size}`, { exact: true })).toBeVisible();
      await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");

      await openHydrated(page, "/cart");
      const line = page.getByTestId("cart-line").filter({ hasText: name });
      await expect(line.getByRole("combobox", { name: "Size" })).toHaveValue(size);
      // A size chosen, in stock, at today's price: nothing to flag.
      await expect(page.getByText("Prices and stock are checked again at checkout.")).toBeVisible();
      await expect(line.getByText(/Sold out|Only \d+ left|The price changed/)).toHaveCount(0);
    });

    test("the /b filters fold away on a phone; a signed-in shopper reaches /b/ff from the header", async ({
      page,
    }) => {
      await openHydrated(page, "/b");
      const category = page.getByRole("combobox", { name: "Category" });
      if (device === "phone") {
        await expect(category).toBeHidden();
        await page.getByText("Filters", { exact: true }).click();
      }
      await expect(category).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: /^For you/ })).toHaveCount(0);

      await signIn(page, e2eTeam.manager.email, e2ePassword);
      await openHydrated(page, "/");
      await page
        .getByRole("banner")
        .getByRole("link", { name: "For you: businesses you follow" })
        .click();
      await expect(page).toHaveURL(/\/b\/ff$/);
      await expect(page.getByRole("heading", { level: 1, name: "For you" })).toBeVisible();
    });

    test("the home page's one search box finds the spas first for spaa", async ({ page }) => {
      await openHydrated(page, "/");
      await expect(page.getByRole("search")).toHaveCount(1);
      await expect(
        page.getByRole("navigation", { name: "Categories" }).getByRole("link", {
          name: "Spas & Wellness",
        }),
      ).toBeVisible();
      const box = page
        .getByRole("banner")
        .getByRole("combobox", { name: "Search businesses and products" });
      await box.fill("spaa");
      await box.press("Enter");
      await expect(page).toHaveURL(/\/search\/spaa$/);
      const products = page.getByRole("region", { name: "Products" }).getByRole("article");
      await expect(products.first()).toBeVisible();
      const firstNames = await products.evaluateAll((cards) =>
        cards.slice(0, 6).map((card) => card.textContent ?? ""),
      );
      expect(firstNames.length).toBeGreaterThan(0);
      for (const text of firstNames) expect(text).not.toMatch(/spark/i);
      await page
        .getByRole("navigation", { name: "Result types" })
        .getByRole("link", { name: "Businesses" })
        .click();
      const businesses = page.getByRole("region", { name: "Businesses" }).getByRole("listitem");
      await expect(businesses.first()).toContainText("Spas & Wellness");
    });
  });
}
