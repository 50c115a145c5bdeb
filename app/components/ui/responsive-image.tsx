import type { LinkDescriptor } from "react-router";
import { variantContentTypes, variantSrcSet } from "#app/media/variants.ts";

/**
 * Every catalogue picture goes through here: fixed width and height (no layout shift), lazy
 * below the fold, and `priority` for the one largest picture above the fold. Stored pictures
 * (`/media/…`) are offered as AVIF, then WebP, in the fixed widths up to the original's; the
 * browser picks the smallest that fills `sizes`. The `<img>` keeps the original as a fallback.
 */
export interface ImageData {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export function ResponsiveImage({
  image,
  sizes,
  priority = false,
  className,
}: {
  image: ImageData;
  /** The `sizes` attribute: how wide the picture is drawn, e.g. "(min-width: 640px) 33vw, 50vw". */
  sizes: string;
  /** The largest picture above the fold: loaded eagerly with high fetch priority. */
  priority?: boolean;
  className?: string;
}) {
  const img = (
    <img
      src={image.url}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      className={className}
    />
  );
  const avif = variantSrcSet(image, "avif");
  const webp = variantSrcSet(image, "webp");
  if (avif === null || webp === null) return img;
  // `contents`: the <picture> draws no box, so the <img> sizes and flexes as a direct child.
  return (
    <picture className="contents">
      <source type={variantContentTypes.avif} srcSet={avif} sizes={sizes} />
      <source type={variantContentTypes.webp} srcSet={webp} sizes={sizes} />
      {img}
    </picture>
  );
}

/**
 * A page's preload of its largest picture above the fold (its LCP), matching what
 * `<ResponsiveImage priority>` will pick, so the download starts before the HTML body is parsed.
 * `links` has no loader data, so a page whose picture comes from its loader returns this from
 * `meta` as `{ tagName: "link", ...preloadImageLink(image, sizes) }`. Browsers without AVIF
 * skip it (the `type`), and they get WebP from the picture itself.
 */
export function preloadImageLink(image: ImageData, sizes: string): LinkDescriptor {
  const avif = variantSrcSet(image, "avif");
  if (avif === null) return { rel: "preload", as: "image", href: image.url };
  return {
    rel: "preload",
    as: "image",
    imageSrcSet: avif,
    imageSizes: sizes,
    type: variantContentTypes.avif,
  };
}
