import type { Page } from "@playwright/test";
import { expect, openHydrated, test } from "./fixtures.ts";

/**
 * The spec's client behaviours (sections 7–9): noticing a new deploy, reloading once when a
 * chunk fails to load (guarded for 10 s), and the copy button's 1500 ms "Copied".
 */
test.describe("a new version", () => {
  test("the build's version files are served and never cached", async ({ request }) => {
    const latest = await request.get("/version/latest.json");
    expect(latest.status()).toBe(200);
    expect(latest.headers()["cache-control"]).toBe("no-store");
    const { id, time } = await latest.json();
    expect(id).toMatch(/^\d{8}-[0-9a-f]{8}$/);
    expect(Number.isNaN(Date.parse(time))).toBe(false);

    const manifest = await request.get(`/version/${id}.json`);
    expect(manifest.status()).toBe(200);
    expect(await manifest.json()).toMatchObject({ id, time });
  });

  test("the page checks about 1 s after load and stays quiet when nothing changed", async ({
    page,
  }) => {
    const checked = page.waitForRequest("**/version/latest.json");
    const started = Date.now();
    await openHydrated(page, "/");
    await checked;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    await page.waitForLoadState("networkidle");
    await expect(page.getByText("A new version of Oja is ready")).toHaveCount(0);
  });

  /** Serves the page a latest-build file naming another build, as after a deploy. */
  async function deployNewBuild(page: Page) {
    await page.route("**/version/latest.json", (route) =>
      route.fulfill({ json: { id: "20991231-newbuild", time: new Date().toISOString() } }),
    );
  }

  test("a new deploy offers Reload now, and the next navigation loads the whole page", async ({
    page,
  }) => {
    await deployNewBuild(page);
    await openHydrated(page, "/");
    await expect(page.getByText("A new version of Oja is ready")).toBeVisible();
    await expect(page.getByRole("button", { name: "Reload now" })).toBeVisible();

    const documentLoad = page.waitForRequest(
      (request) => request.resourceType() === "document" && request.url().endsWith("/privacy"),
    );
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await documentLoad;
    await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
  });

  test("Reload now reloads the page", async ({ page }) => {
    await deployNewBuild(page);
    await openHydrated(page, "/cart");
    const reload = page.waitForRequest(
      (request) => request.resourceType() === "document" && request.url().endsWith("/cart"),
    );
    await page.getByRole("button", { name: "Reload now" }).click();
    await reload;
  });

  test("without a new deploy, navigation stays in the page", async ({ page }) => {
    await openHydrated(page, "/");
    await page.waitForRequest("**/version/latest.json");
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
    expect(documents).toEqual([]);
  });
});

test.describe("a chunk that fails to load", () => {
  // One pattern: Playwright would read a list of several as a fixture tuple.
  test.use({
    allowConsoleErrors: [
      /Failed to load resource|dynamically imported module|ERR_FAILED|Error loading route module/,
    ],
  });

  /** Counts full loads of the kit page while its date picker chunk cannot be downloaded. */
  async function breakTheDatePickerChunk(page: Page) {
    await page.route(/\/assets\/date-picker\.kit-[^/]+\.js$/, (route) => route.abort());
    const loads: number[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document" && request.url().endsWith("/dev/kit")) {
        loads.push(Date.now());
      }
    });
    return loads;
  }

  /** Opens the kit: one automatic reload, then the guard leaves the error view showing. */
  async function openKitWithABrokenChunk(page: Page) {
    const loads = await breakTheDatePickerChunk(page);
    await page.goto("/dev/kit");
    await expect.poll(() => loads.length).toBe(2);
    await expect(
      page.getByRole("heading", { level: 1, name: "Internal Server Error" }),
    ).toBeVisible();
    return loads;
  }

  test("reloads the page once, then the 10 s guard stops a second reload", async ({ page }) => {
    const loads = await openKitWithABrokenChunk(page);
    await page.waitForLoadState("networkidle");
    expect(loads).toHaveLength(2);
    const stamp = await page.evaluate(() => sessionStorage.getItem("oja:chunk-reload-at"));
    expect(Number(stamp)).toBeGreaterThan(0);
  });

  test("after the guard's 10 s a new failure may reload again", async ({ page }) => {
    const loads = await openKitWithABrokenChunk(page);
    // Ten seconds later, as far as the guard can tell.
    await page.evaluate(() =>
      sessionStorage.setItem("oja:chunk-reload-at", String(Date.now() - 10_000)),
    );
    await page.reload();
    await expect.poll(() => loads.length).toBe(4);
    await page.waitForLoadState("networkidle");
    expect(loads).toHaveLength(4);
  });
});

