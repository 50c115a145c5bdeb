import type { Page } from "@playwright/test";
import { testHooksHeaders } from "../support/test-hooks.ts";
import { expect, openHydrated, resourceStatus, test } from "./fixtures.ts";

/**
 * Search in the browser: the header's autocomplete (typing, keyboard, recent searches), the
 * results with their typo tolerance, a product opened from them, and adding it to the cart.
 */
function headerSearch(page: Page) {
  return page.getByRole("banner").getByRole("combobox", { name: "Search businesses and products" });
}

function cartLink(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Cart, \d+ items?$/ });
}

test("a typo in the header finds spas; a product opened from the results goes in the cart", async ({
  page,
}) => {
  // Four pages, a search and a cart: more than the default 30 s on a busy CI machine.
  test.setTimeout(60_000);
  await openHydrated(page, "/");
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 0 items");
  await headerSearch(page).fill("spaa");
  await headerSearch(page).press("Enter");
  await expect(page).toHaveURL(/\/search\/spaa$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("spaa");
  await expect(page.getByRole("link", { name: "Products", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );

  const results = page.getByRole("region", { name: "Products" });
  const first = results.getByRole("article").filter({ hasText: /spa/i }).first();
  const name = (await first.getByRole("heading", { level: 3 }).textContent()) ?? "";
  await first.getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/search\/spaa\/prd_/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to results for “spaa”" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Similar products" })).toBeVisible();

  await page
    .getByRole("button", { name: `Add ${name} to cart` })
    .first()
    .click();
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");

  await page.getByRole("link", { name: "Back to results for “spaa”" }).click();
  await expect(page).toHaveURL(/\/search\/spaa$/);
});

test("the autocomplete works from the keyboard: arrows, Enter and Escape", async ({ page }) => {
  await openHydrated(page, "/");
  const box = headerSearch(page);
  await box.click();
  await box.pressSequentially("mass", { delay: 30 });
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list.getByRole("option").first()).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");

  await box.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(list.getByRole("option")).toHaveCount(0);

  await box.press("ArrowDown");
  await expect(list.getByRole("option").first()).toBeVisible();
  await box.press("ArrowDown");
  const chosen = list.getByRole("option", { selected: true });
  await expect(chosen).toHaveCount(1);
  const label = (await chosen.locator("span span").first().textContent()) ?? "";
  await box.press("Enter");
  await expect(page).not.toHaveURL(/\/search\//);
  await expect(page).not.toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 }).first()).toContainText(
    label.split(" ")[0] ?? "",
  );
});

