import type { Page } from "@playwright/test";
import { e2eFixtures, e2ePassword, e2eSharedShoppers, e2eTeam } from "../support/e2e-fixtures.ts";
import {
  expect,
  openHydrated,
  resourceStatus,
  submitSignIn,
  test,
  waitForHydration,
} from "./fixtures.ts";
import { phone, shootPhone, signedInPhone } from "./journeys.ts";

/**
 * Check-ins and loyalty cards in the browser (issue 20, decisions 048 and 049). The e2e team's
 * staff member reads the poster's link in the console; a shopper opens it signed out, signs in
 * from it, checks in for 10 points (the header's balance follows), and earns nothing more that
 * day; /rewards lists the check-in once. Without the token the page greets but has no button,
 * and a form posted without it earns nothing. The manager sets a stamp reward; the shopper's card
 * shows the visit, the points and what is left, the staff member opens it too, and another
 * shopper gets a 404. The team can't check in at its own door. The manager makes a new poster:
 * the old link refuses, the new one works. The platform admin adds 25 points with a reason the
 * shopper reads in their history.
 *
 * The shoppers are ones the e2e server prepared (no points, no check-ins): no worker is given
 * 31–34 and no other spec uses them. One pair for the first attempt and one for the retry, as a
 * check-in holds for the whole Lagos day.
 *
 * E2E_SHOTS=/tmp/shots-check-ins saves the poster page, /hi after checking in and the loyalty card
 * at 390 px (each page is checked for sideways overflow either way).
 */
const shopperFor = (retry: number) => e2eSharedShoppers.email(retry === 0 ? 34 : 33);
const otherShopperFor = (retry: number) => e2eSharedShoppers.email(retry === 0 ? 32 : 31);
const shopperFirstName = e2eSharedShoppers.name.split(" ")[0] ?? "";

const scanMessage = (business: string) =>
  `Scan the QR code on the poster at ${business} to check in and earn 10 points, once a day.`;
const comeBackTomorrow = "You checked in here today. Come back tomorrow for 10 points more.";
const oldPosterRefusal =
  "This link can't check you in: scan the QR code on the poster at the business (a new poster may have replaced the one you scanned).";

/** The header's balance (the signed-in page is open and hydrated). */
async function headerPoints(page: Page): Promise<number> {
  const link = page.getByRole("banner").getByRole("link", { name: /^Your points: [\d,]+$/ });
  const label = (await link.getAttribute("aria-label")) ?? "";
  return Number(label.replace(/\D/g, ""));
}

function expectHeaderPoints(page: Page, points: number) {
  return expect(
    page.getByRole("banner").getByRole("link", { name: `Your points: ${points}`, exact: true }),
  ).toBeVisible();
}

/** /rewards (open) history entries whose note is `note`. */
function historyEntries(page: Page, note: string) {
  return page
    .getByRole("region", { name: "History" })
    .getByRole("listitem")
    .filter({ has: page.getByText(note, { exact: true }) });
}

/**
 * Sends the Check in form as a browser without scripts would (a document POST, as when a page
 * with the form is sent again), with this token; the page shows the answer. Returns its status.
 */
async function postCheckIn(page: Page, slug: string, token: string) {
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname === `/hi/${slug}`,
  );
  await page.evaluate(
    ({ action, t }) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = action;
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "t";
      input.value = t;
      form.append(input);
      document.body.append(form);
      // Marks this document, to tell it from the answer's.
      document.body.dataset.sent = "";
      form.submit();
    },
    { action: `/hi/${slug}`, t: token },
  );
  const status = (await answer).status();
  await expect(page.locator("body[data-sent]")).toHaveCount(0);
  await page.waitForLoadState();
  return status;
}

/** The console's poster page (open): the link printed under the QR code. */
async function posterLink(page: Page, baseURL: string | undefined, slug: string) {
  const printed = page.getByText(new RegExp(`/hi/${slug}\\?t=`));
  await expect(printed).toBeVisible();
  const url = ((await printed.textContent()) ?? "").trim();
  expect(url).toMatch(new RegExp(`^${baseURL}/hi/${slug}\\?t=\\d{8}\\.\\d+\\.[\\w-]{22}$`));
  return url.slice(baseURL?.length ?? 0);
}

test.use({ viewport: phone });