test.describe("a page whose code fails to load on the way to it", () => {
  test.use({
    allowConsoleErrors: [
      /Failed to load resource|dynamically imported module|ERR_FAILED|Error loading route module/,
    ],
  });

  /** Blocks the privacy page's route chunk and records every full page load. */
  async function breakThePrivacyChunk(page: Page) {
    await page.route(/\/assets\/privacy-[^/]+\.js$/, (route) => route.abort());
    const loads: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") loads.push(new URL(request.url()).pathname);
    });
    return loads;
  }

  test("is loaded in full once, at the address the shopper asked for, and not again within 10 s", async ({
    page,
  }) => {
    const loads = await breakThePrivacyChunk(page);
    await openHydrated(page, "/");
    expect(loads).toEqual(["/"]);

    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
    // React Router alone reloaded the page being left, three times in 5.5 s; watch as long.
    await page.waitForTimeout(5_500);
    expect(loads).toEqual(["/", "/privacy"]);
    const stamp = await page.evaluate(() => sessionStorage.getItem("oja:chunk-reload-at"));
    expect(Number(stamp)).toBeGreaterThan(0);
  });

  test("within 10 s of the last reload, keeps the shopper where they are and says so", async ({
    page,
  }) => {
    const loads = await breakThePrivacyChunk(page);
    await openHydrated(page, "/");
    await page.evaluate(() => sessionStorage.setItem("oja:chunk-reload-at", String(Date.now())));

    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "That page didn't load" });
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL("/");
    // The navigation that waited for the missing code is over: the loading bar is gone.
    await expect(
      page.getByRole("progressbar", { name: "Loading the page", includeHidden: true }),
    ).toHaveAttribute("aria-hidden", "true");
    expect(loads).toEqual(["/"]);

    // The shopper's own "try again" loads the page in full.
    await alert.getByRole("link", { name: "try again" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
    expect(loads).toEqual(["/", "/privacy"]);
  });
});

test.describe("the copy button", () => {
  test("copies, says Copied for 1500 ms, then returns to Copy", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.clock.install();
    await openHydrated(page, "/dev/kit");
    // Stop the page's clock, so that only runFor moves it.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.getByRole("button", { name: "Copy referral link" }).click();
    const copied = page.getByRole("button", { name: "Copied referral link" });
    await expect(copied).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "https://oja.ng/invite/ADA7K2P",
    );
    await page.clock.runFor(1499);
    await expect(copied).toBeVisible();
    await page.clock.runFor(1);
    await expect(page.getByRole("button", { name: "Copy referral link" })).toBeVisible();
  });

  test("falls back to the older copy command where the Clipboard API is missing", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", { value: undefined });
      const copies: string[] = [];
      (window as unknown as { copies: string[] }).copies = copies;
      document.execCommand = (command: string) => {
        copies.push(
          `${command}:${document.getSelection()?.toString() || (document.activeElement as HTMLTextAreaElement)?.value}`,
        );
        return true;
      };
    });
    await openHydrated(page, "/dev/kit");
    await page.getByRole("button", { name: "Copy referral link" }).click();
    await expect(page.getByRole("button", { name: "Copied referral link" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { copies: string[] }).copies)).toEqual([
      "copy:https://oja.ng/invite/ADA7K2P",
    ]);
  });

  test("says so plainly when copying fails", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", { value: undefined });
      document.execCommand = () => false;
    });
    await openHydrated(page, "/dev/kit");
    await page.getByRole("button", { name: "Copy referral link" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Couldn't copy. Select the text and copy it yourself.",
    );
    await expect(page.getByRole("button", { name: "Copy referral link" })).toBeVisible();
  });
});
