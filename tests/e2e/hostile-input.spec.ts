import http from "node:http";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes.ts";
import { e2ePassword, e2eSharedShoppers } from "../support/e2e-accounts.ts";
import { expect, openHydrated, resourceStatus, test } from "./fixtures.ts";

/**
 * Hostile input (issue 16), sent as an attacker would, to every route of the route table and
 * every form action of the running app: NUL bytes, broken % escapes, 2,000-character segments,
 * bidi overrides, wrong content types, broken multipart and an oversize chunked body. Nothing
 * answers 5xx, pages answer in the app's layout, and nothing is written.
 */

/** Every path of the route table, in `:param` form. */
function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent || "/" : join(parent, entry.path ?? "");
    const self = entry.path === undefined && !entry.index ? [] : [own];
    return [...self, ...routePaths(entry.children ?? [], entry.path === undefined ? parent : own)];
  });
}
const join = (parent: string, path: string) =>
  !parent ? path : path ? `${parent.replace(/\/$/, "")}/${path}` : parent;

const paths = [...new Set(routePaths(routes))].filter((path) => path !== "*");
const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

/** The path with each parameter (or, without any, a query value) replaced by `value`. */
function withValue(path: string, value: string) {
  return path.includes(":") ? path.replace(/:\w+/g, value) : `${path}?q=${value}`;
}

const hostileValues = {
  "a NUL byte": "a%00b",
  "a broken escape": "a%ZZb",
  "an escape character": "a%1Bb",
  "a bidi override": "a%E2%80%AEb",
  "a lone surrogate": "a%ED%A0%80b",
  "2,000 characters": "a".repeat(2000),
} as const;

/** A response a person would see as a page of Oja (the layout's header), or the JSON API's. */
async function expectHandled(
  response: Awaited<ReturnType<APIRequestContext["get"]>>,
  what: string,
) {
  expect(response.status(), what).toBeLessThan(500);
  const type = response.headers()["content-type"] ?? "";
  if (type.includes("text/html") && response.status() >= 400) {
    const html = await response.text();
    // The error page, or the form itself with its field messages, in the site's layout.
    expect(html, `${what}: in the app's layout`).toContain("<header");
    expect(html, `${what}: no framework message`).not.toContain("did not provide an `action`");
  }
}

test.describe("every route of the route table", () => {
  test.describe.configure({ timeout: 180_000 });

  for (const [name, value] of Object.entries(hostileValues)) {
    test(`answers ${name} without a 5xx`, async ({ request }) => {
      for (const path of paths) {
        const url = withValue(path, value);
        await expectHandled(await request.get(url, { maxRedirects: 0 }), `GET ${url}`);
      }
    });
  }

  test("a NUL byte or a broken escape is a 400 page that says what is wrong", async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(resourceStatus(400));
    for (const [url, message] of [
      ["/?city=%00", "This link has a hidden character in it"],
      ["/search/a%00b", "This link has a hidden character in it"],
      ["/%ZZ", "This link is broken"],
    ] as const) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(400);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(message);
      await expect(page.getByRole("banner")).toBeVisible();
    }
  });

  test("the JSON API answers 400 with its reason", async ({ request }) => {
    const suggest = await request.get("/api/search/suggest?q=ma%00");
    expect(suggest.status()).toBe(400);
    expect(await suggest.json()).toEqual({
      error: "This link has a hidden character in it: check it and try again",
    });
    const lines = encodeURIComponent('[{"id":"prd_\\u0000","quantity":1}]');
    const quote = await request.get(`/api/checkout/quote?lines=${lines}`);
    expect(quote.status()).toBe(400);
  });
});

/** The form actions, with a page to post to (the parameters are strangers' or made-up). */
const formActions = [
  "/Login",
  "/CreateAccount",
  "/Login/forgot",
  "/Login/reset?token=nope",
  "/profile",
  "/checkout",
  "/checkout/chk_0000000000000000",
  "/b/ff",
  "/vendor",
  "/vendor/no-such-business/products/new",
  "/vendor/no-such-business/profile",
  "/admin/applications",
  "/",
  "/search/x",
];

const brokenBodies: Record<string, { headers: Record<string, string>; data: string | Buffer }> = {
  JSON: { headers: { "content-type": "application/json" }, data: '{"email":"a@b.c"}' },
  "plain text": { headers: { "content-type": "text/plain" }, data: "email=a@b.c" },
  "no type": { headers: {}, data: "email=a@b.c" },
  "an empty body": { headers: {}, data: "" },
  "a broken multipart": {
    headers: { "content-type": "multipart/form-data; boundary=xx" },
    data: "--xx\r\ngarbage",
  },
  "a multipart without a boundary": {
    headers: { "content-type": "multipart/form-data" },
    data: "--xx\r\n",
  },
  "a NUL in a field": {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: "email=a%00b%40example.com&password=x&name=Ada",
  },
};

