import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, test } from "vitest";
import { ReviewCard } from "./review-card.tsx";

describe("a review as readers see it", () => {
  test("script in the words or the business's reply shows as text, never runs", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ReviewCard
          businessName={`Ewa <i>Spa</i>`}
          review={{
            id: "rev_0000000000000000",
            stars: 2,
            title: "<script>alert(1)</script>",
            body: `<img src=x onerror="alert(2)">`,
            byline: "Ada O.",
            verified: false,
            invited: false,
            hiddenBecause: null,
            reply: { body: "<script>alert(3)</script> Sorry & thanks", dated: "26 Nov 2026" },
          }}
        />
      </MemoryRouter>,
    );
    expect(html).not.toMatch(/<script|<img|<i>/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
    expect(html).toContain("&lt;script&gt;alert(3)&lt;/script&gt; Sorry &amp; thanks");
    expect(html).toContain("Reply from Ewa &lt;i&gt;Spa&lt;/i&gt;");
  });
});
