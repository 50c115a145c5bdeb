import { readFileSync } from "node:fs";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, test } from "vitest";
import { businessSlugSchema, isReservedSlug } from "./catalog/slugs.ts";
import routes from "./routes.ts";
import { leadsToPlaceholder, placeholderRoutes, plannedScreens } from "./screens.ts";
import { privatePageHeaders } from "./security/private-page.ts";

/** The rows of the spec's route table (section 2), as [path, layout], paths in `:param` form. */
function specRows(): Array<[string, string]> {
  const spec = readFileSync("docs/spec/000_5822a430d9fb1160.txt", "utf8");
  const table = spec.slice(
    spec.indexOf("| Route | Layout or note |"),
    spec.indexOf("Other screen behaviour"),
  );
  return table
    .split("\n")
    .filter((line) => line.startsWith("| /"))
    .map((line) => {
      const [path = "", note = ""] = line
        .split("|")
        .slice(1, 3)
        .map((cell) => cell.trim());
      const layout = ["custom", "shop"].includes(note) ? note : "default"; // "prerendered" is default
      return [path.replace(/ \(.*\)$/, "").replace(/\{(\w+)\}/g, ":$1"), layout];
    });
}

interface FlatRoute {
  path: string;
  layout: string;
  file: string;
}

function flatten(entries: RouteConfigEntry[], layout = "", parent = ""): FlatRoute[] {
  return entries.flatMap((entry) => {
    // A pathless parent is a layout; a parent with a path (the console) nests its pages under it.
    if (entry.children && entry.path === undefined) {
      return flatten(entry.children, entry.file.replace(/^layouts\/(\w+)\.tsx$/, "$1"));
    }
    const path = entry.index ? parent || "/" : joinPath(parent, entry.path ?? "");
    // A parent whose index child is its page is listed once, by that child.
    const self = entry.children?.some((child) => child.index)
      ? []
      : [{ path, layout, file: entry.file }];
    return [...self, ...flatten(entry.children ?? [], layout, path)];
  });
}

function joinPath(parent: string, path: string): string {
  if (!parent) return path;
  return path ? `${parent}/${path}` : parent;
}

const flat = flatten(routes);
/** Routes that are not rows of the spec's table: steps and parts of its screens, and test-mode pages. */
const nonSpecPaths = [
  "*",
  "/CreateAccount/verify",
  "/Login/forgot",
  "/Login/reset",
  "/logout",
  "/invoices/:id/pdf",
  "/profile/data",
  "/profile/orders",
  "/profile/orders/:number",
  "/profile/vouchers",
  "/profile/rewards",
  "/profile/invoices",
  "/checkout/callback",
  "/pay/callback",
  "/checkout/:checkoutId",
  "/api/payments/paystack/webhook",
  "/api/checkout/quote",
  "/api/vouchers/quote",
  "/api/search/suggest",
  "/api/flash/:id",
  "/vendor/invitations/:token",
  "/vendor/:business",
  "/api/follows/:businessId",
  "/admin",
  "/admin/applications",
  "/admin/businesses",
  "/admin/jobs",
  "/admin/points",
  "/admin/reviews",
  "/admin/rewards",
  "/api/vendor/slug-check",
  "/api/me",
  "/robots.txt",
  "/sitemap.xml",
  "/sitemaps/:name",
];
const specRoutes = flat.filter(
  (route) =>
    !nonSpecPaths.includes(route.path) &&
    !route.path.startsWith("/dev/") &&
    !route.path.startsWith("/vendor/:business/"),
);

function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { index: true, id: entry.id ?? entry.file }
      : {
          path: entry.path,
          id: entry.id ?? `${entry.file}:${entry.path ?? ""}`,
          caseSensitive: entry.caseSensitive,
          children: entry.children ? toRouteObjects(entry.children) : undefined,
        },
  );
}

function matchedPath(url: string): string | undefined {
  const matches = matchRoutes(toRouteObjects(routes), url);
  return matches?.at(-1)?.route.index ? "/" : matches?.at(-1)?.route.path;
}

