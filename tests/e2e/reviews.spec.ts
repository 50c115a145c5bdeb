import type { Locator, Page } from "@playwright/test";
import { e2eFixtures, e2ePassword, e2eSharedShoppers, e2eTeam } from "../support/e2e-fixtures.ts";
import {
  expect,
  openHydrated,
  resourceStatus,
  submitSignIn,
  test,
  waitForHydration,
} from "./fixtures.ts";
import { payForProduct, phone, shootPhone, signedInPhone } from "./journeys.ts";

/**
 * Writing reviews in the browser (issue 21, first part; decision 050). A shopper finds the e2e
 * team's business on /evaluate, opens its form, sends it empty (each field says what it needs,
 * nothing is published), rates it with the arrow keys, writes a title and a text, reloads (the
 * words come back from the draft), publishes, and finds the review on /evaluate/_id without the
 * Verified pill (no order there). They edit it (stars and a title with a script in it, which
 * shows as text and runs nothing), are refused a second review of the business within 12 months,
 * and delete it. A member of the business's team is refused with the team message; a shopper who
 * paid an order there is told the review will be verified, and it is.
 *
 * The shoppers are ones the e2e server prepared (no reviews, no orders), which no worker is given
 * and no other spec uses (31–39 are taken): 28 and 26, with 27 and 25 for the retry, as a
 * published review holds the business for that shopper for 12 months. Each journey deletes its
 * review at the end.
 *
 * E2E_SHOTS=/tmp/shots-reviews saves the form with its errors and filled, and /evaluate/_id
 * (published, being edited, verified) at 390 px (each page is checked for sideways overflow
 * either way).
 */
const writerFor = (retry: number) => e2eSharedShoppers.email(retry === 0 ? 28 : 27);
const buyerFor = (retry: number) => e2eSharedShoppers.email(retry === 0 ? 26 : 25);

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A Lagos day (UTC+1 all year) of this instant, as "YYYY-MM-DD". */
function lagosDay(instant: Date): string {
  return new Date(instant.getTime() + 60 * 60_000).toISOString().slice(0, 10);
}

/** "2026-03-05" → "5 Mar 2026", written out by hand so the app's formatter is really checked. */
function dayText(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return `${date} ${months[(month ?? 1) - 1]} ${year}`;
}

const writePath = (slug: string) => `/evaluate/new?business=${encodeURIComponent(slug)}`;

/** The review form of /evaluate/new (open). */
function reviewForm(page: Page) {
  const main = page.getByRole("main");
  return {
    rating: main.getByRole("group", { name: "Your rating" }),
    star: (count: number) =>
      main.getByRole("radio", {
        name: new RegExp(`^${count} stars?:`),
      }),
    title: main.getByLabel("Title", { exact: true }),
    body: main.getByLabel("Your experience", { exact: true }),
    day: main.getByRole("button", { name: /^Day of your experience\b/ }),
    publish: main.getByRole("button", { name: "Publish your review" }),
  };
}

/**
 * Clicks the star drawn for `count` in this form (its radio is visually hidden inside the star's
 * label, as in any custom radio) and checks the radio took it.
 */
async function clickStar(scope: Locator, count: number) {
  const name = new RegExp(`^${count} stars?:`);
  await scope.locator("label", { has: scope.page().getByRole("radio", { name }) }).click();
  await expect(scope.getByRole("radio", { name })).toBeChecked();
}

/** Fills and sends the review form (open, hydrated), the stars chosen with a click. */
async function writeAndPublish(page: Page, review: { stars: number; title: string; body: string }) {
  const form = reviewForm(page);
  await clickStar(form.rating, review.stars);
  await form.title.fill(review.title);
  await form.body.fill(review.body);
  await form.publish.click();
}

/** The review on /evaluate/_id (open) whose title is `title`. */
function myReview(page: Page, title: string) {
  return page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });
}

/** The reviews listed on /evaluate/_id (open). */
function myReviews(page: Page) {
  return page.getByRole("main").getByRole("listitem");
}

