import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Meta, type MetaDescriptor } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { users } from "#app/db/schema.server.ts";
import { writeReview } from "#app/reviews/reviews.server.ts";
import { reviewStats, reviews } from "#app/reviews/schema.server.ts";
import { reviewsChanged } from "#app/reviews/trust-keys.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { loaderArgs, thrownBy } from "#tests/support/router-context.ts";
import * as directory from "./business-directory.tsx";
import * as page from "./business-page.tsx";
import * as profile from "./business-profile.tsx";
import * as section from "./business-section.tsx";
import * as trendingPage from "./business-trending.tsx";
import * as listing from "./businesses-listing.tsx";
import * as home from "./home.tsx";
import * as productPage from "./product.tsx";
import * as searchForm from "./search-form.tsx";
import * as storefront from "./storefront.tsx";

/**
 * TrustScore where shoppers choose a business (decision 053): the cards of every list, the
 * business's own pages, the product page, /b's rating filter and "Top rated", /business/tt, and
 * the JSON-LD search engines read — whose review words can never close its script.
 */
let handle: DatabaseHandle;
const db = () => handle.db;
let spa: { id: string; slug: string };
let quiet: { id: string; slug: string };
let product: { slug: string };
const hostileTitle = "</script><script>alert(1)</script>";
const now = new Date();

async function review(slug: string, stars: number, title = "How it went") {
  const author = newId("usr");
  await db()
    .insert(users)
    .values({ id: author, name: "Ngozi Eze", email: `${author}@example.com` });
  const result = await writeReview(
    db(),
    { id: author },
    {
      business: slug,
      stars: String(stars),
      title,
      body: "Twenty characters or more about the visit.",
      experiencedOn: lagosToday(now),
    },
    now,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.reviewId;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const category = await createCategory(db(), { slug: "spas-wellness", name: "Spas & Wellness" });
  spa = await createBusiness(db(), {
    categoryId: category.id,
    slug: "ewa-spa",
    name: "Ewa Spa",
    createdAt: new Date("2026-01-01T00:00:00Z"),
  });
  quiet = await createBusiness(db(), {
    categoryId: category.id,
    slug: "quiet-spa",
    name: "Quiet Spa",
    createdAt: new Date("2026-02-01T00:00:00Z"),
  });
  product = await createProduct(db(), { businessId: spa.id, name: "Hot Stone Massage" });
  // (24.5 + 5 + 5 + 4 + 1) / 11 = 3.59: shows 3.6, three and a half stars.
  for (const stars of [5, 5, 4]) await review(spa.slug, stars);
  await review(spa.slug, 1, hostileTitle);
  // Two of the four answered; one more review, taken down by moderation, stays out of the words.
  await db().update(reviewStats).set({ repliedCount: 2 }).where(eq(reviewStats.businessId, spa.id));
  const removed = await review(quiet.slug, 2, "Taken down");
  await db()
    .update(reviews)
    .set({ status: "removed", removedReason: "Advertising or spam" })
    .where(eq(reviews.id, removed));
  // Out of the figures too, as moderation takes it out (countReview, then the key).
  await db()
    .update(reviewStats)
    .set({ reviewCount: 0, twoStars: 0, weightSum: 0, weightedStars: 0 })
    .where(eq(reviewStats.businessId, quiet.id));
  await db().transaction((tx) => reviewsChanged(tx, quiet.id, now));
}, 60_000);
afterAll(() => handle.close());

const spaScore = {
  scoreText: "3.6",
  scoreStars: 3.5,
  reviewCount: 4,
  reviewsText: "4 reviews",
};

