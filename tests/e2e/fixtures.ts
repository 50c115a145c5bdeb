import { mkdirSync } from "node:fs";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type FrameLocator,
  type Locator,
  type Page,
} from "@playwright/test";
import { e2ePassword, e2eSharedShoppers } from "../support/e2e-accounts.ts";
import { testHooksHeaders } from "../support/test-hooks.ts";

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
      const context = await browser.newContext({
        baseURL: workerInfo.project.use.baseURL,
        extraHTTPHeaders: testHooksHeaders,
      });
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
 * Another browser context for the running test (a second person signed in beside the test's
 * own page), watched like the test's own: its console and page errors fail the test unless
 * allowed. The test closes it.
 */
export async function newWatchedContext(
  browser: Browser,
  options: BrowserContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext({ extraHTTPHeaders: testHooksHeaders, ...options });
  const errors = runningTestErrors;
  watchErrors(context, (error) => errors?.push(error));
  return context;
}

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
 * Presses a product card's "Add … to cart". A product with sizes asks for one first (issue 15):
 * it gets the first size offered.
 */
export async function addCardToCart(card: Locator, name: string) {
  const button = card.getByRole("button", { name: `Add ${name} to cart`, exact: true });
  await button.click();
  if ((await button.getAttribute("aria-haspopup")) === "dialog") {
    const chooser = card.page().getByRole("dialog", { name: `Choose a size of ${name}` });
    await chooser.getByRole("button").first().click();
    await expect(chooser).toBeHidden();
  }
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
  // (Its city chips link to /?city=…, the home page itself.)
  const newOnOja = page.getByRole("region", { name: "New on Oja" }).getByRole("link");
  const businessHrefs = (
    await newOnOja.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute("href") ?? ""),
    )
  ).filter((href) => !href.startsWith("/?"));
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

// ---------------------------------------------------------------------------------------------
// Accounts: creating one, signing in and out, and reading the emails Oja sent (the dev mailbox).

export interface AccountDetails {
  name: string;
  email: string;
  password: string;
}

/** A strong password (zxcvbn 3 or more) that none of the helpers' names or emails resembles. */
export const strongPassword = "mango tree by the lagoon 7";

let accountsMade = 0;

/**
 * Details for a new account, with an email no other run or test uses. Sign-ups are limited per
 * address (10 an hour from one IP), so a spec creates only the accounts it needs.
 */
export function newAccountDetails(label = "shopper"): AccountDetails {
  accountsMade += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${accountsMade}`;
  return {
    name: "Adaeze Okafor",
    email: `${label}-${stamp}@example.com`,
    password: strongPassword,
  };
}

/** What /CreateAccount answers after any accepted sign-up, new email or not (decision 031). */
export function signUpAnswer(email: string) {
  return `We've sent an email to ${email}. Open it to confirm your address, then sign in.`;
}

/** Fills and sends /CreateAccount (already open and hydrated); ends on its "check your email". */
export async function submitSignUp(page: Page, account: AccountDetails) {
  await page.getByLabel("Your name").fill(account.name);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("checkbox", { name: /I agree to Oja's privacy policy/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  await expect(page.getByText(signUpAnswer(account.email))).toBeVisible();
}

/**
 * Creates the account through /CreateAccount, then signs in from its "check your email" page,
 * as a new shopper does; the page ends on /profile, signed in.
 */
export async function createAccount(page: Page, account: AccountDetails) {
  await openHydrated(page, "/CreateAccount");
  await submitSignUp(page, account);
  await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/Login\?redirectTo=/);
  await waitForHydration(page);
  await submitSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/profile(\?|$)/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
}

/**
 * Fills and sends the sign-in form of the page (already on /Login, hydrated). Doesn't wait for
 * the outcome: the caller expects either the next page or the error.
 */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Opens /Login and signs in; resolves once the form has left /Login. */
export async function signIn(page: Page, email: string, password: string) {
  await openHydrated(page, "/Login");
  await submitSignIn(page, email, password);
  // The password check is deliberately slow (scrypt); on a busy CI machine it and the next page
  // can take longer than an ordinary expectation waits.
  await expect(page).not.toHaveURL(/\/Login/, { timeout: 20_000 });
}

/** Signs out through the header's account menu and waits for the "You're signed out." toast. */
export async function signOut(page: Page) {
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByText("You're signed out.")).toBeVisible();
}

/**
 * What Chromium logs, now and then, when a mailbox message shows its HTML: the message is in a
 * sandboxed frame without scripts, and Playwright's trace recorder adds a script to every frame,
 * which the sandbox refuses. The email has no script of its own. Tests that open an email allow it.
 */
export const sandboxedEmailFrame =
  /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;

/**
 * Opens the newest email to `to` with this subject in the dev mailbox, reloading the list until
 * it arrives (emails are queued as the request that sends them finishes). The test should allow
 * `sandboxedEmailFrame`.
 */
