/**
 * Responsive variants of stored pictures, shared by the browser bundle (srcsets) and the server
 * (the variant endpoint, server/media-variants.ts). No sharp here: this module ships to browsers.
 *
 * A variant's URL names its width and format, `/media/w/480/avif/seed/ada.webp`, so it never
 * changes meaning and is cached forever. Widths come from one fixed list, so nobody can make the
 * server render (and store) an unbounded number of sizes of one picture.
 */
export const variantWidths = [160, 320, 480, 640, 960, 1280, 1600] as const;
export type VariantWidth = (typeof variantWidths)[number];

export const variantFormats = ["avif", "webp"] as const;
export type VariantFormat = (typeof variantFormats)[number];

export const variantContentTypes: Record<VariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
};

const mediaPrefix = "/media/";
const variantPrefix = "/media/w/";

/**
 * Safe relative paths only: segments of letters, digits, `_`, `-` and inner dots, never starting
 * with a dot (so no `..`, no hidden files), no percent-encoding, ending in a picture extension.
 */
const originalPathPattern =
  /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.(?:webp|avif|jpe?g|png)$/;

/** The stored path (relative to the media dir) of a `/media/…` URL, or null for any other URL. */
export function mediaPathOf(url: string): string | null {
  if (!url.startsWith(mediaPrefix) || url.startsWith(variantPrefix)) return null;
  const path = url.slice(mediaPrefix.length);
  return originalPathPattern.test(path) ? path : null;
}

export function variantUrl(path: string, width: VariantWidth, format: VariantFormat): string {
  return `${variantPrefix}${width}/${format}/${path}`;
}

export interface VariantRequest {
  width: VariantWidth;
  format: VariantFormat;
  /** The original's path relative to the media dir, already checked to be safe. */
  path: string;
}

/**
 * Reads `/{width}/{format}/{path}` (the part after `/media/w`, undecoded). Null for anything
 * outside the fixed widths and formats, and for any path that is not plainly a stored picture:
 * `..`, encoded characters, backslashes and empty segments never reach the file system.
 */
export function parseVariantPath(pathname: string): VariantRequest | null {
  const match = /^\/(\d{1,4})\/([a-z]+)\/(.+)$/.exec(pathname);
  if (!match) return null;
  const [, widthText, formatText, path] = match as unknown as [string, string, string, string];
  const width = variantWidths.find((allowed) => String(allowed) === widthText);
  const format = variantFormats.find((allowed) => allowed === formatText);
  if (width === undefined || format === undefined) return null;
  if (!originalPathPattern.test(path)) return null;
  return { width, format, path };
}

/**
 * The widths worth offering for a picture `originalWidth` pixels wide: every listed width below
 * it, then the first listed width at or above it, which the server renders at the original's
 * own width (it never enlarges). Above 1600 px the list simply ends at 1600.
 */
export function offeredWidths(originalWidth: number): VariantWidth[] {
  const below = variantWidths.filter((width) => width < originalWidth);
  const cap = variantWidths.find((width) => width >= originalWidth);
  return cap === undefined ? below : [...below, cap];
}

/**
 * The width a request is rendered at and stored under: a listed width past the original gives
 * the same pixels as the first one at or past it, so they share one render and one cache file.
 */
export function canonicalWidth(requested: VariantWidth, originalWidth: number): VariantWidth {
  const offered = offeredWidths(originalWidth);
  const cap = offered[offered.length - 1] ?? requested;
  return requested > cap ? cap : requested;
}

/**
 * The `srcset` of one format: each offered width with its true pixel width as the descriptor
 * (the capped entry is drawn at the original's width, so it says so). Null for a URL that has
 * no variants (not under /media).
 */
export function variantSrcSet(
  image: { url: string; width: number },
  format: VariantFormat,
): string | null {
  const path = mediaPathOf(image.url);
  if (path === null || !(image.width > 0)) return null;
  return offeredWidths(image.width)
    .map((width) => `${variantUrl(path, width, format)} ${Math.min(width, image.width)}w`)
    .join(", ");
}