test("recent searches show in the empty box, newest first, and can be cleared", async ({
  page,
}) => {
  // Eight page loads and four searches: more than the default 30 s on a busy CI machine.
  test.setTimeout(90_000);
  await openHydrated(page, "/");
  for (const term of ["jollof", "braids", "jollof"]) {
    await headerSearch(page).fill(term);
    await headerSearch(page).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/search/${term}$`));
  }
  await openHydrated(page, "/");
  await headerSearch(page).focus();
  const recent = page.getByRole("listbox", { name: "Recent searches" });
  await expect(recent.getByRole("option")).toHaveText([/jollof/, /braids/]);

  await headerSearch(page).press("ArrowDown");
  await headerSearch(page).press("Enter");
  await expect(page).toHaveURL(/\/search\/jollof$/);

  await openHydrated(page, "/");
  await headerSearch(page).focus();
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(recent.getByRole("option")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("oja:recent-searches"))).toBeNull();

  // From the keyboard: Tab from the box reaches "Clear" with the list still open.
  await headerSearch(page).fill("suya");
  await headerSearch(page).press("Enter");
  await expect(page).toHaveURL(/\/search\/suya$/);
  await openHydrated(page, "/");
  await headerSearch(page).focus();
  await expect(recent.getByRole("option")).toHaveText([/suya/]);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Clear" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(recent.getByRole("option")).toHaveCount(0);
  await expect(headerSearch(page)).toBeFocused();
});

test("the autocomplete loads on first use and takes over the text, the caret and the focus", async ({
  page,
}) => {
  // Hold the autocomplete's chunk back until the shopper has typed.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const requested: string[] = [];
  await page.route("**/assets/search-combobox-*.js", async (route) => {
    requested.push(route.request().url());
    await held;
    await route.continue();
  });
  await openHydrated(page, "/");
  expect(requested, "not loaded before the box is used").toEqual([]);

  const box = headerSearch(page);
  await box.click();
  await box.pressSequentially("masage", { delay: 20 });
  await box.press("ArrowLeft");
  expect(requested).toHaveLength(1);
  release();

  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list.getByRole("option").first()).toBeVisible();
  await expect(box).toHaveValue("masage");
  await expect(box).toBeFocused();
  expect(await box.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(5);
});

test("Enter searches before the autocomplete has loaded", async ({ page }) => {
  await page.route("**/assets/search-combobox-*.js", () => {
    // never answered: the plain box must do on its own
  });
  await openHydrated(page, "/");
  await headerSearch(page).fill("jollof");
  await headerSearch(page).press("Enter");
  await expect(page).toHaveURL(/\/search\/jollof$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("jollof");
  expect(await page.evaluate(() => localStorage.getItem("oja:recent-searches"))).toBe(
    JSON.stringify(["jollof"]),
  );
});

test("an autocomplete that arrives after Enter leaves the results uncovered", async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/search-combobox-*.js", async (route) => {
    await held;
    await route.continue();
  });
  const suggestionRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/search/suggest")) suggestionRequests.push(request.url());
  });
  await openHydrated(page, "/");
  const box = headerSearch(page);
  await box.fill("spaa");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\/spaa$/);
  const loaded = page.waitForResponse("**/assets/search-combobox-*.js");
  release();
  await loaded;
  // The autocomplete (downshift's input names its list) takes the focused box over...
  await expect(box).toHaveAttribute("aria-controls", /.+/);
  await expect(box).toBeFocused();
  // ...and, well past the typing pause before it would ask, asks for no suggestions of the text
  // already searched (an absence, so a fixed wait).
  await page.waitForTimeout(1_000);
  expect(suggestionRequests).toEqual([]);
  await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeHidden();
  await page
    .getByRole("navigation", { name: "Result types" })
    .getByRole("link", { name: "Businesses" })
    .click({ timeout: 5_000 });
  // A cold search under a loaded CI machine can take a while to answer.
  await expect(page).toHaveURL(/tab=businesses/, { timeout: 15_000 });
});

test("before JavaScript the header form still searches, through /search/ff", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: testHooksHeaders,
  });
  const page = await context.newPage();
  await page.goto("/");
  await headerSearch(page).fill("massage");
  await headerSearch(page).press("Enter");
  await expect(page).toHaveURL(/\/search\/massage$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("massage");
  await context.close();
});

test("the advanced form sends its filters to the results and explains a bad price range", async ({
  page,
  allowConsoleError,
}) => {
  // The refused range answers 400, which Chromium logs for the page's data request.
  allowConsoleError(resourceStatus(400));
  await openHydrated(page, "/search/ff");
  await page.getByRole("searchbox", { name: "Search for" }).fill("massage");
  await page.getByLabel("Lowest price").fill("50000");
  await page.getByLabel("Highest price").fill("10000");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(
    page.getByText("The highest price must be at least the lowest price."),
  ).toBeVisible();
  await page.getByLabel("Highest price").fill("");
  await page.getByLabel("Lowest price").fill("20000");
  await page.getByRole("radio", { name: "Products" }).check();
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search\/massage\?tab=products&min=20000$/);
  await expect(page.getByRole("link", { name: /^From ₦20,000\.00/ })).toHaveAttribute(
    "aria-current",
    "true",
  );
});
