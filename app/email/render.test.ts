import { describe, expect, test } from "vitest";
import { escapeHtml, renderEmail } from "./render.ts";

const hostile = `<script>alert("x")</script> & 'friends'`;

describe("escapeHtml", () => {
  test("escapes every character that could open markup or close an attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });

  test("leaves plain text and non-ASCII text as it is", () => {
    expect(escapeHtml("Ẹ kú àárọ̀, ₦5,000")).toBe("Ẹ kú àárọ̀, ₦5,000");
  });
});

describe("renderEmail", () => {
  const email = renderEmail({
    preview: "Confirm your address to finish signing up",
    heading: "Verify your email",
    paragraphs: ["Welcome to Oja, Ada.", "This link works for 24 hours."],
    action: { label: "Verify email", url: "https://oja.ng/verify?token=abc&next=%2F" },
    footer: "You are getting this because someone signed up with this address.",
  });

  test("puts the action as a 'Label: URL' line in the plain text", () => {
    expect(email.text).toContain("Verify email: https://oja.ng/verify?token=abc&next=%2F");
    expect(email.text).toContain("Welcome to Oja, Ada.\n\nThis link works for 24 hours.");
    expect(email.text.startsWith("Verify your email\n\n")).toBe(true);
    expect(email.text).toContain("someone signed up with this address");
    expect(email.text).not.toContain("<");
  });

  test("shows the heading, paragraphs, footer and a green button in the HTML", () => {
    expect(email.html).toContain(">Verify your email</h1>");
    expect(email.html).toContain("This link works for 24 hours.");
    expect(email.html).toContain('href="https://oja.ng/verify?token=abc&amp;next=%2F"');
    expect(email.html).toContain("background-color:#0b7a4b");
    expect(email.html).toContain("max-width:560px");
    expect(email.html).toContain("Confirm your address to finish signing up");
    expect(email.html).toContain("someone signed up with this address");
  });

  test("escapes every interpolated string in the HTML", () => {
    const { html, text } = renderEmail({
      preview: hostile,
      heading: hostile,
      paragraphs: [hostile],
      action: { label: hostile, url: `https://oja.ng/"><script>x</script>` },
      footer: hostile,
    });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain(`"><script`);
    const escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;";
    // The title, preview, heading, paragraph, button and footer.
    expect(html.split(escaped).length - 1).toBe(6);
    expect(text).toContain(hostile);
  });

  test("keeps line breaks of a paragraph", () => {
    const { html } = renderEmail({ heading: "Hi", paragraphs: ["one\ntwo"] });
    expect(html).toContain("one<br>two");
  });

  test("has no button or footer when none is given", () => {
    const { html, text } = renderEmail({ heading: "Hi", paragraphs: ["Hello"] });
    expect(html).not.toContain("<a ");
    expect(text).toBe("Hi\n\nHello\n");
  });

  test("refuses an action URL that is not http or https", () => {
    expect(() =>
      renderEmail({
        heading: "Hi",
        paragraphs: [],
        action: { label: "Go", url: "javascript:alert(1)" },
      }),
    ).toThrow(/http/);
  });

  test("draws choices as links side by side, escaped, and lists them in the text", () => {
    const { html, text } = renderEmail({
      heading: "How was it?",
      paragraphs: ["Tap a star."],
      choices: [
        { label: "1 ★", url: "https://oja.test/r/abc?stars=1" },
        { label: "<5>", url: "https://oja.test/r/abc?stars=5&x=1" },
      ],
    });
    expect(html).toContain('<a href="https://oja.test/r/abc?stars=1"');
    expect(html).toContain("&lt;5&gt;</a>");
    expect(html).toContain("stars=5&amp;x=1");
    expect(text).toContain(
      "1 ★: https://oja.test/r/abc?stars=1\n<5>: https://oja.test/r/abc?stars=5&x=1",
    );
    expect(() =>
      renderEmail({ heading: "Hi", paragraphs: [], choices: [{ label: "x", url: "data:x" }] }),
    ).toThrow(/http/);
  });
});
