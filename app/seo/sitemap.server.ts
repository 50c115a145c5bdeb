import { and, asc, eq, sql } from "drizzle-orm";
import { businesses, products } from "#app/catalog/schema.server.ts";
import type { Database } from "#app/db/database.server.ts";

/**
 * The sitemap (sitemaps.org protocol 0.9): /sitemap.xml is an index of files served at
 * /sitemaps/{name}: `pages.xml` (the static discovery pages), then `businesses-{n}.xml` and
 * `products-{n}.xml`, n from 1. The index names files rather than `/sitemap/{n}.xml` because a
 * React Router path segment is either static or a whole parameter, never `:n.xml`.
 *
 * Only what anyone may see is listed: active businesses, and active products of active
 * businesses. A suspended business and its products never appear (issue 7 relies on this).
 */

/** The protocol's limit is 50,000 URLs per file; 10,000 keeps each file small and quick. */
export const sitemapPageSize = 10_000;

/** The static discovery pages, in the spec's canonical spelling. */
export const staticSitemapPaths = [
  "/",
  "/b",
  "/businesses",
  "/business/tt",
  "/ll",
  "/spas",
  "/shop/friends",
  "/vouchers",
  "/reviews",
  "/reviews/gg",
  "/rewardShop",
  "/benefits",
  "/privacy",
  "/app",
] as const;

export type SitemapFile = { kind: "pages" } | { kind: "businesses" | "products"; page: number };

export interface SitemapOptions {
  /** Settings' PUBLIC_URL: every address in a sitemap must be absolute. */
  publicUrl: string;
  /** URLs per file; tests make it small to see several files. */
  pageSize?: number;
}

export interface SitemapUrl {
  loc: string;
  lastmod?: Date;
}

const namespace = "http://www.sitemaps.org/schemas/sitemap/0.9";
const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8"?>';

const xmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text and attribute values for XML; sitemaps.org asks for all five entities in URLs. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => xmlEntities[character] ?? character);
}

/** PUBLIC_URL may be given as `https://oja.ng/`; addresses are joined without a double slash. */
function origin(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, "");
}

/** An absolute address from path segments, each percent-encoded (slugs are plain, but still). */
function absoluteUrl(publicUrl: string, ...segments: string[]): string {
  return `${origin(publicUrl)}/${segments.map(encodeURIComponent).join("/")}`;
}

export function sitemapFileName(file: SitemapFile): string {
  return file.kind === "pages" ? "pages.xml" : `${file.kind}-${file.page}.xml`;
}

/**
 * The file a /sitemaps/{name} asks for, or undefined for any other name. Exact spelling only
 * (lower case, no leading zeros), so each file has one address.
 */
export function parseSitemapName(name: string): SitemapFile | undefined {
  if (name === "pages.xml") return { kind: "pages" };
  const match = /^(businesses|products)-([1-9]\d{0,5})\.xml$/.exec(name);
  if (!match) return undefined;
  return { kind: match[1] as "businesses" | "products", page: Number(match[2]) };
}

export function renderUrlSet(urls: readonly SitemapUrl[]): string {
  const entries = urls.map((url) => {
    const lastmod = url.lastmod ? `<lastmod>${url.lastmod.toISOString()}</lastmod>` : "";
    return `  <url><loc>${escapeXml(url.loc)}</loc>${lastmod}</url>`;
  });
  return [xmlDeclaration, `<urlset xmlns="${namespace}">`, ...entries, "</urlset>", ""].join("\n");
}

export function renderSitemapIndex(
  publicUrl: string,
  files: ReadonlyArray<{ file: SitemapFile; lastmod?: Date }>,
): string {
  const entries = files.map(({ file, lastmod }) => {
    const loc = absoluteUrl(publicUrl, "sitemaps", sitemapFileName(file));
    const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
    return `  <sitemap><loc>${escapeXml(loc)}</loc>${modified}</sitemap>`;
  });
  return [
    xmlDeclaration,
    `<sitemapindex xmlns="${namespace}">`,
    ...entries,
    "</sitemapindex>",
    "",
  ].join("\n");
}

const activeProducts = and(eq(products.status, "active"), eq(businesses.status, "active"));

/**
 * A product page shows its business too, so it changed when either did. `greatest` is the
 * SQL value; mapWith turns the driver's timestamp text into a Date as the column would.
 */