/** Opens a listed review's "Edit or delete" and presses "Delete this review". */
async function deleteReview(page: Page, item: Locator) {
  await item.getByText("Edit or delete", { exact: true }).click();
  await item.getByRole("button", { name: "Delete this review" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your review was deleted." }),
  ).toBeVisible();
}

test.use({ viewport: phone });

test("a shopper finds a business, writes a review (errors, keyboard stars, draft kept over a reload), edits it, is refused a second one, and deletes it", async ({
  browser,
  baseURL,
  allowConsoleError,
}, testInfo) => {
  test.setTimeout(120_000);
  // The form's refusals: the empty form (400) and the second review (409).
  allowConsoleError(resourceStatus(400), resourceStatus(409));
  const business = e2eFixtures().business;
  const page = await signedInPhone(browser, baseURL, writerFor(testInfo.retry));
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const today = lagosDay(new Date());
  const review = {
    title: "Friendly and quick",
    body: "They were on time, polite, and the price was what the page said. Would go again.",
  };
  const form = reviewForm(page);

  await test.step("/evaluate finds the business by name and links to its form", async () => {
    await openHydrated(page, "/evaluate");
    await expect(page.getByRole("heading", { level: 1, name: "Write a review" })).toBeVisible();
    // This shopper bought nothing: no places to offer first.
    await expect(page.getByRole("heading", { name: "Places you went this year" })).toHaveCount(0);
    const search = page.getByRole("search");
    await search.getByLabel("Business name", { exact: true }).fill(business.name);
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/evaluate\?q=/);
    const found = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByText(business.name, { exact: true }) });
    await expect(found).toHaveCount(1);
    await found.getByRole("link", { name: "Review", exact: true }).click();
    await expect(page).toHaveURL(writePath(business.slug));
    await waitForHydration(page);
    await expect(
      page.getByRole("heading", { level: 1, name: `Review ${business.name}` }),
    ).toBeVisible();
    await expect(
      page.getByText(
        "Tell others how it went. Reviews are for real experiences of the last 12 months.",
      ),
    ).toBeVisible();
    // The day starts at today (Lagos).
    await expect(form.day).toContainText(dayText(today));
  });

  await test.step("sent empty, each field says what it needs and nothing is published", async () => {
    await form.publish.click();
    await expect(form.rating.getByRole("alert")).toHaveText("Choose from 1 to 5 stars.");
    await expect(form.title).toHaveAttribute("aria-invalid", "true");
    await expect(form.title).toHaveAccessibleDescription(
      /Give your review a title of at least 4 characters\./,
    );
    await expect(form.body).toHaveAttribute("aria-invalid", "true");
    await expect(form.body).toHaveAccessibleDescription(
      /Tell others a little more: at least 20 characters\./,
    );
    await expect(page).toHaveURL(writePath(business.slug));
    await shootPhone(page, "evaluate-new-errors");
  });

  await test.step("stars by keyboard, a title and a text; a reload keeps them (draft)", async () => {
    // Into the radio group, then the arrows move the choice: 1 → 4 stars.
    await form.star(1).focus();
    await page.keyboard.press("Space");
    await expect(form.star(1)).toBeChecked();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(form.star(4)).toBeChecked();
    await expect(form.star(4)).toBeFocused();
    await expect(form.rating.getByText("Great", { exact: true })).toBeVisible();
    await form.title.fill(review.title);
    await form.body.fill(review.body);
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), `reviewDraft:${business.slug}`))
      .toContain(review.title);

    await page.reload();
    await waitForHydration(page);
    await expect(form.title).toHaveValue(review.title);
    await expect(form.body).toHaveValue(review.body);
    await expect(form.star(4)).toBeChecked();
    // The errors of the empty form were that answer's, not the page's.
    await expect(form.title).not.toHaveAttribute("aria-invalid", "true");
    await shootPhone(page, "evaluate-new-filled");
  });

  await test.step("published: thanks, listed on /evaluate/_id, not verified; the draft is gone", async () => {
    await form.publish.click();
    await expect(page).toHaveURL(`/evaluate/_id?written=${encodeURIComponent(business.slug)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Your reviews" })).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: "Thank you: your review is published." }),
    ).toBeVisible();
    await expect(myReviews(page)).toHaveCount(1);
    const item = myReview(page, review.title);
    await expect(item.getByRole("link", { name: business.name, exact: true })).toHaveAttribute(
      "href",
      `/${business.slug}`,
    );
    await expect(item.getByRole("img", { name: "4 out of 5 stars", exact: true })).toBeVisible();
    await expect(item.getByRole("paragraph").filter({ hasText: review.body })).toHaveText(
      review.body,
    );
    await expect(
      item.getByText(`Experience on ${dayText(today)} · written ${dayText(today)}`),
    ).toBeVisible();
    await expect(item.getByText("Verified", { exact: true })).toHaveCount(0);
    await expect(item.getByText("Invited", { exact: true })).toHaveCount(0);
    // Published: the draft goes (a refused send would have kept it).
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), `reviewDraft:${business.slug}`))
      .toBeNull();
    await shootPhone(page, "my-reviews");
  });

  const scriptTitle = "<script>alert(1)</script> Changed my mind";
  await test.step("edited: other stars and a title with a script, shown as text", async () => {
    await waitForHydration(page);
    const item = myReview(page, review.title);
    await item.getByText("Edit or delete", { exact: true }).click();
    await clickStar(item, 2);
    await item.getByLabel("Title", { exact: true }).fill(scriptTitle);
    await shootPhone(page, "my-reviews-editing");
    await item.getByRole("button", { name: "Save changes" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your review was updated." }),
    ).toBeVisible();
    await expect(myReview(page, review.title)).toHaveCount(0);
    const edited = myReview(page, scriptTitle);
    await expect(edited).toHaveCount(1);
    await expect(edited.getByRole("img", { name: "2 out of 5 stars", exact: true })).toBeVisible();

    // As the server renders it too: the title is text, the page has no element of it.
    await page.reload();
    await waitForHydration(page);
    const heading = myReview(page, scriptTitle).getByRole("heading", { level: 2 });
    await expect(heading).toHaveText(scriptTitle);
    expect(await heading.evaluate((element) => element.children.length)).toBe(0);
    expect(dialogs).toEqual([]);
  });

  await test.step("a second review of the business within 12 months is refused", async () => {
    await openHydrated(page, writePath(business.slug));
    await writeAndPublish(page, {
      stars: 5,
      title: "Second thoughts",
      body: "Went back and it was even better than the first time around.",
    });
    const nextYear = new Date();
    nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      `You reviewed ${business.name} on ${dayText(today)}: edit that review, or write a new one from ${dayText(lagosDay(nextYear))}.`,
    );
    await expect(page).toHaveURL(writePath(business.slug));
    await openHydrated(page, "/evaluate/_id");
    await expect(myReviews(page)).toHaveCount(1);
    await expect(myReview(page, scriptTitle)).toHaveCount(1);
  });

  await test.step("deleted: the list is empty again", async () => {
    await deleteReview(page, myReview(page, scriptTitle));
    await expect(myReviews(page)).toHaveCount(0);
    await expect(page.getByText("No reviews yet", { exact: true })).toBeVisible();
    expect(dialogs).toEqual([]);
  });
  await page.context().close();
});

test("a member of the business's team signs in from the form and is told they can't review it", async ({
  page,
  allowConsoleError,
}) => {
  test.setTimeout(60_000);
  // The refusal is a 403.
  allowConsoleError(resourceStatus(403));
  const business = e2eFixtures().business;
  await test.step("signed out, the form sends to sign in and back", async () => {
    await openHydrated(page, writePath(business.slug));
    await expect(page).toHaveURL(
      `/Login?redirectTo=${encodeURIComponent(writePath(business.slug))}`,
    );
    await submitSignIn(page, e2eTeam.staff.email, e2ePassword);
    await expect(page).toHaveURL(writePath(business.slug));
    await waitForHydration(page);
  });

  await test.step("publishing is refused with the team message", async () => {
    await writeAndPublish(page, {
      stars: 5,
      title: "Best in town",
      body: "I work here and I can tell you it is the best place in all of Lagos.",
    });
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      `You're on ${business.name}'s team, so you can't review it.`,
    );
    await expect(page).toHaveURL(writePath(business.slug));
  });

  await test.step("an unknown business sends back to /evaluate", async () => {
    await page.goto(writePath("no-such-business-here"));
    await expect(page).toHaveURL("/evaluate");
    await expect(page.getByRole("heading", { level: 1, name: "Write a review" })).toBeVisible();
  });
});

