/**
 * Every catalogue picture goes through here: fixed width and height (no layout shift), lazy
 * below the fold, and `priority` for the one largest picture above the fold.
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
  return (
    <img
      src={image.url}
      alt={image.alt}
      width={image.width}
      height={image.height}
      sizes={sizes}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      className={className}
    />
  );
}
