import { describe, expect, test } from "vitest";
import {
  canonicalWidth,
  mediaPathOf,
  offeredWidths,
  parseVariantPath,
  variantSrcSet,
  variantUrl,
} from "./variants.ts";

describe("reading a variant path", () => {
  test("a listed width, a known format and a stored picture's path are understood", () => {
    expect(parseVariantPath("/480/avif/seed/prd_1.webp")).toEqual({
      width: 480,
      format: "avif",
      path: "seed/prd_1.webp",
    });
    expect(parseVariantPath("/1600/webp/uploads/2026/a-b_c.1.jpg")?.path).toBe(
      "uploads/2026/a-b_c.1.jpg",
    );
  });

  test("a width outside the fixed list is refused, however close", () => {
    for (const width of ["0", "1", "479", "481", "500", "1601", "3200", "0480", "99999"]) {
      expect(parseVariantPath(`/${width}/avif/seed/a.webp`)).toBeNull();
    }
  });

  test("a format other than AVIF or WebP is refused", () => {
    for (const format of ["png", "jpeg", "gif", "AVIF", "svg"]) {
      expect(parseVariantPath(`/480/${format}/seed/a.webp`)).toBeNull();
    }
  });

  test("paths that could leave the media folder never get through", () => {
    for (const path of [
      "../secret.webp",
      "seed/../../config.webp",
      "seed/./a.webp",
      "%2e%2e/a.webp",
      "seed/%2e%2e/%2e%2e/a.webp",
      "..%2fa.webp",
      "seed%2f..%2fa.webp",
      "/etc/passwd.webp",
      "seed//a.webp",
      "seed\\..\\a.webp",
      ".hidden.webp",
      "seed/a.webp%00.png",
      "seed/a.txt",
      "seed/a",
    ]) {
      expect(parseVariantPath(`/480/avif/${path}`), path).toBeNull();
    }
  });

  test("a path without width or format is refused", () => {
    expect(parseVariantPath("/avif/seed/a.webp")).toBeNull();
    expect(parseVariantPath("/480/seed/a.webp")).toBeNull();
    expect(parseVariantPath("/")).toBeNull();
  });
});

describe("choosing widths", () => {
  test("an 800 px product picture is offered at 160 to 640 px and at its own 800 px", () => {
    expect(offeredWidths(800)).toEqual([160, 320, 480, 640, 960]);
  });

  test("a picture exactly one listed width wide ends at that width", () => {
    expect(offeredWidths(640)).toEqual([160, 320, 480, 640]);
  });

  test("a picture smaller than the smallest width is offered once", () => {
    expect(offeredWidths(100)).toEqual([160]);
  });

  test("a very wide picture stops at 1600 px", () => {
    expect(offeredWidths(4000)).toEqual([160, 320, 480, 640, 960, 1280, 1600]);
  });

  test("widths past the original all render as the first one past it, so they share one file", () => {
    expect(canonicalWidth(1600, 800)).toBe(960);
    expect(canonicalWidth(1280, 800)).toBe(960);
    expect(canonicalWidth(960, 800)).toBe(960);
    expect(canonicalWidth(640, 800)).toBe(640);
    expect(canonicalWidth(1600, 256)).toBe(320);
    expect(canonicalWidth(1600, 4000)).toBe(1600);
  });
});

describe("building a srcset", () => {
  test("each offered width names its variant and its true pixel width", () => {
    expect(variantSrcSet({ url: "/media/seed/p.webp", width: 800 }, "avif")).toBe(
      [
        "/media/w/160/avif/seed/p.webp 160w",
        "/media/w/320/avif/seed/p.webp 320w",
        "/media/w/480/avif/seed/p.webp 480w",
        "/media/w/640/avif/seed/p.webp 640w",
        "/media/w/960/avif/seed/p.webp 800w",
      ].join(", "),
    );
  });

  test("WebP variants use the same widths", () => {
    expect(variantSrcSet({ url: "/media/seed/logo.webp", width: 48 }, "webp")).toBe(
      "/media/w/160/webp/seed/logo.webp 48w",
    );
  });

  test("pictures that are not stored media get no variants", () => {
    expect(variantSrcSet({ url: "https://cdn.example/p.webp", width: 800 }, "avif")).toBeNull();
    expect(variantSrcSet({ url: "/favicon.svg", width: 32 }, "avif")).toBeNull();
    expect(variantSrcSet({ url: "/media/w/480/avif/seed/p.webp", width: 480 }, "avif")).toBeNull();
    expect(variantSrcSet({ url: "/media/seed/p.webp", width: 0 }, "avif")).toBeNull();
  });

  test("a stored path and its variant URL round-trip through the parser", () => {
    const path = mediaPathOf("/media/seed/p.webp");
    expect(path).toBe("seed/p.webp");
    const url = variantUrl(path as string, 320, "webp");
    expect(parseVariantPath(url.slice("/media/w".length))).toEqual({
      width: 320,
      format: "webp",
      path: "seed/p.webp",
    });
  });
});
