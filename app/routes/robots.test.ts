import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { loaderArgs } from "#tests/support/router-context.ts";
import { loader, robotsTxt } from "./robots.ts";

const liveKeys = { PAYSTACK_SECRET_KEY: "sk_live_x", PAYSTACK_PUBLIC_KEY: "pk_live_x" };
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.close());

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Whether a crawler may fetch `path`, as RFC 9309 reads the rules: the longest matching rule
 * wins, Allow on a tie; `*` is any text and a final `$` ends the path.
 */
function crawlerMayFetch(robots: string, path: string): boolean {
  let best = { length: -1, allow: true };
  for (const line of robots.split("\n")) {
    const rule = /^(Allow|Disallow):\s*(\S+)$/.exec(line);
    if (!rule?.[2]) continue;
    const pattern = rule[2];
    const anchored = pattern.endsWith("$");
    const body = anchored ? pattern.slice(0, -1) : pattern;
    const regExp = new RegExp(
      `^${body.split("*").map(escapeRegExp).join(".*")}${anchored ? "$" : ""}`,
    );
    if (!regExp.test(path)) continue;
    const allow = rule[1] === "Allow";
    if (pattern.length > best.length || (pattern.length === best.length && allow)) {
      best = { length: pattern.length, allow };
    }
  }
  return best.allow;
}

describe("robots.txt", () => {
  test("is plain text, cached for an hour, and points at the sitemap", async () => {
    const response = await loader(loaderArgs(database.db, "/robots.txt", "/robots.txt"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*\n/);
    expect(text).toContain("\nSitemap: http://localhost:3000/sitemap.xml\n");
  });

  test("is served the same with live Paystack keys and in test mode", async () => {
    const live = await loader(loaderArgs(database.db, "/robots.txt", "/robots.txt", {}, liveKeys));
    const testMode = await loader(loaderArgs(database.db, "/robots.txt", "/robots.txt"));
    expect(live.status).toBe(200);
    expect(await live.text()).toBe(await testMode.text());
  });

  test("names the sitemap at the public address, whether or not it ends in a slash", () => {
    expect(robotsTxt("https://oja.ng/")).toContain("\nSitemap: https://oja.ng/sitemap.xml\n");
    expect(robotsTxt("https://oja.ng")).toContain("\nSitemap: https://oja.ng/sitemap.xml\n");
  });

  test.each([
    "/profile",
    "/profile/data",
    "/vendor",
    "/vendor/mama-put",
    "/admin",
    "/admin?tab=businesses",
    "/checkout",
    "/cart",
    "/logout",
    "/dev/kit",
    "/dev/mailbox/abc",
    "/Login/forgot",
    "/Login/reset?token=abc",
    "/CreateAccount/verify?token=abc",
    "/api/anything",
  ])("asks crawlers to keep out of %s", (path) => {
    expect(crawlerMayFetch(robotsTxt("https://oja.ng"), path)).toBe(false);
  });

  test.each([
    "/",
    "/mama-put",
    "/mama-put/products/jollof",
    "/profile-studio",
    "/vendors-hub",
    "/cartoon-world/products/toy",
    "/admin-shop",
    "/checkout-lane",
    "/businesses",
    "/shop/friends",
    "/vouchers/cart",
    "/sitemaps/businesses-1.xml",
  ])("lets crawlers read %s, even when a business's slug starts like a closed area", (path) => {
    expect(crawlerMayFetch(robotsTxt("https://oja.ng"), path)).toBe(true);
  });
});
