import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { e2eFixtures } from "../support/e2e-fixtures.ts";
import { type DemoCatalog, expect, openHydrated, test } from "./fixtures.ts";

/**
 * Every row of the spec's route table (docs/spec/000_5822a430d9fb1160.txt, section 2) opens as a
 * real page inside its layout. The list is read from the spec itself, so a row added there is a
 * route tested here.
 */
type Layout = "default" | "custom" | "shop";

interface SpecRoute {
  /** The route as the spec writes it, e.g. "/{id}/products/{product}". */
  pattern: string;
  layout: Layout;
}

const specFile = path.join(import.meta.dirname, "../../docs/spec/000_5822a430d9fb1160.txt");

function readSpecRoutes(): SpecRoute[] {
  const rows = readFileSync(specFile, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("| /"));
  return rows.map((row) => {
    const [route = "", note = ""] = row
      .split("|")
      .slice(1, 3)
      .map((cell) => cell.trim());
    const pattern = route.replace(/\s*\(.*\)$/, ""); // "/ (home)" → "/"
    // "prerendered" is a rendering note, not a layout: such a row uses the default layout.
    const layout: Layout = note === "custom" || note === "shop" ? note : "default";
    return { pattern, layout };
  });
}

const specRoutes = readSpecRoutes();

/** Routes whose {id} names a business (besides the /{id}… vanity routes). */
const businessRoutes = new Set([
  "/b/{id}",
  "/b/{id}/{search}",
  "/b/{id}/collection/{collection}",
  "/business/{id}",
  "/ReviewsList/{id}",
  "/hi/{id}",
]);

/** A URL for a spec route: business routes get the demo business, other parameters "demo". */
function urlFor(pattern: string, demo: DemoCatalog): string {
  const underBusiness = pattern.startsWith("/{id}") || businessRoutes.has(pattern);
  return pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!underBusiness) return "demo";
    if (name === "id") return demo.businessSlug;
    if (name === "main") return "about";
    if (name === "product") return demo.productSlug;
    return "demo";
  });
}

/** The first link on `path` whose address matches `pattern`. */
async function firstLink(page: Page, path: string, pattern: RegExp): Promise<string> {
  await page.goto(path);
  const hrefs = await page
    .locator("a[href]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const href = hrefs.find((candidate) => pattern.test(candidate));
  if (!href) throw new Error(`no link like ${pattern} on ${path}`);
  return href;
}

/**
 * Routes whose parameters must name real things (a partner, a collection, a product id, a
 * category): found by following the app's own links, as a shopper would reach them.
 */
async function realSampleUrl(pattern: string, page: Page, demo: DemoCatalog) {
  switch (pattern) {
    case "/{id}/partners/{p}": {
      // Every other demo business presents a partner; one of the newest few does.
      const businesses = await page.goto("/").then(() =>
        page
          .getByRole("region", { name: "New on Oja" })
          .locator('a[href^="/"]:not([href^="/?"])')
          .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? "")),
      );
      for (const business of businesses) {
        try {
          return await firstLink(page, business, /^\/[a-z0-9-]+\/partners\/[a-z0-9-]+$/);
        } catch {
          // This one presents no partner; try the next.
        }
      }
      throw new Error("no demo business presents a partner");
    }
    case "/b/{id}/collection/{collection}":
      return firstLink(page, `/b/${demo.businessSlug}`, /^\/b\/[a-z0-9-]+\/collection\//);
    case "/search/{id}/{prod}":
      return firstLink(
        page,
        `/search/${encodeURIComponent(demo.productName)}`,
        /^\/search\/[^/]+\/prd_/,
      );
    case "/shop/{id}":
      return firstLink(page, "/", /^\/shop\/(?!friends$)[a-z0-9-]+$/);
    case "/vouchers/{id}":
      return firstLink(page, "/vouchers", /^\/vouchers\/vof_[0-9a-z]+$/);
    // A gift's link comes in an email: the e2e data sent one.
    case "/vouchergift/{id}":
      return `/vouchergift/${e2eFixtures().sampleGiftToken}`;
    // An invitation's link is a shopper's own code: the e2e data made one.
    case "/invite/{id}":
      return `/invite/${e2eFixtures().sampleReferralCode}`;
    // A review's address: the e2e data wrote one.
    case "/reviews/{id}":
      return `/reviews/${e2eFixtures().sampleReviewId}`;
    // A flash sale: the e2e data made one.
    case "/flash/{id}":
      return `/flash/${e2eFixtures().flashSale.id}`;
    // A discount sale: the e2e data planned one.
    case "/discountsales/{id}":
      return `/discountsales/${e2eFixtures().discountSaleId}`;
    // A pay link is sent by a business over chat: the e2e data made one.
    case "/pay/{id}":
      return `/pay/${e2eFixtures().payLinks.fixed}`;
    // An invoice's link comes in an email: the e2e data sent one.
    case "/invoices/{id}":
      return `/invoices/${e2eFixtures().sampleInvoice.publicId}`;
    // A review invitation's link comes in an email: the e2e data sent one.
    case "/ReviewInvitation/{id}":
      return `/ReviewInvitation/${e2eFixtures().sampleInvitationToken}`;
    default:
      return undefined;
  }
}