test.describe("every form action", () => {
  test.describe.configure({ timeout: 180_000 });

  for (const [name, body] of Object.entries(brokenBodies)) {
    test(`answers ${name} without a 5xx`, async ({ request }) => {
      for (const path of formActions) {
        const response = await request.post(path, {
          headers: { origin: baseURL, ...body.headers },
          data: body.data,
          maxRedirects: 0,
        });
        await expectHandled(response, `POST ${path} with ${name}`);
      }
    });
  }

  test("a page without an action answers a plain 405", async ({ request }) => {
    const response = await request.post("/search/x", { headers: { origin: baseURL }, form: {} });
    expect(response.status()).toBe(405);
    expect(response.headers().allow).toBe("GET, HEAD");
    expect(await response.text()).toBe("Method Not Allowed");
  });

  test("an account asked for with a NUL byte in it is not created", async ({ request }) => {
    const email = `hostile-${Date.now().toString(36)}@example.com`;
    const refused = await request.post("/CreateAccount", {
      headers: { origin: baseURL },
      form: { name: "Ada\u0000Obi", email, password: e2ePassword, privacy: "on" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    const signIn = await request.post("/Login", {
      headers: { origin: baseURL },
      form: { email, password: e2ePassword },
      maxRedirects: 0,
    });
    expect(signIn.status(), "no account was made: wrong email or password").toBe(401);
  });

  test("a chunked body larger than the limit is refused 413 while it streams", async () => {
    const { status, sent } = await new Promise<{ status: number; sent: number }>((resolve) => {
      const url = new URL("/Login", baseURL);
      const post = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: baseURL },
      });
      const chunk = Buffer.alloc(64 * 1024, "a");
      let bytes = 0;
      let answered = false;
      post.on("response", (response) => {
        answered = true;
        response.resume();
        resolve({ status: response.statusCode ?? 0, sent: bytes });
      });
      post.on("error", () => {
        if (!answered) resolve({ status: 0, sent: bytes });
      });
      const pump = () => {
        while (!answered && bytes < 300 * 1024 * 1024) {
          bytes += chunk.length;
          if (!post.write(chunk)) return void post.once("drain", pump);
        }
        post.end();
      };
      pump();
    });
    // The server answers 413 and closes the connection; a client still sending may see the
    // close (a reset) before it reads the answer. Either way it stopped reading long before.
    expect([413, 0]).toContain(status);
    expect(sent, "refused long before 300 MB were sent").toBeLessThan(50 * 1024 * 1024);
    const health = await fetch(new URL("/healthz", baseURL));
    expect(health.status).toBe(200);
  });
});

test("signing in with a redirectTo that leads elsewhere stays on Oja", async ({
  page,
  allowConsoleError,
}) => {
  // Eight sign-ins in a real browser: more than the default 30 s on two busy cores.
  test.setTimeout(120_000);
  // Some land on a page of Oja that isn't there, or on the 400 page of a link with a tab in it.
  allowConsoleError(resourceStatus(400), resourceStatus(404));
  // As they would appear in a link: raw, and encoded once more.
  for (const redirectTo of [
    "/%09/evil.example",
    "/%5Cevil.example",
    "//evil.example",
    "/\\/evil.example",
    "https://evil.example/",
    "/.//evil.example",
    encodeURIComponent("/\t/evil.example"),
    encodeURIComponent("//evil.example"),
  ]) {
    await page.context().clearCookies();
    await page.goto(`/Login?redirectTo=${redirectTo}`);
    await page.getByLabel("Email").fill(e2eSharedShoppers.email(39));
    await page.getByLabel("Password").fill(e2ePassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page, redirectTo).not.toHaveURL(/\/Login/);
    expect(new URL(page.url()).origin, redirectTo).toBe(baseURL);
  }
});

test.describe("private pages", () => {
  test("are sent private, no-store to the person signed in", async ({ page }) => {
    await page.goto("/Login");
    await page.getByLabel("Email").fill(e2eSharedShoppers.email(38));
    await page.getByLabel("Password").fill(e2ePassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).not.toHaveURL(/\/Login/);
    for (const path of ["/profile", "/profile/orders", "/checkout", "/b/ff", "/vendor"]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
  });

  test("test hooks and the mailbox answer 404 to a stranger, and open to the suite", async ({
    request,
  }) => {
    const stranger = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: {} });
    try {
      for (const path of ["/dev/mailbox", "/dev/mailbox?to=a%40b.c"]) {
        expect((await stranger.get(path)).status(), path).toBe(404);
      }
      const hooks = await stranger.get("/_paystack/_test/webhooks", {
        headers: { authorization: "Bearer sk_test_oja_simulator" },
      });
      expect(hooks.status()).toBe(404);
    } finally {
      await stranger.dispose();
    }
    expect((await request.get("/dev/mailbox")).status()).toBe(200);
  });
});

test("a cached business page names its scripts' hashes, not a nonce shared by all, and runs", async ({
  page,
  demo,
  request,
}) => {
  const first = await request.get(`/${demo.businessSlug}`);
  const second = await request.get(`/${demo.businessSlug}`);
  expect(second.headers()["x-oja-page-cache"]).toBe("hit");
  const csp = second.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+={0,2}')+/);
  expect(csp).not.toContain("'nonce-");
  expect(first.headers()["content-security-policy"]).toBe(csp);

  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await openHydrated(page, `/${demo.businessSlug}`);
  await expect(page.getByRole("heading", { level: 1, name: demo.businessName })).toBeVisible();
  expect(violations).toEqual([]);
});
