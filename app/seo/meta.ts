import type { MetaDescriptor } from "react-router";

/**
 * Every page's head in one shape: "{title} · Oja", the description, the canonical URL in the
 * spec's spelling, Open Graph and, when given, JSON-LD. Absolute URLs are built on PUBLIC_URL,
 * which the root loader passes down (`publicUrl`), so a page served from a cache behind a CDN
 * still names its one canonical address.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** The canonical path, e.g. `/mama-put-kitchen` (never a case variant the shopper typed). */
  path: string;
  /** Absolute or site-relative URL of the picture for link previews. */
  image?: string | null;
  type?: "website" | "product" | "business.business";
  /** Structured data (schema.org), emitted as one `application/ld+json` block. */
  jsonLd?: Record<string, unknown>;
  /** Pages that should not be indexed: filtered lists, personal pages. */
  noindex?: boolean;
}

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/** The site's public origin, from the root loader's data (`http://localhost:3000` by default). */
export function publicOrigin(matches: ReadonlyArray<MatchWithData | undefined>): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { publicUrl?: string }
    | undefined;
  return (root?.publicUrl ?? "").replace(/\/+$/, "");
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;
}

export function pageMeta(
  matches: ReadonlyArray<MatchWithData | undefined>,
  page: PageMeta,
): MetaDescriptor[] {
  const origin = publicOrigin(matches);
  const url = absoluteUrl(origin, page.path);
  const title = `${page.title} · Oja`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: "Oja" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:locale", content: "en_NG" },
  ];
  if (page.image) tags.push({ property: "og:image", content: absoluteUrl(origin, page.image) });
  if (page.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  if (page.jsonLd)
    tags.push({ "script:ld+json": { "@context": "https://schema.org", ...page.jsonLd } });
  return tags;
}

/** A description cut at a word boundary to the length search engines show (about 160). */
export function shortDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2))}…`;
}