describe("the route table", () => {
  test("holds exactly the spec's 60 routes, each in the spec's spelling and layout", () => {
    const rows = specRows();
    expect(rows).toHaveLength(60);
    const actual = specRoutes.map((route) => [route.path, route.layout]);
    expect(actual.sort()).toEqual([...rows].sort());
  });

  test("ends with a catch-all that answers unknown paths", () => {
    expect(flat.filter((route) => route.path === "*")).toHaveLength(1);
    expect(matchedPath("/a/b/c/d/e")).toBe("*");
  });

  test.each([
    ["/login", "/Login"],
    ["/LOGIN", "/Login"],
    ["/createaccount", "/CreateAccount"],
    ["/rewardshop/checkout", "/rewardShop/Checkout"],
    ["/reviewslist/biz", "/ReviewsList/:id"],
  ])("%s matches %s: paths are case-insensitive", (url, path) => {
    expect(matchedPath(url)).toBe(path);
  });

  test.each([
    ["/cart", "/cart"],
    ["/b/ff", "/b/ff"],
    ["/search/ff", "/search/ff"],
    ["/reviews/gg", "/reviews/gg"],
    ["/business/tt", "/business/tt"],
    ["/vouchers/cart", "/vouchers/cart"],
    ["/shop/friends", "/shop/friends"],
    ["/evaluate/_id", "/evaluate/_id"],
    ["/evaluate/new", "/evaluate/new"],
    ["/rewardShop/browse", "/rewardShop/browse"],
    ["/b/mama-put", "/b/:id"],
    ["/mama-put", "/:id"],
    ["/mama-put/about", "/:id/:main"],
    ["/mama-put/products/jollof", "/:id/products/:product"],
    ["/checkout/callback", "/checkout/callback"],
    ["/checkout/chk_0123456789abcdef", "/checkout/:checkoutId"],
    ["/profile/orders/OJA-ABCDEFGH", "/profile/orders/:number"],
    ["/api/payments/paystack/webhook", "/api/payments/paystack/webhook"],
    ["/robots.txt", "/robots.txt"],
    ["/sitemap.xml", "/sitemap.xml"],
    ["/sitemaps/businesses-2.xml", "/sitemaps/:name"],
  ])("%s matches %s: static routes win over business slugs", (url, path) => {
    expect(matchedPath(url)).toBe(path);
  });
});

describe("pages with personal data", () => {
  const privatePath =
    /^\/(profile|checkout|vendor|admin|dev\/mailbox|b\/ff|CreateAccount\/verify|Login\/reset)(\/|$)/;
  // Resource routes (.ts, no page) answer their own headers; their tests check them.
  const privatePages = flat.filter(
    (route) => privatePath.test(route.path) && route.file.endsWith(".tsx"),
  );

  test.each(privatePages.map((route) => [route.path, route.file.slice("routes/".length, -4)]))(
    "%s is sent private, no-store (issue 16)",
    async (path, name) => {
      const page = await import(`./routes/${name}.tsx`);
      // The console's pages take their headers from its layout, the deepest route that has any.
      const layout = /^\/vendor\/:business(\/|$)/.test(path)
        ? await import("./routes/vendor-business.tsx")
        : undefined;
      expect(page.headers ?? layout?.headers).toBe(privatePageHeaders);
      expect(privatePageHeaders()).toEqual({ "Cache-Control": "private, no-store" });
    },
  );
});

describe("business slugs", () => {
  test("can never take the first segment of any route", () => {
    const firstSegments = new Set(
      flat
        .map((route) => route.path.split("/")[1] ?? "")
        .filter((s) => s && !s.startsWith(":") && s !== "*"),
    );
    const unreserved = [...firstSegments].filter((segment) => !isReservedSlug(segment));
    expect(unreserved).toEqual([]);
  });

  test.each(["Login", "REWARDSHOP", "api", "admin", "assets", "checkout", "media"])(
    "%s is refused as a slug",
    (slug) => {
      expect(businessSlugSchema.safeParse(slug).success).toBe(false);
    },
  );

  test("an ordinary name is accepted and stored lower-case", () => {
    expect(businessSlugSchema.parse("Mama-Put-Lekki")).toBe("mama-put-lekki");
  });
});

describe("the inventory of planned screens", () => {
  test("lists every route served by the planned-screen module", () => {
    const planned = flat.filter((route) => route.file === "routes/planned.tsx").map((r) => r.path);
    const missing = planned.filter((path) => !(path in plannedScreens));
    expect(missing).toEqual([]);
  });

  test("names only routes that exist", () => {
    const paths = new Set(flat.map((route) => route.path));
    expect(Object.keys(plannedScreens).filter((path) => !paths.has(path))).toEqual([]);
  });

  test("knows exactly which routes show the placeholder, for the chrome's links", () => {
    const planned = flat.filter((route) => route.file === "routes/planned.tsx").map((r) => r.path);
    expect([...placeholderRoutes].sort()).toEqual(planned.sort());
  });
});

describe("a link in the chrome", () => {
  test.each(["/collab", "/COLLAB", "/app/", "/app?from=home"])(
    "to %s leads to a placeholder",
    (to) => {
      expect(leadsToPlaceholder(to)).toBe(true);
    },
  );

  test.each([
    "/",
    "/b",
    "/privacy",
    "/ll",
    "/rewards",
    "/Benefits",
    "/reviews/",
    "/shop/friends",
    "/rewardShop/",
    "/rewardShop/browse?kind=airtime",
    "/profile/orders",
    "/vendor",
    "/vouchers/cart?from=home",
  ])("to %s leads to a real page", (to) => {
    expect(leadsToPlaceholder(to)).toBe(false);
  });
});