export async function openLatestEmail(page: Page, to: string, subject: string) {
  const link = page.getByRole("link", { name: subject, exact: true }).first();
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    await expect(link).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
}

/** Follows the link of the open mailbox message whose URL matches `url` (the link's own name). */
export async function followEmailLink(page: Page, url: RegExp) {
  const link = page.getByRole("link", { name: url });
  const href = await link.first().getAttribute("href");
  if (!href) throw new Error(`The email has no link matching ${url}`);
  await link.first().click();
  return href;
}

/**
 * `test` with one more worker fixture: `account`, an account created once per worker for tests
 * that only sign in with it (and never change its password or delete it). Each fresh `page` is a
 * guest until the test signs in.
 */
export const accountTest = test.extend<Record<never, never>, { account: AccountDetails }>({
  account: [
    async ({ browser }, use, workerInfo) => {
      // One of the accounts the e2e server made before it started (e2e-fixtures.ts), so a
      // restarted worker doesn't spend one of the IP's sign-ups; past them, a new one.
      if (workerInfo.workerIndex < e2eSharedShoppers.count) {
        await use({
          name: e2eSharedShoppers.name,
          email: e2eSharedShoppers.email(workerInfo.workerIndex),
          password: e2ePassword,
        });
        return;
      }
      const context = await browser.newContext({
        baseURL: workerInfo.project.use.baseURL,
        extraHTTPHeaders: testHooksHeaders,
      });
      const details = newAccountDetails("shared");
      await createAccount(await context.newPage(), details);
      await context.close();
      await use(details);
    },
    { scope: "worker" },
  ],
});

// ---------------------------------------------------------------------------------------------
// Uploads and checkout: a picture to send, and paying in the Paystack simulator's popup.

/** A 1×1 PNG: the server decodes and re-encodes whatever arrives. */
export const onePixelPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** The simulator's test cards (its popup offers a "Use card …" button for each). */
export const paystackCards = {
  success: "4084 0840 8408 4081",
  declined: "4084 0800 0000 0409",
};

/** Fills the checkout's phone and delivery address (the page is /checkout, hydrated). */
export async function fillContactAndAddress(page: Page) {
  await page.getByLabel("Phone", { exact: true }).fill("0803 123 4567");
  const address = page.getByRole("region", { name: "Delivery address" });
  await address.getByLabel("Street address", { exact: true }).fill("12 Admiralty Way");
  await address.getByLabel("City", { exact: true }).fill("Lekki");
  await address.getByLabel("State", { exact: true }).fill("Lagos");
}

export function popupDialog(page: Page) {
  return page.getByRole("dialog", { name: "Paystack test payment" });
}

export function popupFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Paystack test payment"]');
}

/** The popup is open and asks for `amount`. */
export async function expectPopupAmount(page: Page, amount: string) {
  await expect(popupDialog(page)).toBeVisible();
  await expect(popupFrame(page).getByRole("heading", { level: 1 })).toHaveText(`Pay ${amount}`);
}

/** Fills the card form with a test card's "Use" button and pays. */
export async function payWithCard(page: Page, card: string, amount: string) {
  const frame = popupFrame(page);
  await frame.getByRole("button", { name: `Use card ${card}`, exact: true }).click();
  await expect(frame.getByLabel("Card number")).toHaveValue(card);
  await expect(frame.getByLabel("Expiry date")).toHaveValue(/^12\/\d{2}$/);
  await expect(frame.getByLabel("CVV")).toHaveValue("408");
  await frame.getByRole("button", { name: `Pay ${amount}`, exact: true }).click();
}

/** "₦1,234.50" → 123450 kobo. */
export function parseNaira(text: string): number {
  const [, naira, kobo] = /₦\s?([\d,]+)\.(\d{2})/.exec(text) ?? [];
  if (naira === undefined || kobo === undefined) {
    throw new Error(`No naira amount in ${JSON.stringify(text)}`);
  }
  return Number(naira.replaceAll(",", "")) * 100 + Number(kobo);
}

/** 123450 kobo → "₦1,234.50", written out by hand so the app's formatter is really checked. */
export function formatKobo(kobo: number): string {
  const naira = Math.floor(kobo / 100).toString();
  const grouped = naira.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `₦${grouped}.${String(kobo % 100).padStart(2, "0")}`;
}

/** Nothing sticks out sideways: the page never scrolls horizontally at its current width. */
export async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page, "the page's width").toBeLessThanOrEqual(widths.viewport);
}

/**
 * Saves a full-page screenshot as `{E2E_SHOTS}/{name}.png` when the run asks for them
 * (E2E_SHOTS=/tmp/shots npm run test:e2e), for a person to look at; nothing otherwise.
 */
export async function saveShot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