async function expectDefaultChrome(page: Page) {
  await expect(page.getByRole("banner").getByRole("search")).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer).toBeVisible();
  await expect(footer.getByRole("navigation", { name: "Shop" })).toBeVisible();
}

/** The custom chrome is one the shopper can shop from: Oja, search, cart and account. */
async function expectCustomChrome(page: Page) {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Oja", exact: true })).toBeVisible();
  await expect(header.getByRole("search")).toBeVisible();
  await expect(header.getByRole("link", { name: /^Cart, \d+ items?$/ })).toBeVisible();
  await expect(header.getByRole("button", { name: /^Account menu/ })).toBeVisible();
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "Back to your cart" }),
  ).toBeVisible();
}

async function expectShopChrome(page: Page) {
  const header = page.getByRole("banner");
  await expect(header.getByText("Reward shop", { exact: true })).toBeVisible();
  await expect(header.getByRole("button", { name: /^Account menu/ })).toBeVisible();
  // The shop's chrome has no site search (the shop's own pages search rewards in their body).
  await expect(header.getByRole("search")).toHaveCount(0);
}

const chrome: Record<Layout, (page: Page) => Promise<void>> = {
  default: expectDefaultChrome,
  custom: expectCustomChrome,
  shop: expectShopChrome,
};

/** What some routes show on top of their layout's chrome. */
const extraChecks: Record<string, (page: Page, demo: DemoCatalog) => Promise<void>> = {
  "/": async (page) => {
    await expect(
      page.getByRole("banner").getByRole("combobox", { name: "Search businesses and products" }),
    ).toBeVisible();
  },
  // A business's payment request: the header is the business's own, with its name.
  "/pay/{id}": async (page) => {
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: e2eFixtures().business.name })).toBeVisible();
  },
  // A product and a storefront: the header is the business's own, with its name.
  "/{id}/products/{product}": expectBusinessHeader,
  "/b/{id}": expectBusinessHeader,
};

async function expectBusinessHeader(page: Page, demo: DemoCatalog) {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: demo.businessName })).toBeVisible();
  await expect(header.getByText("Secure checkout")).toHaveCount(0);
}

test.describe.configure({ mode: "parallel" });

test("the spec lists 60 routes", () => {
  expect(specRoutes).toHaveLength(60);
  expect(new Set(specRoutes.map((route) => route.pattern)).size).toBe(60);
});

// These visits change nothing, so they share one page per worker (see fixtures.ts).
/** Screens for signed-in shoppers only: a guest is sent to sign in and brought back after. */
const signInFirst = new Set(["/checkout"]);

for (const pattern of signInFirst) {
  test(`${pattern} asks a guest to sign in first, and comes back after`, async ({
    sharedPage: page,
  }) => {
    const response = await openHydrated(page, pattern);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`/Login?redirectTo=${encodeURIComponent(pattern)}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectDefaultChrome(page);
  });
}

for (const { pattern, layout } of specRoutes.filter((route) => !signInFirst.has(route.pattern))) {
  test(`${pattern} opens with a heading inside the ${layout} layout`, async ({
    sharedPage: page,
    demo,
  }) => {
    const url = (await realSampleUrl(pattern, page, demo)) ?? urlFor(pattern, demo);
    const response = await openHydrated(page, url);
    expect(response?.status(), `status of ${url}`).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await chrome[layout](page);
    await extraChecks[pattern]?.(page, demo);
  });
}

test.describe("addresses are not case-sensitive", () => {
  test("the sign-in page opens at /login as well as /Login", async ({ sharedPage: page }) => {
    const response = await openHydrated(page, "/login");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectDefaultChrome(page);
  });

  test("the reward shop checkout opens at /REWARDSHOP/checkout", async ({ sharedPage: page }) => {
    const response = await openHydrated(page, "/REWARDSHOP/checkout");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectShopChrome(page);
  });
});
