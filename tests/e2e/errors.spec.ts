import type { Page } from "@playwright/test";
import { expect, openHydrated, resourceStatus, test } from "./fixtures.ts";

/**
 * The spec's error page (section 2 and 8): a 404 shows "Page Not Found" with
 * "Page not found: {path}"; any other failure shows the generic view with its status and
 * "Internal Server Error" or the message raised for people. /dev/errors/{kind} exists in test
 * mode to raise each kind of failure. An internal message must never reach the page.
 * Visits that change nothing use the worker's shared page (see fixtures.ts).
 */
const secret = "oja_secret";

async function expectNotFoundView(page: Page, path: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText(`Page not found: ${path}`, { exact: true })).toBeVisible();
  await expect(page.getByTestId("not-found-view")).toBeVisible();
  await expect(page.getByTestId("error-view")).toHaveCount(0);
}

async function expectGenericView(page: Page, status: number, title: string) {
  const view = page.getByTestId("error-view");
  await expect(view).toBeVisible();
  await expect(view.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(view.getByText(String(status), { exact: true })).toBeVisible();
  await expect(page.getByTestId("not-found-view")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toHaveCount(0);
}

test.describe("pages that do not exist", () => {
  test.use({ allowConsoleErrors: [resourceStatus(404)] });

  test("an unknown address answers 404 with Page Not Found and the path", async ({
    sharedPage: page,
  }) => {
    const path = "/this/page/does-not-exist";
    const response = await openHydrated(page, path);
    expect(response?.status()).toBe(404);
    await expectNotFoundView(page, path);
    // Shown inside the default layout: the site search and the footer are still there.
    await expect(page.getByRole("banner").getByRole("search")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("an unknown business answers 404 with Page Not Found", async ({ sharedPage: page }) => {
    const path = "/no-such-business-xyz";
    const response = await openHydrated(page, path);
    expect(response?.status()).toBe(404);
    await expectNotFoundView(page, path);
  });

  test("an unknown section of a real business answers 404 with Page Not Found", async ({
    sharedPage: page,
    demo,
  }) => {
    const path = `/${demo.businessSlug}/nonsense`;
    const response = await openHydrated(page, path);
    expect(response?.status()).toBe(404);
    await expectNotFoundView(page, path);
  });

  test("a product of an unknown business answers 404 inside the custom layout", async ({
    sharedPage: page,
    demo,
  }) => {
    const path = `/no-such-business-xyz/products/${demo.productSlug}`;
    const response = await openHydrated(page, path);
    expect(response?.status()).toBe(404);
    await expectNotFoundView(page, path);
    // The custom layout's own footer, not the default layout's columns.
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Back to your cart" })).toBeVisible();
    await expect(footer.getByRole("navigation")).toHaveCount(0);
  });

  test("the 404 page's home link and the back button both navigate inside the app", async ({
    page,
  }) => {
    const path = "/this/page/does-not-exist";
    await openHydrated(page, path);
    const documentLoads: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documentLoads.push(request.url());
    });

    // The 404 view's link is a router link: the home page arrives without a new document.
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Page Not Found");
    await expect(page.getByRole("region", { name: "Popular right now" })).toBeVisible();

    // Back to the unknown address: the router matches it in the browser and shows the 404 view.
    await page.goBack();
    await expect(page).toHaveURL(path);
    await expectNotFoundView(page, path);
    expect(documentLoads, "full page loads during client navigation").toEqual([]);
  });
});

test.describe("failures show the generic error page", () => {
  test("a failing loader answers 500 with Internal Server Error and hides its message", async ({
    sharedPage: page,
    request,
    allowConsoleError,
  }) => {
    allowConsoleError(resourceStatus(500));
    const response = await openHydrated(page, "/dev/errors/loader");
    expect(response?.status()).toBe(500);
    await expectGenericView(page, 500, "Internal Server Error");
    expect(await response?.text()).not.toContain(secret);
    expect(await page.content()).not.toContain(secret);

    const raw = await request.get("/dev/errors/loader");
    expect(raw.status()).toBe(500);
    expect(await raw.text()).not.toContain(secret);
  });

  test("an error raised for people answers with its status and shows its message", async ({
    sharedPage: page,
    allowConsoleError,
  }) => {
    allowConsoleError(resourceStatus(503));
    const response = await openHydrated(page, "/dev/errors/public");
    expect(response?.status()).toBe(503);
    await expectGenericView(page, 503, "Payments are paused for a few minutes");
    await expect(page.getByText("Internal Server Error")).toHaveCount(0);
  });

  test("a page that fails to render answers 500 with Internal Server Error", async ({
    sharedPage: page,
    allowConsoleError,
  }) => {
    allowConsoleError(resourceStatus(500));
    const response = await openHydrated(page, "/dev/errors/render");
    expect(response?.status()).toBe(500);
    await expectGenericView(page, 500, "Internal Server Error");
    expect(await response?.text()).not.toContain(secret);
    expect(await page.content()).not.toContain(secret);
  });

  test("a form whose action fails shows Internal Server Error with status 500", async ({
    sharedPage: page,
    allowConsoleError,
  }) => {
    allowConsoleError(resourceStatus(500));
    await openHydrated(page, "/dev/errors/action");
    await expect(
      page.getByRole("heading", { level: 1, name: "Error check: action" }),
    ).toBeVisible();
    const actionResponse = page.waitForResponse(
      (response) => response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Send the failing form" }).click();
    const answered = await actionResponse;
    expect(answered.status()).toBe(500);
    expect(await answered.text()).not.toContain(secret);
    await expectGenericView(page, 500, "Internal Server Error");
    expect(await page.content()).not.toContain(secret);
  });

  test("the failing form sent without JavaScript answers 500 and hides its message", async ({
    request,
    baseURL,
  }) => {
    // A browser sends its Origin with every form post, script or not; the server requires it.
    const response = await request.post("/dev/errors/action", {
      form: {},
      headers: { origin: baseURL ?? "" },
    });
    expect(response.status()).toBe(500);
    const html = await response.text();
    expect(html).toContain("Internal Server Error");
    expect(html).not.toContain(secret);
  });

  test("an error in the browser after the page has loaded shows the generic error page", async ({
    sharedPage: page,
    allowConsoleError,
  }) => {
    // React reports the error it caught, and React Router logs it; both are expected here.
    allowConsoleError(
      `relation "${secret}" does not exist (client)`,
      "React Router caught the following error during render",
    );
    const response = await openHydrated(page, "/dev/errors/client");
    expect(response?.status()).toBe(200);
    await page.getByRole("button", { name: "Break this page" }).click();
    await expectGenericView(page, 500, "Internal Server Error");
    expect(await page.content()).not.toContain(secret);
  });
});

test("the 404 page and the error page are different screens", async ({
  sharedPage: page,
  allowConsoleError,
}) => {
  allowConsoleError(resourceStatus(404), resourceStatus(500));
  await openHydrated(page, "/this/page/does-not-exist");
  const notFoundHeading = await page.getByRole("heading", { level: 1 }).textContent();
  await expect(page.getByTestId("not-found-view")).toBeVisible();

  await openHydrated(page, "/dev/errors/loader");
  const errorHeading = await page.getByRole("heading", { level: 1 }).textContent();
  await expect(page.getByTestId("error-view")).toBeVisible();
  await expect(page.getByTestId("not-found-view")).toHaveCount(0);

  expect(notFoundHeading).toBe("Page Not Found");
  expect(errorHeading).toBe("Internal Server Error");
});
