import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { headingId, renderMarkdownPage } from "./markdown-page.ts";

const page = `---
updated: 2026-11-25
---
# Privacy policy

Intro with **bold** text.

## What we hold

- your name

## Who we share it with

### Paystack

## What we hold
`;

describe("a Markdown page", () => {
  test("keeps its title apart and leaves it out of the body", () => {
    const rendered = renderMarkdownPage(page);
    expect(rendered.title).toBe("Privacy policy");
    expect(rendered.html).not.toContain("<h1");
    expect(rendered.html).toContain("<strong>bold</strong>");
  });

  test("lists its sections, each with an id its link can reach, twins told apart", () => {
    const rendered = renderMarkdownPage(page);
    expect(rendered.toc).toEqual([
      { id: "what-we-hold", text: "What we hold" },
      { id: "who-we-share-it-with", text: "Who we share it with" },
      { id: "what-we-hold-2", text: "What we hold" },
    ]);
    expect(rendered.html).toContain('<h2 id="who-we-share-it-with">Who we share it with</h2>');
    expect(rendered.html).toContain('<h3 id="paystack">Paystack</h3>');
  });

  test("says when it last changed, and refuses a file that doesn't", () => {
    expect(renderMarkdownPage(page).updated).toBe("2026-11-25");
    expect(() => renderMarkdownPage("# Title\n\nText")).toThrow(/updated: YYYY-MM-DD/);
    expect(() => renderMarkdownPage("---\nupdated: 25 Nov\n---\n# Title\n")).toThrow(/updated/);
  });

  test("refuses a page without a title", () => {
    expect(() => renderMarkdownPage("---\nupdated: 2026-11-25\n---\nText only\n")).toThrow(/title/);
  });

  test("makes ids of plain letters and digits", () => {
    expect(headingId("Your rights (sections 34–38)")).toBe("your-rights-sections-34-38");
    expect(headingId("Données à caractère")).toBe("donnees-a-caractere");
  });
});

describe("Oja's privacy notice", () => {
  const notice = renderMarkdownPage(
    readFileSync("app/privacy/privacy-notice.md", "utf8"),
    "privacy-notice.md",
  );

  test("is dated and covers what the Nigeria Data Protection Act asks it to say", () => {
    expect(notice.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const sections = notice.toc.map((section) => section.text.toLowerCase()).join(" | ");
    for (const topic of ["hold", "lawful", "share", "keep", "rights", "contact", "change"]) {
      expect(sections).toContain(topic);
    }
    expect(notice.html).toContain("privacy@oja.ng");
    expect(notice.html).toContain("Nigeria Data Protection Commission");
    expect(notice.html).toContain('href="/profile#your-data"');
  });
});
