import type { Page } from "@playwright/test";
import { e2eFixtures } from "../support/e2e-fixtures.ts";
import {
  accountTest,
  type DemoCatalog,
  expect,
  expectNoHorizontalOverflow,
  openHydrated,
  signIn,
  test,
} from "./fixtures.ts";

/**
 * Issue 15: the business's own layout is a place to shop from (cart, search, account, a way back
 * to Oja, on a phone too); a business's three pages link to each other; no link of the chrome
 * or of the home page leads to a "being built" screen; /privacy is a real notice.
 */

/** One page of each layout, and of each look of the custom one. */
const layoutPages: Array<{ layout: string; url: (demo: DemoCatalog) => string }> = [
  { layout: "default", url: () => "/" },
  {
    layout: "custom (a product)",
    url: (demo) => `/${demo.businessSlug}/products/${demo.productSlug}`,
  },
  { layout: "custom (a storefront)", url: (demo) => `/b/${demo.businessSlug}` },
  // A payment request: the business's chrome around Paystack's payment (the e2e data's pay link).
  { layout: "custom (a payment request)", url: () => `/pay/${e2eFixtures().payLinks.fixed}` },
  // The reward shop's home: its chrome carries the shop's categories and its cart.
  { layout: "shop", url: () => "/rewardShop" },
];

/** Every address the header, the footer and the account menu (opened) of the page link to. */
async function chromeLinks(page: Page): Promise<string[]> {
  const hrefs = (locator: ReturnType<Page["locator"]>) =>
    locator.evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const header = await hrefs(page.getByRole("banner").locator("a[href]"));
  const footer = await hrefs(page.getByRole("contentinfo").locator("a[href]"));
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Account menu/ })
    .click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  const items = await hrefs(menu.locator("a[href]"));
  await page.keyboard.press("Escape");
  return [...header, ...footer, ...items];
}

/**
 * Follows every link (as the browser would load it, with the page's cookies) and lists the ones
 * that fail or open the "This screen is being built" placeholder.
 */
async function brokenOrPlaceholder(page: Page, hrefs: string[]): Promise<string[]> {
  const internal = [...new Set(hrefs)].filter((href) => href.startsWith("/"));
  expect(internal.length, "the page has links to follow").toBeGreaterThan(2);
  const problems: string[] = [];
  for (const href of internal) {
    const response = await page.request.get(href);
    const body = await response.text();
    if (response.status() >= 400) problems.push(`${href}: status ${response.status()}`);
    else if (body.includes('data-testid="planned-screen"')) problems.push(`${href}: placeholder`);
  }
  return problems;
}

test.describe("no link of the chrome leads to a screen still being built", () => {
  for (const { layout, url } of layoutPages) {
    test(`the ${layout} layout, signed out`, async ({ page, demo }) => {
      await openHydrated(page, url(demo));
      const links = await chromeLinks(page);
      expect(await brokenOrPlaceholder(page, links)).toEqual([]);
    });
  }

  test("the home page's own links", async ({ page }) => {
    await openHydrated(page, "/");
    const links = await page
      .getByRole("main")
      .locator("a[href]")
      .evaluateAll((elements) => elements.map((element) => element.getAttribute("href") ?? ""));
    expect(await brokenOrPlaceholder(page, links)).toEqual([]);
  });
});

accountTest.describe("signed in, no link of the chrome leads to a screen still being built", () => {
  accountTest("in every layout", async ({ page, account, demo }) => {
    // Six pages and every link of their chrome, followed: about ninety requests.
    accountTest.setTimeout(60_000);
    await signIn(page, account.email, account.password);
    for (const { url } of [...layoutPages, { url: () => "/checkout" }]) {
      await openHydrated(page, url(demo));
      await expect(
        page.getByRole("banner").getByRole("button", { name: `Account menu for ${account.name}` }),
      ).toBeVisible();
      const links = await chromeLinks(page);
      expect(links, `the signed-in menu on ${url(demo)}`).toContain("/profile/orders");
      expect(await brokenOrPlaceholder(page, links), url(demo)).toEqual([]);
    }
  });
});

