import { e2eFixtures, e2ePassword, e2eTeam } from "../support/e2e-fixtures.ts";
import { accountTest, expect, openHydrated, signIn, test, waitForHydration } from "./fixtures.ts";

/**
 * Public pages from the render cache (decision 033), on the production build: a guest and a
 * signed-in shopper each see their own header on the same cached page, and a change made in the
 * console reaches a cached page within seconds.
 */

const accountButton = (page: import("@playwright/test").Page) =>
  page.getByRole("banner").getByRole("button", { name: /^Account menu/ });

accountTest(
  "a cached page shows a guest and a signed-in shopper each their own header",
  async ({ page, account, demo, request }) => {
    const productPath = `/${demo.businessSlug}/products/${demo.productSlug}`;
    // Any guest's visit stores the pages.
    for (const path of ["/", productPath]) expect((await request.get(path)).ok()).toBe(true);

    for (const path of ["/", productPath]) {
      const response = await page.goto(path);
      expect(response?.headers()["x-oja-page-cache"], path).toBe("hit");
      await waitForHydration(page);
      await expect(accountButton(page)).toHaveAccessibleName("Account menu");
      await accountButton(page).click();
      await expect(page.getByRole("menuitem", { name: "Sign in" })).toBeVisible();
      await page.keyboard.press("Escape");
    }

    await signIn(page, account.email, account.password);
    // The home page shows a signed-in shopper businesses near their city: rendered for them.
    const home = await page.goto("/");
    expect(home?.headers()["x-oja-page-cache"]).toBeUndefined();
    await expect(accountButton(page)).toHaveAccessibleName(`Account menu for ${account.name}`);
    // A product page is the same for everyone: cached, and the header asks who is there.
    const product = await page.goto(productPath);
    expect(product?.headers()["x-oja-page-cache"]).toBe("hit");
    await expect(accountButton(page)).toHaveAccessibleName(`Account menu for ${account.name}`);
    // So is a business's page, whose header has two signed-in parts: they ask once between them.
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/me") asked.push(request.url());
    });
    await request.get(`/${demo.businessSlug}`);
    const business = await page.goto(`/${demo.businessSlug}`);
    expect(business?.headers()["x-oja-page-cache"]).toBe("hit");
    await expect(accountButton(page)).toHaveAccessibleName(`Account menu for ${account.name}`);
    await expect(
      page.getByRole("banner").getByRole("link", { name: "For you: businesses you follow" }),
    ).toBeVisible();
    expect(asked).toHaveLength(1);
    await accountButton(page).click();
    await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Sign in" })).toHaveCount(0);
  },
);

test("a price changed in the console reaches the product's cached page within seconds", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const business = e2eFixtures().business;
  const word = Date.now().toString(36);
  const name = `Cached zobo ${word}`;
  await signIn(page, e2eTeam.manager.email, e2ePassword);
  await openHydrated(page, `/vendor/${business.slug}/products/new`);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Price (₦)").fill("5,000");
  await page.getByLabel("Stock").fill("20");
  await page.getByLabel("Status").selectOption("active");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Product created.")).toBeVisible();

  const path = `/${business.slug}/products/cached-zobo-${word}`;
  await expect(async () => {
    const response = await request.get(path);
    expect(response.headers()["x-oja-page-cache"]).toBe("hit");
    expect(await response.text()).toContain("₦5,000.00");
  }).toPass({ timeout: 15_000 });

  await page.getByLabel("Price (₦)").fill("6,500");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  const saved = Date.now();
  // One poll (a second) and one render; more on a machine busy with the rest of the suite.
  await expect(async () => {
    const response = await request.get(path);
    expect(response.headers()["x-oja-page-cache"]).toBe("hit");
    expect(await response.text()).toContain("₦6,500.00");
  }).toPass({ timeout: 10_000, intervals: [100] });
  console.log(`new price on the cached product page after ${Date.now() - saved} ms`);
});
