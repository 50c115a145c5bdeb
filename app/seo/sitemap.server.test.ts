import { describe, expect, test } from "vitest";
import {
  escapeXml,
  parseSitemapName,
  renderSitemapIndex,
  renderUrlSet,
  sitemapFileName,
} from "./sitemap.server.ts";

describe("XML escaping", () => {
  test("replaces the five characters XML reserves and leaves the rest", () => {
    expect(escapeXml(`Ada & Sons <"Best"> 'Lagos' ₦500`)).toBe(
      "Ada &amp; Sons &lt;&quot;Best&quot;&gt; &apos;Lagos&apos; ₦500",
    );
  });

  test("is applied to every address in a file", () => {
    const xml = renderUrlSet([{ loc: "https://oja.ng/search?q=a&b=<c>" }]);
    expect(xml).toContain("<loc>https://oja.ng/search?q=a&amp;b=&lt;c&gt;</loc>");
  });
});

describe("sitemap file names", () => {
  test.each([
    ["pages.xml", { kind: "pages" }],
    ["businesses-1.xml", { kind: "businesses", page: 1 }],
    ["products-12.xml", { kind: "products", page: 12 }],
  ])("%s names a file, and the file names itself the same way", (name, file) => {
    expect(parseSitemapName(name)).toEqual(file);
    expect(sitemapFileName(file as never)).toBe(name);
  });

  test.each([
    "businesses-0.xml",
    "businesses-01.xml",
    "Businesses-1.xml",
    "products-1.XML",
    "products-1",
    "products-.xml",
    "products-1.xml.gz",
    "users-1.xml",
    "pages-1.xml",
    "businesses-1234567890.xml",
  ])("%s names no file", (name) => {
    expect(parseSitemapName(name)).toBeUndefined();
  });
});

describe("the index", () => {
  test("gives each file an absolute address and its newest change", () => {
    const xml = renderSitemapIndex("https://oja.ng/", [
      { file: { kind: "pages" } },
      { file: { kind: "businesses", page: 1 }, lastmod: new Date("2026-03-01T10:00:00Z") },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "  <sitemap><loc>https://oja.ng/sitemaps/pages.xml</loc></sitemap>",
        "  <sitemap><loc>https://oja.ng/sitemaps/businesses-1.xml</loc>" +
          "<lastmod>2026-03-01T10:00:00.000Z</lastmod></sitemap>",
        "</sitemapindex>",
        "",
      ].join("\n"),
    );
  });
});
