import { testHooksHeaders } from "../support/test-hooks.ts";
import { expect, openHydrated, test } from "./fixtures.ts";

/**
 * The feeds and curated pages on the demo catalogue: /ll grows as the shopper scrolls and pages
 * by a real link without JavaScript; /shop/{slug} filters by city and price; /shop/friends copies
 * a product's link to send to a friend.
 */

test.describe("the latest listings", () => {
  test("load more as the shopper scrolls, and say so", async ({ page }) => {
    // Every page the list asks for, by its cursor: an observer left over from the render before
    // an answer once asked for the page just appended again, which was announced as
    // "No more listings." while more existed.
    const cursorsAsked: string[] = [];
    page.on("request", (request) => {
      const after = new URL(request.url()).searchParams.get("after");
      if (after) cursorsAsked.push(after);
    });
    await openHydrated(page, "/ll");
    const entries = page.getByRole("main").getByRole("article");
    await expect(entries).toHaveCount(20);
    const firstPage = await entries.allInnerTexts();

    // A slow phone's CPU widens the gap between an answer and the render that appends it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await page.getByRole("link", { name: "Show more listings" }).scrollIntoViewIfNeeded();
    await expect(entries).toHaveCount(40);
    await expect(page.getByText("20 more listings loaded.")).toBeAttached();
    await expect(page.getByText("No more listings.")).not.toBeAttached();
    expect(cursorsAsked.length).toBeGreaterThan(0);
    expect(new Set(cursorsAsked).size).toBe(cursorsAsked.length);
    // The page kept its address: the new entries were appended, not navigated to.
    expect(new URL(page.url()).search).toBe("");
    const both = await entries.allInnerTexts();
    expect(both.slice(0, 20)).toEqual(firstPage);
    // Each entry says what it is and how old it is.
    for (const text of both) expect(text).toMatch(/New (business|product|voucher|sale)\n/);
  });

  test("load more in place from the link, moving focus to the first new listing", async ({
    page,
  }) => {
    // Without the observer only the link loads more: what a keyboard user meets once scrolling
    // stops loading by itself.
    await page.addInitScript(() => {
      Object.defineProperty(window, "IntersectionObserver", { value: undefined });
    });
    await openHydrated(page, "/ll");
    const entries = page.getByRole("main").getByRole("article");
    await expect(entries).toHaveCount(20);
    await page.getByRole("link", { name: "Show more listings" }).press("Enter");
    await expect(entries).toHaveCount(40);
    expect(new URL(page.url()).search).toBe("");
    const focused = page.locator("li:focus");
    await expect(focused).toHaveCount(1);
    expect(await focused.innerText()).toBe(await entries.nth(20).innerText());
  });

  test("page with a real link when JavaScript is off", async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      extraHTTPHeaders: testHooksHeaders,
    });
    try {
      const page = await context.newPage();
      await page.goto("/ll");
      const entries = page.getByRole("main").getByRole("article");
      await expect(entries).toHaveCount(20);
      const firstPage = await entries.allInnerTexts();
      await page.getByRole("link", { name: "Show more listings" }).click();
      await expect(page).toHaveURL(/\/ll\?after=/);
      await expect(entries).toHaveCount(20);
      const secondPage = await entries.allInnerTexts();
      expect(secondPage.filter((text) => firstPage.includes(text))).toEqual([]);
      await page.getByRole("link", { name: "Back to the newest" }).click();
      await expect(page).toHaveURL(/\/ll$/);
    } finally {
      await context.close();
    }
  });
});

test.describe("shop by category", () => {
  test("filters products by city and price", async ({ page }) => {
    await openHydrated(page, "/shop/restaurants");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Restaurants & Food");
    const filters = page.getByRole("form", { name: "Filter products" });
    const city = filters.getByLabel("City");
    // The first real city of the list ("Lagos (12)" → "Lagos").
    const option = (await city.locator("option").nth(1).textContent()) ?? "";
    const cityName = option.replace(/\s*\(\d+\)$/, "");
    await city.selectOption({ label: option });
    await filters.getByLabel("Price").selectOption({ index: 1 });
    await filters.getByLabel("Sort by").selectOption({ label: "Price: low to high" });
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/city=.+&price=.+&sort=price-asc/);
    // Only a filtered page offers to clear its filters: the new results are in.
    await expect(filters.getByRole("link", { name: "Clear filters" })).toBeVisible();

    const products = page.getByRole("region", { name: "Products" }).getByRole("article");
    await expect(products.first()).toBeVisible();
    const texts = await products.allInnerTexts();
    const prices = texts.map((text) => {
      const [, naira = ""] = /₦([\d,]+)\.\d{2}/.exec(text) ?? [];
      return Number(naira.replaceAll(",", ""));
    });
    for (const text of texts) expect(text).toContain(` · ${cityName}`);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(Math.max(...prices)).toBeLessThan(5000);
    await expect(
      page
        .getByRole("region", { name: `Businesses in ${cityName}` })
        .getByRole("link")
        .first(),
    ).toBeVisible();

    await filters.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/shop\/restaurants$/);
  });

  test("answers 404 for an unknown category", async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 404/);
    const response = await page.goto("/shop/unicorns");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  });
});

test.describe("the gifting hub", () => {
  test("copies a gift's link to send to a friend", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    // Where the browser has a share sheet the page offers it instead; this test is the fallback.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined });
    });
    await openHydrated(page, "/shop/friends");
    // Gift vouchers lead the page (bought, then sent from the account on a chosen day).
    await expect(
      page.getByRole("region", { name: "Gift vouchers" }).getByRole("article").first(),
    ).toBeVisible();
    const gift = page.getByRole("region", { name: "Gift ideas" }).getByRole("listitem").first();
    const name = (await gift.getByRole("heading", { level: 3 }).textContent())?.trim() ?? "";
    const href =
      (await gift.getByRole("heading", { level: 3 }).getByRole("link").getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/[a-z0-9-]+\/products\/[a-z0-9-]+$/);
    await gift.getByRole("button", { name: `Copy link to ${name}` }).click();
    await expect(gift.getByRole("button", { name: `Copied link to ${name}` })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // An absolute link on the site's public address (PUBLIC_URL), to the product's page.
    expect(copied).toMatch(/^https?:\/\/[^/]+\/[a-z0-9-]+\/products\/[a-z0-9-]+$/);
    expect(new URL(copied).pathname).toBe(href);
  });
});

test.describe("the spa landing page", () => {
  test("lists spas with whether they are open, and narrows to a city", async ({ page }) => {
    await openHydrated(page, "/spas");
    const spas = page.getByRole("region", { name: "Spas" });
    await expect(spas.getByRole("listitem").first()).toContainText(/Open now|Closed now/);
    const cities = page.getByRole("navigation", { name: "Choose a city" }).getByRole("link");
    const city = ((await cities.nth(1).textContent()) ?? "").replace(/\s*\(\d+\)$/, "").trim();
    await cities.nth(1).click();
    await expect(page).toHaveURL(/\/spas\?city=/);
    await expect(page.getByRole("heading", { level: 2, name: `Spas in ${city}` })).toBeVisible();
    for (const text of await page
      .getByRole("region", { name: `Spas in ${city}` })
      .getByRole("listitem")
      .allInnerTexts()) {
      expect(text).toContain(city);
    }
  });
});