/** The `<head>` React Router renders for these meta tags (its own `<Meta>`). */
function head(tags: MetaDescriptor[]) {
  const Stub = createRoutesStub([
    {
      path: "/",
      meta: () => tags,
      Component: () => (
        <html lang="en">
          <head>
            <Meta />
          </head>
          <body />
        </html>
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

describe("the business's own pages", () => {
  it("/{slug} carries the score for its header, and LocalBusiness JSON-LD with AggregateRating and the latest reviews", async () => {
    const data = await page.loader(loaderArgs(db(), "/ewa-spa", "/:id", { id: "ewa-spa" }));
    expect(data.business.trustScore).toEqual(spaScore);
    expect(data.jsonLd).toMatchObject({
      "@type": "LocalBusiness",
      "@id": "http://localhost:3000/ewa-spa",
      name: "Ewa Spa",
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: 3.6,
        bestRating: 5,
        worstRating: 1,
        reviewCount: 4,
      },
    });
    const items = (data.jsonLd as { review: Array<Record<string, unknown>> }).review;
    expect(items).toHaveLength(4);
    // Written at one moment: newest first, then by id, so looked up by its words.
    expect(items.find((item) => item.name === hostileTitle)).toEqual({
      "@type": "Review",
      url: expect.stringMatching(/^http:\/\/localhost:3000\/reviews\/rev_/),
      name: hostileTitle,
      reviewBody: "Twenty characters or more about the visit.",
      datePublished: now.toISOString().slice(0, 10),
      author: { "@type": "Person", name: "Ngozi E." },
      reviewRating: { "@type": "Rating", ratingValue: 1, bestRating: 5, worstRating: 1 },
    });
  });

  it("a review's words can't close the JSON-LD script: the head escapes them and reads back the same", async () => {
    const data = await page.loader(loaderArgs(db(), "/ewa-spa", "/:id", { id: "ewa-spa" }));
    const tags = page.meta({ loaderData: data, matches: [] } as never);
    const html = head(tags);
    expect(html).not.toContain("<script>alert(1)");
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
    expect(scripts).toHaveLength(1);
    const json = JSON.parse(scripts[0]?.[1] ?? "{}");
    expect(json.review.map((item: { name: string }) => item.name)).toContain(hostileTitle);
    expect(json["@context"]).toBe("https://schema.org");
  });

  it("a business without reviews has no AggregateRating, and a removed review is never named", async () => {
    const data = await page.loader(loaderArgs(db(), "/quiet-spa", "/:id", { id: "quiet-spa" }));
    expect(data.business.trustScore).toBeNull();
    expect(data.jsonLd).not.toHaveProperty("aggregateRating");
    expect(data.jsonLd).not.toHaveProperty("review");
  });

  it("/business/{slug} shows the score, the spread over the stars, the reply rate and the latest reviews", async () => {
    const data = await profile.loader(
      loaderArgs(db(), "/business/ewa-spa", "/business/:id", { id: "ewa-spa" }),
    );
    expect(data.reviews.figures).toEqual({
      ...spaScore,
      distribution: [1, 0, 0, 1, 2],
      replyRate: "Replies to 50% of reviews",
    });
    expect(data.reviews.latest).toHaveLength(3);
    expect(data.jsonLd).toMatchObject({
      "@id": "http://localhost:3000/business/ewa-spa",
      aggregateRating: { ratingValue: 3.6, reviewCount: 4 },
    });
    const none = await profile.loader(
      loaderArgs(db(), "/business/quiet-spa", "/business/:id", { id: "quiet-spa" }),
    );
    expect(none.reviews.figures).toBeNull();
  });

  it("/{slug}/reviews, about and contact describe the business to search engines; products don't", async () => {
    const sectionData = (main: string) =>
      section.loader(loaderArgs(db(), `/ewa-spa/${main}`, "/:id/:main", { id: "ewa-spa", main }));
    const reviewsSection = await sectionData("reviews");
    expect(reviewsSection.jsonLd).toMatchObject({ aggregateRating: { reviewCount: 4 } });
    expect((reviewsSection.jsonLd as { review: unknown[] }).review).toHaveLength(4);
    const about = await sectionData("about");
    expect(about.jsonLd).toMatchObject({ aggregateRating: { ratingValue: 3.6 } });
    expect(about.jsonLd).not.toHaveProperty("review");
    expect((await sectionData("products")).jsonLd).toBeNull();
  });

  it("the product page and the storefront carry the business's score", async () => {
    const detail = await productPage.loader(
      loaderArgs(db(), `/ewa-spa/products/${product.slug}`, "/:id/products/:product", {
        id: "ewa-spa",
        product: product.slug,
      }),
    );
    expect(detail.product.business.trustScore).toEqual(spaScore);
    const shop = (await storefront.loader(
      loaderArgs(db(), "/b/ewa-spa", "/b/:id", { id: "ewa-spa" }),
    )) as { business: { trustScore: unknown } };
    expect(shop.business.trustScore).toEqual(spaScore);
  });
});

describe("lists of businesses", () => {
  it("every card carries its score: /b, /businesses, the home page", async () => {
    const scores = (items: Array<{ slug: string; trustScore: unknown }>) =>
      Object.fromEntries(items.map((item) => [item.slug, item.trustScore]));
    const expected = { "ewa-spa": spaScore, "quiet-spa": null };
    const browse = await listing.loader(loaderArgs(db(), "/b", "/b"));
    expect(scores(browse.items)).toEqual(expected);
    const az = await directory.loader(loaderArgs(db(), "/businesses", "/businesses"));
    expect(scores(az.items)).toEqual(expected);
    const front = await home.loader(loaderArgs(db(), "/", "/"));
    expect(scores(front.businesses)).toEqual(expected);
    // Top rated: businesses without reviews are never among them.
    expect(scores(front.topRated)).toEqual({ "ewa-spa": spaScore });
  });

  it("the advanced search form sends a TrustScore on to the results", async () => {
    const sent = await thrownBy(() =>
      searchForm.loader(
        loaderArgs(db(), "/search/ff?q=spa&kind=businesses&rating=4", "/search/ff"),
      ),
    );
    expect(sent).toEqual({ status: 302, data: "/businesses/search/spa?rating=4" });
    const wrong = await searchForm.loader(
      loaderArgs(db(), "/search/ff?q=spa&kind=all&rating=2", "/search/ff"),
    );
    const refused = wrong as unknown as { data: { errors: Record<string, string> } };
    expect(refused.data.errors.rating).toMatch(/rating/);
  });

  it("/b filters by rating and sorts Top rated; a rating it doesn't offer is a 400 naming it", async () => {
    const rated = await listing.loader(loaderArgs(db(), "/b?rating=3&sort=rating", "/b"));
    expect(rated.items.map((item) => item.slug)).toEqual(["ewa-spa"]);
    expect(rated.filters).toMatchObject({ rating: "3", sort: "rating" });
    expect(rated.ratings).toEqual([
      { value: "4.5", label: "4.5★ and up (0)" },
      { value: "4", label: "4★ and up (0)" },
      { value: "3", label: "3★ and up (1)" },
    ]);
    const top = await listing.loader(loaderArgs(db(), "/b?sort=rating", "/b"));
    expect(top.items.map((item) => item.slug)).toEqual(["ewa-spa", "quiet-spa"]);
    const wrong = await thrownBy(() => listing.loader(loaderArgs(db(), "/b?rating=5", "/b")));
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain("rating");
  });

  it("/business/tt ranks by the week's new reviews and follows, and says what each did", async () => {
    const data = await trendingPage.loader(loaderArgs(db(), "/business/tt", "/business/tt"));
    // Ewa Spa: four reviews this week; Quiet Spa: its one review was taken down.
    expect(data.businesses.map((business) => [business.slug, business.activity])).toEqual([
      ["ewa-spa", "4 new reviews"],
    ]);
    expect(data.businesses[0]?.trustScore).toEqual(spaScore);
  });
});
