import type { APIResponse, Page } from "@playwright/test";
import { pageOnlyHeaders } from "../support/static-headers.ts";
import {
  accountTest,
  expect,
  openHydrated,
  resourceStatus,
  submitSignIn,
  test,
  waitForHydration,
} from "./fixtures.ts";

/**
 * The security baseline as a browser sees it: the headers of every kind of response, the script
 * nonce of each page, a session cookie that scripts can't read, and the Origin check that
 * refuses a form posted from another site.
 */
const refusedText = "This request did not come from an Oja page, so it was refused.";
const sessionCookie = "oja.session_token";

/** The headers every response carries, whatever it is. */
function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  // Scripts run only from Oja itself or with this response's nonce: no inline code, no eval.
  expect(csp, `${what}: Content-Security-Policy`).toMatch(
    /(^|; )script-src 'self' 'nonce-[A-Za-z0-9+/]+={0,2}'(;|$)/,
  );
  expect(csp, `${what}: Content-Security-Policy`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: Content-Security-Policy`).toContain("object-src 'none'");
  expect(csp, `${what}: no eval`).not.toContain("unsafe-eval");
  expect(headers["referrer-policy"], `${what}: Referrer-Policy`).toBe(
    "strict-origin-when-cross-origin",
  );
  expect(headers["permissions-policy"], `${what}: Permissions-Policy`).toContain("microphone=()");
  expect(headers["x-content-type-options"], `${what}: X-Content-Type-Options`).toBe("nosniff");
  expect(headers["x-frame-options"], `${what}: X-Frame-Options`).toBe("DENY");
  // Served over plain http here: HSTS would be ignored and must not be sent.
  expect(headers["strict-transport-security"], `${what}: no HSTS on http`).toBeUndefined();
}

/**
 * The headers of a file of the build (decision 032): nosniff, and none of a page's own, which
 * govern documents only; HSTS would be sent too over HTTPS.
 */
function expectStaticFileHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], `${what}: X-Content-Type-Options`).toBe("nosniff");
  for (const pageOnly of pageOnlyHeaders) {
    expect(headers[pageOnly], `${what}: no ${pageOnly}`).toBeUndefined();
  }
  expect(headers["strict-transport-security"], `${what}: no HSTS on http`).toBeUndefined();
}

/** The script-src nonce of a CSP header. */
function nonceOf(csp: string | undefined): string {
  const [, nonce] = /'nonce-([^']+)'/.exec(csp ?? "") ?? [];
  if (!nonce) throw new Error(`No nonce in ${JSON.stringify(csp)}`);
  return nonce;
}

/** The nonce of every script of the page (the DOM property: browsers hide the attribute). */
/**
 * The nonce of every script that runs. Structured data (`application/ld+json`) is a data block
 * the browser never executes, so the script policy does not apply to it and it carries none.
 */
async function scriptNonces(page: Page) {
  return page.evaluate(() =>
    Array.from(document.scripts)
      .filter((script) => script.type !== "application/ld+json")
      .map((script) => ({
        src: script.src,
        nonce: script.nonce,
        attribute: script.getAttribute("nonce"),
      })),
  );
}

test("every kind of response carries its security headers", async ({ page, request }) => {
  const home = await page.goto("/");
  expect(home?.status()).toBe(200);
  // A script of the build, as the page links it.
  const script = await page
    .locator('script[src*="/assets/"], link[rel="modulepreload"][href*="/assets/"]')
    .first()
    .evaluate((element) =>
      element instanceof HTMLScriptElement ? element.src : (element as HTMLLinkElement).href,
    );
  const scriptPath = new URL(script).pathname;
  expect(scriptPath).toMatch(/^\/assets\/.+\.js$/);

  // A page rendered per request (the home page comes from the render cache, whose CSP names
  // its scripts' hashes instead: hostile-input.spec.ts).
  const document = await request.get("/Login");
  expect(document.status()).toBe(200);
  expect(document.headers()["content-type"]).toContain("text/html");
  expectSecurityHeaders(document, "the sign-in page");

  const favicon = await request.get("/favicon.svg");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["cache-control"]).toBe("public, max-age=3600");
  expectStaticFileHeaders(favicon, "/favicon.svg");

  // A hashed asset: cached for good, sent as the build compressed it, the same script each way.
  const plain = await request.get(scriptPath, { headers: { "accept-encoding": "identity" } });
  expect(plain.status()).toBe(200);
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  const scriptText = await plain.text();
  for (const [accept, encoding] of [
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
  ] as const) {
    const asset = await request.get(scriptPath, { headers: { "accept-encoding": accept } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()["content-type"]).toContain("javascript");
    expect(asset.headers()["content-encoding"], accept).toBe(encoding);
    expect(asset.headers().vary).toBe("Accept-Encoding");
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await asset.text(), `${accept}: the same script`).toBe(scriptText);
    expectStaticFileHeaders(asset, `${scriptPath} (${encoding})`);
  }

  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expectSecurityHeaders(health, "/healthz");

  const missing = await request.get("/no/such/page-anywhere");
  expect(missing.status()).toBe(404);
  expectSecurityHeaders(missing, "a 404 page");

  const refused = await request.post("/Login", {
    headers: { origin: "https://evil.example" },
    form: { email: "someone@example.com", password: "whatever it is 1" },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toBe(refusedText);
  expectSecurityHeaders(refused, "a refused POST");
});

test("each page load has its own script nonce, and every script of the page carries it", async ({
  page,
}) => {
  const nonces: string[] = [];
  // A page rendered per request: a cached one names its scripts' hashes (decision 029).
  for (const path of ["/Login", "/Login"]) {
    const response = await openHydrated(page, path);
    const nonce = nonceOf(response?.headers()["content-security-policy"]);
    nonces.push(nonce);
    const scripts = await scriptNonces(page);
    expect(scripts.length, "the page has scripts").toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.nonce, `the nonce of ${script.src || "an inline script"}`).toBe(nonce);
      // The attribute reads empty once the browser has taken the nonce in.
      expect(script.attribute ?? "").not.toBe(nonce);
    }
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test("navigating from page to page breaks no Content-Security-Policy rule", async ({ page }) => {
  // Every violation also lands on the console, which the fixture watches; the event names it.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} on ${location.pathname}`,
      );
    });
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  await openHydrated(page, "/");
  await page.getByRole("banner").getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/Login");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL("/CreateAccount");
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();

  await page
    .getByRole("banner")
    .getByRole("link", { name: /^Cart, \d+ items?$/ })
    .click();
  await expect(page).toHaveURL("/cart");
  await expect(page.getByText("Loading your cart…")).toHaveCount(0);
  expect(await violations()).toEqual([]);

  // The same pages loaded afresh, each with its own nonce.
  for (const path of ["/Login", "/CreateAccount", "/cart", "/"]) {
    await openHydrated(page, path);
    expect(await violations(), `violations on ${path}`).toEqual([]);
  }
});