for (const viewport of [
  { name: "a phone", width: 390, height: 844 },
  { name: "a laptop", width: 1280, height: 800 },
]) {
  test.describe(`a product page in its business's layout, on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("reaches the cart, the search and the account, and the way back to Oja", async ({
      page,
      demo,
    }) => {
      const productUrl = `/${demo.businessSlug}/products/${demo.productSlug}`;
      const backToTheProduct = async () => {
        await page.goBack();
        await expect(page).toHaveURL(productUrl);
        await expect(page.getByRole("heading", { level: 1, name: demo.productName })).toBeVisible();
      };
      await openHydrated(page, productUrl);
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: demo.businessName })).toBeVisible();
      await expectNoHorizontalOverflow(page);

      // The cart, with its count, follows what the shopper adds here.
      const cart = header.getByRole("link", { name: /^Cart, / });
      await expect(cart).toHaveAccessibleName("Cart, 0 items");
      const size = page.getByRole("group", { name: /^Size/ }).getByRole("radio").first();
      if ((await size.count()) > 0) await size.check({ force: true });
      await page.getByRole("main").getByRole("button", { name: "Add to cart" }).click();
      await expect(cart).toHaveAccessibleName("Cart, 1 item");
      await expect(header.getByTestId("cart-count")).toHaveText("1");
      await cart.click();
      await expect(page).toHaveURL("/cart");
      await backToTheProduct();

      // The site's search.
      const search = header.getByRole("combobox", {
        name: "Search businesses and products",
      });
      await search.fill("spa");
      await search.press("Enter");
      await expect(page).toHaveURL(/\/search\/spa$/);
      await backToTheProduct();

      // The account menu.
      await header.getByRole("button", { name: "Account menu" }).click();
      await page.getByRole("menuitem", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/Login/);
      await backToTheProduct();

      // And Oja's own mark back to the home page.
      await header.getByRole("link", { name: "Oja", exact: true }).click();
      await expect(page).toHaveURL("/");
    });

    test("the business's three pages link to each other by name", async ({ page, demo }) => {
      const nav = page.getByRole("navigation", { name: `${demo.businessName} pages` });
      const current = nav.locator("[aria-current]");

      await openHydrated(page, `/${demo.businessSlug}`);
      await expect(current).toHaveText("Overview");
      await expect(current).toHaveAttribute("aria-current", "page");

      await nav.getByRole("link", { name: "Shop" }).click();
      await expect(page).toHaveURL(`/b/${demo.businessSlug}`);
      await expect(current).toHaveText("Shop");

      await nav.getByRole("link", { name: "Hours and contact" }).click();
      await expect(page).toHaveURL(`/business/${demo.businessSlug}`);
      await expect(current).toHaveText("Hours and contact");
      await expect(page.getByRole("heading", { name: "Opening hours" })).toBeVisible();

      await nav.getByRole("link", { name: "Overview" }).click();
      await expect(page).toHaveURL(`/${demo.businessSlug}`);
      await expect(current).toHaveText("Overview");
      await expectNoHorizontalOverflow(page);
    });
  });
}

test.describe("the privacy notice", () => {
  test("is a dated notice under the Nigeria Data Protection Act, with its contents", async ({
    page,
  }) => {
    await openHydrated(page, "/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
    await expect(page.getByText("Last changed")).toContainText(/\d{1,2} \w+ 20\d\d/);
    await expect(page.getByText("Nigeria Data Protection Act 2023").first()).toBeVisible();

    const contents = page.getByRole("navigation", { name: "On this page" });
    await contents.getByRole("link", { name: "Your rights", exact: true }).click();
    await expect(page).toHaveURL(/\/privacy#your-rights$/);
    await expect(
      page.getByRole("heading", { level: 2, name: "Your rights", exact: true }),
    ).toBeInViewport();

    // The rights it names are the account's own buttons.
    await page.getByRole("link", { name: "your account" }).first().click();
    await expect(page).toHaveURL(/\/Login\?redirectTo=%2Fprofile|\/profile/);
  });

  test("is where sign-up's agreement points", async ({ page }) => {
    await openHydrated(page, "/CreateAccount");
    const agreement = page.getByRole("checkbox", { name: /I agree to Oja's privacy policy/ });
    await expect(agreement).toBeVisible();
    const link = page.getByRole("main").getByRole("link", { name: /privacy policy/i });
    await expect(link).toHaveAttribute("href", "/privacy");
  });
});
