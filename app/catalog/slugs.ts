import { z } from "#app/zod.ts";

/**
 * A business's vanity address is oja.ng/{slug}. A slug can never take a first path segment that
 * Oja uses itself: every top-level route of the spec (routes.test.ts proves the list covers
 * them) and the paths the server and the browser reserve. Compared case-insensitively.
 */
export const reservedSlugs: ReadonlySet<string> = new Set([
  // top-level routes of the spec's table
  "app",
  "b",
  "benefits",
  "business",
  "businesses",
  "cart",
  "checkout",
  "collab",
  "copy",
  "createaccount",
  "discountsales",
  "evaluate",
  "first-rewards",
  "flash",
  "hi",
  "invite",
  "invoices",
  "ll",
  "login",
  "pay",
  "privacy",
  "profile",
  "referrals",
  "reviewinvitation",
  "reviews",
  "reviewslist",
  "rewards",
  "rewardshop",
  "search",
  "shop",
  "spas",
  "vendor",
  "vouchergift",
  "voucherpay",
  "vouchers",
  // the server's own paths and names people would mistake for Oja's
  "admin",
  "api",
  "assets",
  "build",
  "dev",
  "favicon.ico",
  "favicon.svg",
  "healthz",
  "help",
  // /vendor/invitations/{token} lives beside the consoles at /vendor/{slug}.
  "invitations",
  "logout",
  "manifest.webmanifest",
  "media",
  "metrics",
  "oja",
  "public",
  "readyz",
  "robots.txt",
  "settings",
  "signup",
  "sitemap.xml",
  "sitemaps",
  "static",
  "support",
  "sw.js",
  "_",
]);

export function isReservedSlug(slug: string): boolean {
  return reservedSlugs.has(slug.toLowerCase());
}

export const businessSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, "Use at least 3 characters")
  .max(40, "Use at most 40 characters")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use letters, numbers and single hyphens only")
  .refine((slug) => !isReservedSlug(slug), "This address is reserved by Oja; choose another");