accountTest(
  "the session cookie is out of reach of scripts and stays on this site",
  async ({ page, account }) => {
    await openHydrated(page, "/Login");
    await submitSignIn(page, account.email, account.password);
    await expect(page).toHaveURL("/");
    await waitForHydration(page);

    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === sessionCookie);
    expect(session, "the session cookie").toBeDefined();
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(session?.secure).toBe(false); // plain http in this test; Secure behind HTTPS
    expect(session?.path).toBe("/");
    expect(await page.evaluate(() => document.cookie)).not.toContain(sessionCookie);

    // The page knows who is signed in all the same.
    await openHydrated(page, "/profile");
    await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();
  },
);

accountTest(
  "a form posted from another site is refused, and the same form on Oja works",
  async ({ page, baseURL, account, allowConsoleError }) => {
    const form = { email: account.email, password: account.password, redirectTo: "/profile" };

    const foreign = await page.request.post(`${baseURL}/Login`, {
      headers: { origin: "https://evil.example" },
      form,
    });
    expect(foreign.status()).toBe(403);
    expect(await foreign.text()).toBe(refusedText);
    expect(foreign.headers()["set-cookie"]).toBeUndefined();

    // Neither Origin nor Referer: refused as well (a browser always sends one of them).
    const anonymous = await page.request.post(`${baseURL}/Login`, { form });
    expect(anonymous.status()).toBe(403);
    expect(await anonymous.text()).toBe(refusedText);

    // A real page on another origin that submits a form to Oja: the browser sends that origin.
    allowConsoleError(resourceStatus(403));
    await page.route("http://evil.example/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Win a prize</title>
        <form method="post" action="${baseURL}/Login">
          <input name="email" value="${account.email}">
          <input name="password" value="${account.password}">
          <button>Claim</button>
        </form>`,
      }),
    );
    await page.goto("http://evil.example/prize");
    const [posted] = await Promise.all([
      page.waitForResponse((response) => response.url() === `${baseURL}/Login`),
      page.getByRole("button", { name: "Claim" }).click(),
    ]);
    expect(posted.status()).toBe(403);
    await expect(page.getByText(refusedText)).toBeVisible();
    expect(
      (await page.context().cookies(baseURL)).some((cookie) => cookie.name === sessionCookie),
    ).toBe(false);

    // The same sign-in through Oja's own page goes through.
    await openHydrated(page, "/Login?redirectTo=%2Fprofile");
    await submitSignIn(page, account.email, account.password);
    await expect(page).toHaveURL("/profile");
    await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();
  },
);
