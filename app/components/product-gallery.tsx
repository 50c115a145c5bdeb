import { clsx } from "clsx";
import { ImageOff } from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { type ImageData, ResponsiveImage } from "./ui/responsive-image.tsx";

/** How wide the main picture is drawn: the page's left half from `md`, else the full width. */
export const galleryMainSizes = "(min-width: 1024px) 476px, (min-width: 768px) 50vw, 100vw";

/**
 * The product's pictures: the main one (the page's largest paint, so loaded with priority) and,
 * when there are several, a row of thumbnails. Each thumbnail is a button; the arrow keys, Home
 * and End move along the row and show the picture they land on.
 */
export function ProductGallery({ images, name }: { images: ImageData[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const thumbnails = useRef<Array<HTMLButtonElement | null>>([]);
  const main = images[selected] ?? images[0];

  if (!main) {
    return (
      <div className="flex aspect-square w-full flex-col items-center justify-center gap-2 rounded-card bg-surface-sunken text-ink-muted">
        <ImageOff aria-hidden="true" className="size-10" />
        <span className="text-sm">No picture of {name} yet</span>
      </div>
    );
  }

  function show(index: number) {
    const next = (index + images.length) % images.length;
    setSelected(next);
    thumbnails.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowDown: selected + 1,
      ArrowLeft: selected - 1,
      ArrowUp: selected - 1,
      Home: 0,
      End: images.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    show(target);
  }

  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-card border border-line bg-surface-sunken">
        <ResponsiveImage
          key={main.url}
          image={main}
          sizes={galleryMainSizes}
          priority={selected === 0}
          className="aspect-square size-full object-cover"
        />
      </div>
      {images.length > 1 ? (
        <ul
          aria-label={`Pictures of ${name}`}
          className="flex gap-2 overflow-x-auto pb-1"
          onKeyDown={onKeyDown}
        >
          {images.map((picture, index) => (
            <li key={picture.url} className="shrink-0">
              <button
                ref={(element) => {
                  thumbnails.current[index] = element;
                }}
                type="button"
                aria-label={`Show picture ${index + 1} of ${images.length}`}
                aria-pressed={index === selected}
                tabIndex={index === selected ? 0 : -1}
                onClick={() => setSelected(index)}
                className={clsx(
                  "block size-16 overflow-hidden rounded-lg border-2 bg-surface-sunken sm:size-20",
                  index === selected ? "border-brand" : "border-transparent hover:border-line",
                )}
              >
                <ResponsiveImage
                  image={{ ...picture, alt: "" }}
                  sizes="80px"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