test("a shopper checks in from the poster once a day, fills a loyalty card, and an old poster stops working", async ({
  page,
  browser,
  baseURL,
  allowConsoleError,
}, testInfo) => {
  // The team checking in at its own door and the replaced poster are refused with a 403; a card
  // someone else opens is a 404.
  allowConsoleError(resourceStatus(403), resourceStatus(404));
  const business = e2eFixtures().business;
  const shopperEmail = shopperFor(testInfo.retry);
  // Five people, four of them signed in at once in their own browsers.
  test.setTimeout(90_000);
  const [staff, manager, other, admin] = await Promise.all([
    signedInPhone(browser, baseURL, e2eTeam.staff.email),
    signedInPhone(browser, baseURL, e2eTeam.manager.email),
    signedInPhone(browser, baseURL, otherShopperFor(testInfo.retry)),
    signedInPhone(browser, baseURL, e2eTeam.admin.email),
  ]);
  try {
    const link =
      await test.step("the staff member opens the console's check-in poster", async () => {
        await openHydrated(staff, `/vendor/${business.slug}`);
        await staff
          .getByRole("navigation", { name: "Console" })
          .getByRole("link", { name: "Check-in poster" })
          .click();
        await expect(staff).toHaveURL(`/vendor/${business.slug}/check-in`);
        await expect(
          staff.getByRole("heading", { level: 1, name: "Check-in poster" }),
        ).toBeVisible();
        const poster = staff.getByRole("region", { name: "The poster" });
        await expect(poster.getByText(`Check in at ${business.name}`)).toBeVisible();
        await expect(
          poster.getByRole("img", { name: `QR code to check in at ${business.name}` }),
        ).toBeVisible();
        await expect(poster.getByText(/^Valid until /)).toBeVisible();
        // Printing is staff's; a new poster is the managers'.
        await expect(staff.getByRole("button", { name: "Print" })).toBeVisible();
        await expect(staff.getByRole("button", { name: "Make a new poster" })).toHaveCount(0);
        await shootPhone(staff, "poster");
        return posterLink(staff, baseURL, business.slug);
      });

    await test.step("the team can't check in at its own door", async () => {
      await openHydrated(staff, link);
      await staff.getByRole("button", { name: "Check in", exact: true }).click();
      await expect(
        staff.getByText("You're part of this business's team: check-ins are for its customers."),
      ).toBeVisible();
      await expect(staff.getByRole("heading", { name: "Check in for 10 points" })).toBeVisible();
    });

    await test.step("signed out, the link asks to sign in and comes back with its token", async () => {
      await openHydrated(page, link);
      await expect(page).toHaveTitle(`Welcome to ${business.name} · Oja`);
      await expect(page.getByRole("heading", { level: 1, name: business.name })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Check in for 10 points" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Check in", exact: true })).toHaveCount(0);
      await page.getByRole("link", { name: "Sign in to check in" }).click();
      await expect(page).toHaveURL(`/Login?redirectTo=${encodeURIComponent(link)}`);
      await waitForHydration(page);
      await submitSignIn(page, shopperEmail, e2ePassword);
      await expect(page).toHaveURL(link);
      await waitForHydration(page);
    });

    const before = await headerPoints(page);

    await test.step("Check in: +10 points, and the header's balance with them", async () => {
      await page.getByRole("button", { name: "Check in", exact: true }).click();
      await expect(
        page.getByText(`+10 points: you now have ${before + 10} points to spend.`),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: "You're checked in" })).toBeVisible();
      await expectHeaderPoints(page, before + 10);
      await expect(page.getByRole("button", { name: "Check in", exact: true })).toHaveCount(0);
      await shootPhone(page, "hi-checked-in");
    });

    await test.step("again the same day: nothing more, come back tomorrow", async () => {
      await openHydrated(page, link);
      await expect(page.getByRole("heading", { name: "You're checked in" })).toBeVisible();
      await expect(page.getByText(comeBackTomorrow)).toBeVisible();
      await expect(page.getByRole("button", { name: "Check in", exact: true })).toHaveCount(0);
      // The form sent again (a double tap, a resubmitted page) earns nothing either.
      const token = new URL(link, baseURL).searchParams.get("t") ?? "";
      expect(await postCheckIn(page, business.slug, token)).toBe(200);
      await expect(page.getByText(comeBackTomorrow)).toBeVisible();
      await expect(page.getByText(/you now have/)).toHaveCount(0);
      await expectHeaderPoints(page, before + 10);
      await openHydrated(page, "/rewards");
      await expectHeaderPoints(page, before + 10);
      const entries = historyEntries(page, `Check-in at ${business.name}`);
      await expect(entries).toHaveCount(1);
      await expect(entries).toContainText("Earned");
      await expect(entries).toContainText("10");
    });

    await test.step("the link without its token greets but doesn't earn", async () => {
      const otherBefore = await headerPoints(other);
      await openHydrated(other, `/hi/${business.slug}`);
      await expect(other.getByRole("heading", { name: "Check in for 10 points" })).toBeVisible();
      await expect(other.getByText(scanMessage(business.name))).toBeVisible();
      await expect(other.getByRole("button", { name: "Check in", exact: true })).toHaveCount(0);
      // A form posted without the token (a URL typed by hand) is refused.
      expect(await postCheckIn(other, business.slug, "")).toBe(403);
      await expect(other.getByText(oldPosterRefusal)).toBeVisible();
      await expect(other.getByText(/you now have/)).toHaveCount(0);
      await openHydrated(other, `/hi/${business.slug}`);
      await expect(other.getByText(scanMessage(business.name))).toBeVisible();
      await expectHeaderPoints(other, otherBefore);
    });

    await test.step("the manager sets a stamp reward: 2 visits for a free pedicure", async () => {
      await openHydrated(manager, `/vendor/${business.slug}/loyalty`);
      await expect(manager.getByRole("heading", { level: 1, name: "Loyalty card" })).toBeVisible();
      await manager.getByLabel("Visits that fill the card").fill("2");
      await manager.getByLabel("What a full card gets").fill("A free pedicure");
      // A retry finds the reward the first attempt set.
      await manager
        .getByRole("button", { name: /^(Start the stamp reward|Save changes)$/ })
        .click();
      await expect(manager.getByText("Saved: customers' cards show the reward now.")).toBeVisible();
    });

    const cardPath =
      await test.step("the shopper's card: 1 visit, 10 points, 1 more visit to go", async () => {
        await openHydrated(page, link);
        const cardLink = page.getByRole("link", { name: "Your loyalty card here" });
        const path = (await cardLink.getAttribute("href")) ?? "";
        expect(path).toMatch(new RegExp(`^/${business.slug}/rewards/[^/]+$`));
        await cardLink.click();
        await expect(page).toHaveURL(path);
        await expect(
          page.getByRole("heading", { level: 1, name: "Your loyalty card" }),
        ).toBeVisible();
        const card = page.getByRole("region", { name: "Card" });
        await expect(card.getByRole("definition")).toHaveText(["10", "1"]);
        await expect(card.getByRole("term")).toHaveText(["Points earned here", "Visits"]);
        await expect(card.getByRole("list", { name: "1 of 2 visits stamped" })).toBeVisible();
        await expect(card.getByText("1 more visit to fill the card.")).toBeVisible();
        await expect(card.getByRole("button", { name: /^Give:/ })).toHaveCount(0);
        await shootPhone(page, "loyalty-card");
        return path;
      });

    await test.step("another shopper gets a 404 on that card; the staff member sees it", async () => {
      const response = await other.goto(cardPath);
      expect(response?.status()).toBe(404);
      await expect(other.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
      await expect(other.getByRole("region", { name: "Card" })).toHaveCount(0);

      await openHydrated(staff, cardPath);
      await expect(
        staff.getByRole("heading", { level: 1, name: `${shopperFirstName}'s loyalty card` }),
      ).toBeVisible();
      const card = staff.getByRole("region", { name: "Card" });
      await expect(card.getByRole("definition")).toHaveText(["10", "1"]);
      await expect(card.getByText("1 more visit to fill the card.")).toBeVisible();
    });

    const newLink = await test.step("the manager makes a new poster", async () => {
      await openHydrated(manager, `/vendor/${business.slug}/check-in`);
      expect(await posterLink(manager, baseURL, business.slug)).toBe(link);
      await manager.getByRole("button", { name: "Make a new poster" }).click();
      await expect(
        manager.getByText(
          "New poster ready: print it now. Posters printed before no longer check anyone in.",
        ),
      ).toBeVisible();
      // The page shows the new poster once its data is read again after the change.
      await expect(manager.getByText(new RegExp(`/hi/${business.slug}\\?t=`))).not.toHaveText(
        `${baseURL}${link}`,
      );
      const replaced = await posterLink(manager, baseURL, business.slug);
      expect(replaced).not.toBe(link);
      return replaced;
    });

    await test.step("the old link no longer checks in; the new one does", async () => {
      const otherBefore = await headerPoints(other);
      await openHydrated(other, link);
      await other.getByRole("button", { name: "Check in", exact: true }).click();
      await expect(other.getByText(oldPosterRefusal)).toBeVisible();
      await expect(other.getByRole("heading", { name: "Check in for 10 points" })).toBeVisible();
      await expectHeaderPoints(other, otherBefore);

      await openHydrated(other, newLink);
      await other.getByRole("button", { name: "Check in", exact: true }).click();
      await expect(
        other.getByText(`+10 points: you now have ${otherBefore + 10} points to spend.`),
      ).toBeVisible();
    });

    await test.step("the admin adds 25 points with a reason; the shopper reads it", async () => {
      await openHydrated(admin, "/admin/points");
      const form = admin.getByRole("region", { name: "Adjust a shopper's points" });
      await form.getByLabel("Shopper's email").fill(shopperEmail);
      await form.getByLabel("Points").fill("25");
      await form.getByLabel("Reason").fill("Sorry for the wait");
      await form.getByRole("button", { name: "Adjust points" }).click();
      await expect(
        form.getByText(`Done: the shopper now has ${before + 35} points to spend.`),
      ).toBeVisible();
      await openHydrated(page, "/rewards");
      await expectHeaderPoints(page, before + 35);
      const entry = historyEntries(page, "Sorry for the wait");
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText("Corrected by Oja");
      await expect(entry).toContainText("25");
      await expect(historyEntries(page, `Check-in at ${business.name}`)).toHaveCount(1);
    });
  } finally {
    await staff.context().close();
    await manager.context().close();
    await other.context().close();
    await admin.context().close();
  }
});
