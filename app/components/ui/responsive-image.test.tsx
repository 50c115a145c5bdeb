import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { preloadImageLink, ResponsiveImage } from "./responsive-image.tsx";

const product = { url: "/media/seed/prd_1.webp", width: 800, height: 800, alt: "Ankara tote" };
const sizes = "(min-width: 640px) 33vw, 50vw";

/** Each `<tag>`'s attributes, in document order (the tests run in Node, without a DOM). */
function attributes(html: string, tag: string): Array<Record<string, string>> {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "g"))].map(([, attrs]) =>
    Object.fromEntries(
      [...(attrs ?? "").matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, name, value]) => [
        // HTML names are case-blind; React writes some in camelCase (srcSet, fetchPriority).
        (name as string).toLowerCase(),
        (value as string).replaceAll("&amp;", "&"),
      ]),
    ),
  );
}

describe("a stored picture", () => {
  const html = renderToStaticMarkup(<ResponsiveImage image={product} sizes={sizes} />);

  test("offers AVIF first, then WebP, each in every width up to the original, with the sizes", () => {
    const [avif, webp, ...rest] = attributes(html, "source");
    expect(rest).toEqual([]);
    expect(avif?.type).toBe("image/avif");
    expect(avif?.srcset).toContain("/media/w/160/avif/seed/prd_1.webp 160w");
    expect(avif?.srcset).toContain("/media/w/960/avif/seed/prd_1.webp 800w");
    expect(avif?.srcset).not.toContain("/1280/");
    expect(avif?.sizes).toBe(sizes);
    expect(webp?.type).toBe("image/webp");
    expect(webp?.srcset).toContain("/media/w/480/webp/seed/prd_1.webp 480w");
    expect(webp?.sizes).toBe(sizes);
  });

  test("falls back to the original, with its width and height, loaded lazily", () => {
    const [img] = attributes(html, "img");
    expect(img).toMatchObject({
      src: product.url,
      alt: "Ankara tote",
      width: "800",
      height: "800",
      loading: "lazy",
      decoding: "async",
    });
    expect(html.indexOf("<source")).toBeLessThan(html.indexOf("<img"));
  });

  test("with priority, loads at once and ahead of other pictures", () => {
    const priority = renderToStaticMarkup(
      <ResponsiveImage image={product} sizes={sizes} priority />,
    );
    expect(attributes(priority, "img")[0]).toMatchObject({
      loading: "eager",
      fetchpriority: "high",
    });
  });
});

describe("a picture from elsewhere", () => {
  test("is a plain img with its size and no variants", () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage
        image={{ url: "https://cdn.example/p.jpg", width: 400, height: 300, alt: "" }}
        sizes="100vw"
      />,
    );
    expect(html).not.toContain("<picture");
    expect(html).not.toContain("<source");
    expect(attributes(html, "img")[0]).toMatchObject({ width: "400", height: "300" });
  });
});

describe("preloading the largest picture", () => {
  test("names the same AVIF srcset and sizes the picture will choose from", () => {
    const html = renderToStaticMarkup(<ResponsiveImage image={product} sizes={sizes} priority />);
    const [avif] = attributes(html, "source");
    expect(preloadImageLink(product, sizes)).toEqual({
      rel: "preload",
      as: "image",
      imageSrcSet: avif?.srcset,
      imageSizes: sizes,
      type: "image/avif",
    });
  });

  test("a picture from elsewhere is preloaded by its own address", () => {
    expect(
      preloadImageLink({ url: "https://cdn.example/p.jpg", width: 1, height: 1, alt: "" }, "1px"),
    ).toEqual({ rel: "preload", as: "image", href: "https://cdn.example/p.jpg" });
  });
});