const productLastmod = sql<Date>`greatest(${products.updatedAt}, ${businesses.updatedAt})`.mapWith(
  products.updatedAt,
);

/**
 * The files of one kind: how many URLs each holds and its newest change, in one pass that
 * numbers the rows in the same order the files list them. No rows, no files.
 */
async function filesOf(db: Database, kind: "businesses" | "products", pageSize: number) {
  const numbered =
    kind === "businesses"
      ? db
          .select({
            changed: sql<Date>`${businesses.updatedAt}`.as("changed"),
            page: sql<number>`(row_number() over (order by ${businesses.slug}) - 1) / ${pageSize}`.as(
              "page",
            ),
          })
          .from(businesses)
          .where(eq(businesses.status, "active"))
          .as("numbered")
      : db
          .select({
            changed: sql<Date>`${productLastmod}`.as("changed"),
            page: sql<number>`(row_number() over (order by ${products.id}) - 1) / ${pageSize}`.as(
              "page",
            ),
          })
          .from(products)
          .innerJoin(businesses, eq(businesses.id, products.businessId))
          .where(activeProducts)
          .as("numbered");
  const rows = await db
    .select({
      page: sql<number>`${numbered.page}`.mapWith(Number),
      lastmod: sql<Date>`max(${numbered.changed})`.mapWith(businesses.updatedAt),
    })
    .from(numbered)
    .groupBy(numbered.page)
    .orderBy(numbered.page);
  return rows.map((row) => ({
    file: { kind, page: row.page + 1 } as SitemapFile,
    lastmod: row.lastmod,
  }));
}

/** The sitemap index: pages.xml, then every business file, then every product file. */
export async function buildSitemapIndex(db: Database, options: SitemapOptions): Promise<string> {
  const pageSize = options.pageSize ?? sitemapPageSize;
  const files = [
    { file: { kind: "pages" } as SitemapFile },
    ...(await filesOf(db, "businesses", pageSize)),
    ...(await filesOf(db, "products", pageSize)),
  ];
  return renderSitemapIndex(options.publicUrl, files);
}

/**
 * Pages are cut by OFFSET over a unique, indexed order: businesses by slug (unique index; the
 * order people read), products by id (primary key). Keyset pagination would need each page's
 * first key, which for a file addressed by number costs the same scan as the offset; at 10,000
 * URLs a file the offset stays cheap. New rows shift later files, which crawlers take in stride
 * as every file is re-read by its lastmod.
 */
async function urlsOf(db: Database, file: SitemapFile, publicUrl: string, pageSize: number) {
  if (file.kind === "pages") {
    return staticSitemapPaths.map((path) => ({ loc: `${origin(publicUrl)}${path}` }));
  }
  const offset = (file.page - 1) * pageSize;
  if (file.kind === "businesses") {
    const rows = await db
      .select({ slug: businesses.slug, updatedAt: businesses.updatedAt })
      .from(businesses)
      .where(eq(businesses.status, "active"))
      .orderBy(asc(businesses.slug))
      .offset(offset)
      .limit(pageSize);
    return rows.map((row) => ({ loc: absoluteUrl(publicUrl, row.slug), lastmod: row.updatedAt }));
  }
  const rows = await db
    .select({ business: businesses.slug, product: products.slug, lastmod: productLastmod })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(activeProducts)
    .orderBy(asc(products.id))
    .offset(offset)
    .limit(pageSize);
  return rows.map((row) => ({
    loc: absoluteUrl(publicUrl, row.business, "products", row.product),
    lastmod: row.lastmod,
  }));
}

/**
 * One sitemap file as XML, or undefined when it holds nothing: a file past the last one (or a
 * first file of a kind with no rows) is not in the index, so it answers 404.
 */
export async function buildSitemapFile(
  db: Database,
  file: SitemapFile,
  options: SitemapOptions,
): Promise<string | undefined> {
  const urls = await urlsOf(db, file, options.publicUrl, options.pageSize ?? sitemapPageSize);
  return urls.length > 0 ? renderUrlSet(urls) : undefined;
}

/** How long a sitemap is fresh: crawlers re-read often, and a stale copy may serve a while. */
export const sitemapHeaders = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=600, stale-while-revalidate=3600",
};
