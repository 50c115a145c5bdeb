import type { Page } from "@playwright/test";
import { e2eFixtures, e2ePassword, e2eSharedShoppers, e2eTeam } from "../support/e2e-fixtures.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  formatKobo,
  newAccountDetails,
  newWatchedContext,
  openHydrated,
  resourceStatus,
  saveShot,
  signIn,
  submitSignIn,
  submitSignUp,
  test,
  waitForHydration,
} from "./fixtures.ts";
import { payForProduct, phone } from "./journeys.ts";

/**
 * Referrals and order points in the browser (issue 20's "Done when"): Ada reads her invitation
 * code and link on /Referrals and /copy; her friend Bola opens the link in another browser,
 * creates his account from it (the sign-up form shows the code), signs in and pays a first order;
 * both then see 500 pending invitation points on /rewards (Bola also the order's own points, 1 per
 * whole ₦100 of each line), and Ada sees Bola on /Referrals. The points job run with its clock
 * 8 days on approves them all. Bola's second order, refunded in full by the business from its
 * console, takes its points back and leaves his pending points where they were. An unknown code
 * is a 404.
 *
 * Ada is one of the shoppers the e2e server prepared (no code, no points, nobody invited yet)
 * rather than a new sign-up: sign-ups are limited to 10 an hour from one address and the suite
 * already spends most of them; Bola's sign-up through the invitation is the journey itself.
 */

/**
 * Prepared shoppers no worker is given and no other spec uses (37–39 are taken): one for the
 * first attempt, one for the retry, so a retry starts from an Ada without friends.
 */
const adaFor = (retry: number) => e2eSharedShoppers.email(retry === 0 ? 36 : 35);
const adaFirstName = e2eSharedShoppers.name.split(" ")[0] ?? "";

const referralCode = /^[A-Z]{1,6}-[2-9A-Z]{5}$/;

