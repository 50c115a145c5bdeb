import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";

/**
 * The shared Playwright `test` of the browser suite. Every test watches the console and the
 * page errors of every page it opens (second tabs included) and fails when any occurred, unless
 * the test declared that message as expected:
 *
 *   test.use({ allowConsoleErrors: [resourceStatus(404)] });   // a whole file or describe block
 *   test("…", async ({ page, allowConsoleError }) => { allowConsoleError(/pattern/); … });
 *
 * Opening a fresh page costs more than visiting one (about half a second here), so tests that
 * only look at pages may use `sharedPage`, one page per worker, watched the same way. Tests
 * that change state (the cart, toasts, focus) use their own `page`.
 */
export type ConsolePattern = string | RegExp;

/** Chromium's line for a response with this status (the page itself or any of its resources). */
export function resourceStatus(status: number): RegExp {
  return new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`);
}

export interface DemoCatalog {
  businessSlug: string;
  businessName: string;
  productSlug: string;
  productName: string;
}

interface TestFixtures {
  /** Console or page error messages this test expects (substring or pattern). */
  allowConsoleErrors: ConsolePattern[];
  /** Allows more expected console errors from inside one test. */
  allowConsoleError: (...patterns: ConsolePattern[]) => void;
  /** The patterns in force for the running test: the option plus allowConsoleError calls. */
  expectedConsoleErrors: ConsolePattern[];
  /** Automatic: collects the errors of every page of the test and fails it on any unexpected. */
  consoleGuard: undefined;
}

interface WorkerFixtures {
  /** A page that lives as long as the worker, for tests that only visit and read pages. */
  sharedPage: Page;
  /** A real demo business and one of its products, read from the home page's links. */
  demo: DemoCatalog;
}

interface CollectedError {
  source: "console error" | "page error";
  url: string;
  text: string;
}

/** Reports every console error and uncaught page error of a browser context. */
function watchErrors(context: BrowserContext, report: (error: CollectedError) => void) {
  context.on("console", (message) => {
    if (message.type() !== "error") return;
    report({ source: "console error", url: message.page()?.url() ?? "", text: message.text() });
  });
  context.on("weberror", (error) => {
    report({ source: "page error", url: error.page()?.url() ?? "", text: String(error.error()) });
  });
}

// A worker runs one test at a time: the shared page reports into the running test's list.
let runningTestErrors: CollectedError[] | undefined;

function matches(message: string, patterns: readonly ConsolePattern[]): boolean {
  return patterns.some((pattern) =>
    typeof pattern === "string" ? message.includes(pattern) : pattern.test(message),
  );
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  allowConsoleErrors: [[], { option: true }],

  expectedConsoleErrors: async ({ allowConsoleErrors }, use) => {
    await use([...allowConsoleErrors]);
  },

  allowConsoleError: async ({ expectedConsoleErrors }, use) => {
    await use((...patterns) => {
      expectedConsoleErrors.push(...patterns);
    });
  },

  consoleGuard: [
    async ({ context, expectedConsoleErrors }, use, testInfo) => {
      const errors: CollectedError[] = [];
      runningTestErrors = errors;
      watchErrors(context, (error) => errors.push(error));
      try {
        await use(undefined);
      } finally {
        runningTestErrors = undefined;
      }
      const unexpected = errors
        .filter((error) => !matches(error.text, expectedConsoleErrors))
        .map((error) => `${error.source} on ${error.url}: ${error.text}`);
      if (unexpected.length > 0) {
        await testInfo.attach("console errors", { body: unexpected.join("\n") });
      }
      expect(unexpected, "console errors and page errors during the test").toEqual([]);
    },
    { auto: true },
  ],

  sharedPage: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      watchErrors(context, (error) => runningTestErrors?.push(error));
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],

  demo: [
    async ({ sharedPage }, use) => {
      await use(await findDemoCatalog(sharedPage));
    },
    { scope: "worker" },
  ],
});

/**
 * Waits until React has hydrated the page: React Router's <ScrollRestoration> switches the
 * history entry's scroll restoration to "manual" in an effect, which runs only after the
 * hydration commit. Buttons and the local-storage cart work from here on.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => window.history.scrollRestoration === "manual");
}

/** Opens a page (with its images and scripts loaded) and waits for hydration. */
export async function openHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/**
 * Finds a real demo business and one of its products through the home page: each product card
 * links to /{businessSlug}/products/{productSlug}, and its business line links to
 * /{businessSlug} with the text "{business name} · {city}".
 */
export async function findDemoCatalog(page: Page): Promise<DemoCatalog> {
  await page.goto("/");
  const popular = page.getByRole("region", { name: "Popular right now" });
  const cards = popular.getByRole("article");
  await expect(cards.first()).toBeVisible();
  const links = await cards
    .first()
    .getByRole("link")
    .evaluateAll((elements) =>
      elements.map((element) => ({
        href: element.getAttribute("href") ?? "",
        text: (element.textContent ?? "").trim(),
      })),
    );
  let product: { businessSlug: string; productSlug: string; productName: string } | undefined;
  let businessName: string | undefined;
  for (const { href, text } of links) {
    const [, businessSlug, productSlug] = /^\/([^/]+)\/products\/([^/?#]+)$/.exec(href) ?? [];
    if (businessSlug && productSlug && text) {
      product = { businessSlug, productSlug, productName: text };
    }
    if (/^\/[^/]+$/.test(href) && text.includes(" · ")) {
      businessName = text.split(" · ")[0]?.trim();
    }
  }
  if (!product || !businessName) {
    throw new Error(
      `No product card with a business link on the home page: ${JSON.stringify(links)}`,
    );
  }

  // The "New on Oja" list links each new business as /{businessSlug}; the slug must be one.
  const newOnOja = page.getByRole("region", { name: "New on Oja" }).getByRole("link");
  const businessHrefs = await newOnOja.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute("href") ?? ""),
  );
  expect(businessHrefs.length, "the New on Oja list shows businesses").toBeGreaterThan(0);
  for (const href of businessHrefs) expect(href).toMatch(/^\/[a-z0-9-]+$/);

  return {
    businessSlug: product.businessSlug,
    businessName,
    productSlug: product.productSlug,
    productName: product.productName,
  };
}

export { expect };