test("a shopper who paid an order at the business is told their review will be verified, and it is", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const business = e2eFixtures().business;
  const page = await signedInPhone(browser, baseURL, buyerFor(testInfo.retry));
  const title = "Collected my order";

  await test.step("pays an order at the business", async () => {
    await payForProduct(page, 2);
  });

  await test.step("/evaluate offers the business first; its form says verified", async () => {
    await openHydrated(page, "/evaluate");
    const places = page.getByRole("region", { name: "Places you went this year" });
    const place = places
      .getByRole("listitem")
      .filter({ has: page.getByText(business.name, { exact: true }) });
    await place.getByRole("link", { name: "Review", exact: true }).click();
    await expect(page).toHaveURL(writePath(business.slug));
    await waitForHydration(page);
    await expect(
      page.getByText("Oja saw your visit or order here, so your review will show as verified."),
    ).toBeVisible();
  });

  await test.step("published with the Verified pill, then deleted", async () => {
    await writeAndPublish(page, {
      stars: 5,
      title,
      body: "Ordered online, picked it up the same day, exactly as described.",
    });
    await expect(
      page.getByRole("status").filter({ hasText: "Thank you: your review is published." }),
    ).toBeVisible();
    const item = myReview(page, title);
    await expect(item.getByText("Verified", { exact: true })).toBeVisible();
    await expect(item.getByRole("img", { name: "5 out of 5 stars", exact: true })).toBeVisible();
    await shootPhone(page, "my-reviews-verified");
    await waitForHydration(page);
    await deleteReview(page, item);
    await expect(page.getByText("No reviews yet", { exact: true })).toBeVisible();
  });
  await page.context().close();
});