/** 1234 → "1,234", written out by hand so the app's formatter is really checked. */
function points(value: number): string {
  return value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "1 point", "1,234 points", as the pages' screen-reader texts say them. */
function pointsText(value: number): string {
  return `${points(value)} ${value === 1 ? "point" : "points"}`;
}

/** /rewards (open) shows these points to spend and pending, and the header the same balance. */
async function expectBalance(page: Page, expected: { available: number; pending: number }) {
  const balance = page.getByRole("region", { name: "Balance" });
  await expect(balance.getByText("To spend")).toBeVisible();
  await expect(balance.getByText(/^[\d,]+$/)).toHaveText(points(expected.available));
  await expect(balance.getByText(/^[\d,]+ points?$/)).toHaveText(pointsText(expected.pending));
  await expect(
    page
      .getByRole("banner")
      .getByRole("link", { name: `Your points: ${points(expected.available)}` }),
  ).toBeVisible();
}

/** The history entries of /rewards (open) whose note is `note`. */
function historyEntries(page: Page, note: string) {
  return page
    .getByRole("region", { name: "History" })
    .getByRole("listitem")
    .filter({ has: page.getByText(note, { exact: true }) });
}

test("a friend invited by link signs up, pays a first order: both get 500 pending points, approved 7 days later; a refund takes an order's points back", async ({
  page: ada,
  browser,
  baseURL,
}, testInfo) => {
  // Three people, two payments and some twenty pages on a shared 2-core machine.
  test.setTimeout(180_000);
  const business = e2eFixtures().business;
  await ada.setViewportSize(phone);
  await ada.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(ada, adaFor(testInfo.retry), e2ePassword);

  const { code, link } = await test.step("Ada reads her code and link on /Referrals", async () => {
    await openHydrated(ada, "/Referrals");
    await expect(ada.getByRole("heading", { level: 1, name: "Invite friends" })).toBeVisible();
    const invitation = ada.getByRole("region", { name: "Your invitation" });
    const code = (await invitation.getByText(referralCode).textContent())?.trim() ?? "";
    expect(code).toMatch(referralCode);
    // Her code starts with her first name's letters.
    expect(code.startsWith(`${adaFirstName.toUpperCase().slice(0, 6)}-`)).toBe(true);
    const link = (await invitation.getByText(/\/invite\//).textContent())?.trim() ?? "";
    expect(link).toMatch(new RegExp(`^https?://[^/]+/invite/${code}$`));
    await expect(ada.getByRole("region", { name: "Friends who joined" })).toContainText(
      "No friends yet",
    );
    await expect(ada.getByText("0 friends · 0 points earned")).toBeVisible();

    // The copy button puts the link on the clipboard and says so.
    await invitation.getByRole("button", { name: "Copy invitation link" }).click();
    await expect(invitation.getByRole("button", { name: "Copied invitation link" })).toBeVisible();
    expect(await ada.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(invitation.getByRole("button", { name: "Copy invitation code" })).toBeVisible();
    await expectNoHorizontalOverflow(ada);
    await saveShot(ada, "referrals-empty");
    return { code, link };
  });
  const invitePath = new URL(link).pathname;

  await test.step("/copy, the share kit, has the same link and code, each with a copy button", async () => {
    await openHydrated(ada, "/copy");
    await expect(ada.getByRole("heading", { level: 1, name: "Share kit" })).toBeVisible();
    const invite = ada.getByRole("region", { name: "Invite a friend" });
    const linkRow = invite.getByRole("listitem").filter({ hasText: "Invitation link" });
    await expect(linkRow.getByText(link, { exact: true })).toBeVisible();
    await expect(linkRow.getByRole("button", { name: "Copy invitation link" })).toBeVisible();
    const codeRow = invite.getByRole("listitem").filter({ hasText: "Invitation code" });
    await expect(codeRow.getByText(code, { exact: true })).toBeVisible();
    await expect(codeRow.getByRole("button", { name: "Copy invitation code" })).toBeVisible();
    await expectNoHorizontalOverflow(ada);
    await saveShot(ada, "copy");
  });

  await test.step("Ada opening her own link is told it is hers", async () => {
    await openHydrated(ada, invitePath);
    await expect(ada.getByRole("status")).toHaveText(
      "This is your own invitation: send the link to a friend who isn't on Oja yet.",
    );
    await expect(ada.getByRole("link", { name: "Create your account" })).toHaveCount(0);
  });

  const bolaContext = await newWatchedContext(browser, { baseURL, viewport: phone });
  const managerContext = await newWatchedContext(browser, { baseURL });
  try {
    const bola = await bolaContext.newPage();
    const bolaAccount = { ...newAccountDetails("bola"), name: "Bola Adeyemi" };

    await test.step("Bola opens the invitation, sees what both get, and creates his account from it", async () => {
      await openHydrated(bola, invitePath);
      await expect(
        bola.getByRole("heading", { level: 1, name: `${adaFirstName} invited you to Oja` }),
      ).toBeVisible();
      const offer = bola.getByRole("region", { name: "What you both get" });
      await expect(offer).toContainText(
        `500 points for you and 500 points for ${adaFirstName} when your first order is paid`,
      );
      await expect(offer).toContainText(`Invitation code ${code}`);
      await expectNoHorizontalOverflow(bola);
      await saveShot(bola, "invite");
      await bola.getByRole("link", { name: "Create your account" }).click();
      await expect(bola).toHaveURL(
        `/CreateAccount?ref=${encodeURIComponent(code)}&redirectTo=%2Ffirst-rewards`,
      );
      await waitForHydration(bola);
      await expect(bola.getByText(`You were invited with code ${code}.`)).toBeVisible();
      await submitSignUp(bola, bolaAccount);
      await bola.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
      await expect(bola).toHaveURL("/Login?redirectTo=%2Ffirst-rewards");
      await waitForHydration(bola);
      await submitSignIn(bola, bolaAccount.email, bolaAccount.password);
      await expect(bola).toHaveURL("/first-rewards");
    });

    const first = await test.step("Bola pays his first order with the success card", () =>
      payForProduct(bola, 0));
    expect(first.points).toBeGreaterThan(0);

    await test.step("Bola's /rewards: 500 invitation points and the order's points, pending", async () => {
      await openHydrated(bola, "/rewards");
      await expectBalance(bola, { available: 0, pending: 500 + first.points });
      const invited = historyEntries(bola, `Invited by ${adaFirstName}: your first order`);
      await expect(invited).toHaveCount(1);
      await expect(invited).toContainText("Pending");
      await expect(invited).toContainText("plus 500 points");
      const order = historyEntries(bola, `Order ${first.number} at ${business.name}`);
      await expect(order).toHaveCount(1);
      await expect(order).toContainText("Pending");
      await expect(order).toContainText(`plus ${pointsText(first.points)}`);
      await expectNoHorizontalOverflow(bola);
    });

    const bolaListed = ada
      .getByRole("region", { name: "Friends who joined" })
      .getByRole("listitem")
      .filter({ hasText: "Bola A." });
    await test.step("Ada's /Referrals lists Bola at +500, pending; her /rewards shows 500 pending", async () => {
      await openHydrated(ada, "/Referrals");
      await expect(bolaListed).toHaveCount(1);
      await expect(bolaListed).toContainText("Points pending");
      await expect(bolaListed.getByText("+500", { exact: true })).toBeVisible();
      await expect(ada.getByText("1 friend · 500 points earned")).toBeVisible();
      await saveShot(ada, "referrals-friend");
      await openHydrated(ada, "/rewards");
      await expectBalance(ada, { available: 0, pending: 500 });
      const joined = historyEntries(ada, "Bola joined with your invitation");
      await expect(joined).toHaveCount(1);
      await expect(joined).toContainText("plus 500 points");
    });

    await test.step("the points job, its clock 8 days on, approves both sides' points", async () => {
      const at = new Date(Date.now() + 8 * 24 * 60 * 60_000).toISOString();
      const ran = await ada.request.post("/dev/jobs/points-upkeep", {
        form: { at },
        headers: { origin: new URL(ada.url()).origin },
      });
      expect(ran.status()).toBe(200);
      const { done } = (await ran.json()) as { done: { approved: number } };
      // Bola's two entries and Ada's one at least (other specs' shoppers may have some too).
      expect(done.approved).toBeGreaterThanOrEqual(3);

      await openHydrated(bola, "/rewards");
      await expectBalance(bola, { available: 500 + first.points, pending: 0 });
      const approved = bola
        .getByRole("region", { name: "History" })
        .getByRole("listitem")
        .filter({ hasText: "now to spend" });
      await expect(approved).toHaveCount(2);
      await expect(approved.filter({ hasText: "plus 500 points" })).toHaveCount(1);
      await expect(approved.filter({ hasText: `plus ${pointsText(first.points)}` })).toHaveCount(
        first.points === 500 ? 2 : 1,
      );

      await openHydrated(ada, "/rewards");
      await expectBalance(ada, { available: 500, pending: 0 });
      await openHydrated(ada, "/Referrals");
      await expect(bolaListed).toContainText("Points approved");
      await expect(ada.getByText("1 friend · 500 points earned")).toBeVisible();
    });

    const second = await test.step("Bola pays a second order: its points are pending", async () => {
      const paid = await payForProduct(bola, 1);
      expect(paid.points).toBeGreaterThan(0);
      await openHydrated(bola, "/rewards");
      await expectBalance(bola, { available: 500 + first.points, pending: paid.points });
      return paid;
    });

    await test.step("the business refunds the second order in full from its console", async () => {
      const manager = await managerContext.newPage();
      await signIn(manager, e2eTeam.manager.email, e2ePassword);
      await openHydrated(manager, `/vendor/${business.slug}/orders/${second.number}`);
      await expect(
        manager.getByRole("heading", { level: 1, name: `Order ${second.number}` }),
      ).toBeVisible();
      const refund = manager.getByRole("region", { name: "Refund", exact: true });
      await refund.getByText("Cancel and refund").click();
      await expect(
        refund.getByRole("radio", { name: `Refund all (${formatKobo(second.totalKobo)} left)` }),
      ).toBeChecked();
      await refund.getByLabel("Reason for the shopper").fill("Out of stock at the shop, sorry.");
      await refund.getByRole("button", { name: "Refund", exact: true }).click();
      await expect(
        manager.getByText(`Refunded ${formatKobo(second.totalKobo)}: nothing is left to refund.`),
      ).toBeVisible();
    });

    await test.step("Bola's /rewards shows the points taken back and pending as before the order", async () => {
      await openHydrated(bola, "/rewards");
      await expectBalance(bola, { available: 500 + first.points, pending: 0 });
      const reversed = historyEntries(bola, `Refund of order ${second.number}`);
      await expect(reversed).toHaveCount(1);
      await expect(reversed).toContainText("Taken back");
      await expect(reversed).toContainText(`minus ${pointsText(second.points)}`);
      await expect(reversed).toContainText("from pending");
      // Only a first order refunded whole takes the invitation points back: Ada keeps hers.
      await openHydrated(ada, "/rewards");
      await expectBalance(ada, { available: 500, pending: 0 });
    });
  } finally {
    await bolaContext.close();
    await managerContext.close();
  }
});

test.describe("an invitation nobody sent", () => {
  test.use({ allowConsoleErrors: [resourceStatus(404)] });

  test("/invite with an unknown code answers 404 with Page Not Found", async ({
    sharedPage: page,
  }) => {
    for (const path of ["/invite/XXX-22222", "/invite/not-a-code"]) {
      const response = await openHydrated(page, path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
      await expect(page.getByText(`Page not found: ${path}`, { exact: true })).toBeVisible();
    }
  });
});
