import type { Page } from "@playwright/test";
import sharp from "sharp";
import { e2eFixtures, e2ePassword, e2eSharedShoppers, e2eTeam } from "../support/e2e-fixtures.ts";
import {
  accountTest,
  expect,
  expectPopupAmount,
  openHydrated,
  openLatestEmail,
  paystackCards,
  payWithCard,
  resourceStatus,
  signIn,
  submitSignIn,
  test,
  waitForHydration,
} from "./fixtures.ts";

/**
 * Vouchers (issue 19): a manager creates an offer with a picture in the console, a bad price is
 * refused beside its field, and shoppers find the offer in the voucher marketplace (filtered) and
 * on its own page; a shopper buys two through the voucher cart with the simulator and gets their
 * codes (page, /profile/vouchers, email), and a third is refused by the per-shopper limit;
 * pausing the offer takes it off the marketplace.
 *
 * E2E_SHOTS=/tmp/shots-e2e saves screenshots of the voucher cart, the codes and /profile/vouchers.
 */
const business = () => e2eFixtures().business;
/** The friend a voucher is gifted to: a prepared shopper no worker signs in as. */
const friend = { email: e2eSharedShoppers.email(e2eSharedShoppers.count - 1) };

// The refused form answers 400, as it should.
test.use({ allowConsoleErrors: [resourceStatus(400)] });

async function screenshot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/vouchers-${name}.png`, fullPage: true });
}

accountTest(
  "a manager creates a voucher offer; a shopper finds it and buys two",
  async ({ page, browser, account }) => {
    test.slow();
    const title = `Sunday spa treat ${Date.now().toString(36)}`;
    await signIn(page, e2eTeam.manager.email, e2ePassword);
    await openHydrated(page, `/vendor/${business().slug}/vouchers`);
    await expect(page.getByRole("heading", { level: 1, name: "Vouchers" })).toBeVisible();
    await page.getByRole("link", { name: "New offer" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New voucher offer" })).toBeVisible();

    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Value (₦)").fill("25,000");
    await page.getByLabel("Price (₦)").fill("25000");
    await page.getByLabel("Quantity on sale (optional)").fill("40");
    await page.getByLabel("Limit per shopper (optional)").fill("2");
    await page.getByLabel("Days valid after purchase").fill("60");
    await page
      .getByLabel("Fine print (optional)")
      .fill("Book a day ahead. Not on public holidays.");
    const picture = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#8e44ad" },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel("Add pictures")
      .setInputFiles({ name: "spa.jpg", mimeType: "image/jpeg", buffer: picture });
    await expect(page.getByRole("img", { name: `${title}, 1 of 1` })).toBeVisible();

    // The price isn't below the value: refused beside the field, the picture kept.
    await page.getByRole("button", { name: "Create offer" }).click();
    await expect(
      page.getByText("Price must be below the value (that is the saving)"),
    ).toBeVisible();
    await expect(page.getByLabel("Price (₦)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("img", { name: `${title}, 1 of 1` })).toBeVisible();
    await page.getByLabel("Price (₦)").fill("18,000");
    await page.getByRole("button", { name: "Create offer" }).click();
    await expect(page.getByText("Offer created.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const offerUrl = await page
      .getByRole("link", { name: "View as shoppers see it" })
      .getAttribute("href");
    expect(offerUrl).toMatch(/^\/vouchers\/vof_[0-9a-z]{16}$/);

    // A shopper (a new browser, signed out) finds it with a saving filter, then opens it.
    const shopper = await (await browser.newContext()).newPage();
    await openHydrated(shopper, "/vouchers?minSaving=25&sort=newest");
    const card = shopper.getByRole("article").filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByText("Save 28%")).toBeVisible();
    await expect(card.getByText("Valid 60 days after purchase")).toBeVisible();
    await card.getByRole("link", { name: title }).click();
    await expect(shopper).toHaveURL(offerUrl ?? "");
    await expect(shopper.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(shopper.getByText("₦18,000.00").first()).toBeVisible();
    await expect(shopper.getByText("40 left; at most 2 per person")).toBeVisible();
    await expect(shopper.getByText("Book a day ahead. Not on public holidays.")).toBeVisible();
    // The business's vouchers section lists it, and so does its storefront (a cached page: the
    // change reaches it within seconds).
    await openHydrated(shopper, `/${business().slug}/vouchers`);
    await expect(shopper.getByRole("article").filter({ hasText: title })).toBeVisible();
    await expect(async () => {
      await openHydrated(shopper, `/b/${business().slug}`);
      const vouchers = shopper.getByRole("region", { name: "Vouchers" });
      await expect(vouchers.getByRole("article").filter({ hasText: title })).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 10_000 });
    // Search finds it too, in its vouchers tab (the typed words, not the exact title).
    await openHydrated(
      shopper,
      `/search/${encodeURIComponent(`sunday spa ${title.split(" ").at(-1)}`)}`,
    );
    await shopper
      .getByRole("navigation", { name: "Result types" })
      .getByRole("link", { name: "Vouchers" })
      .click();
    await expect(shopper).toHaveURL(/[?&]tab=vouchers/);
    await expect(shopper.getByRole("article").filter({ hasText: title })).toBeVisible();
    // Above the 40 % filter it is not listed.
    await openHydrated(shopper, "/vouchers?minSaving=40");
    await expect(shopper.getByRole("article").filter({ hasText: title })).toHaveCount(0);

    await accountTest.step("the shopper buys two through the voucher cart", async () => {
      await openHydrated(shopper, offerUrl ?? "");
      await shopper.getByRole("button", { name: "Add to voucher cart" }).click();
      await expect(shopper.getByText(`${title} added to your voucher cart`)).toBeVisible();
      await shopper.getByRole("button", { name: "Buy now" }).click();
      await expect(shopper).toHaveURL("/vouchers/cart");
      const line = shopper.getByTestId("voucher-cart-line").filter({ hasText: title });
      await expect(line.getByRole("status", { name: `Quantity of ${title}` })).toHaveText("2");
      // A guest is asked to sign in, and comes back to the same cart.
      await shopper.getByRole("link", { name: "Sign in to pay" }).click();
      await expect(shopper).toHaveURL(/\/Login\?redirectTo=%2Fvouchers%2Fcart/);
      await submitSignIn(shopper, account.email, account.password);
      await expect(shopper).toHaveURL("/vouchers/cart");
      await shopper.getByLabel("Phone", { exact: true }).fill("0803 123 4567");
      await screenshot(shopper, "cart");
      await shopper.getByRole("button", { name: "Pay ₦36,000.00", exact: true }).click();
      await expectPopupAmount(shopper, "₦36,000.00");
      await payWithCard(shopper, paystackCards.success, "₦36,000.00");
      await expect(shopper).toHaveURL(/\/voucherpay\/chk_[0-9a-z]{16}$/);
      await expect(
        shopper.getByRole("heading", { level: 1, name: "Your vouchers are ready" }),
      ).toBeVisible();
    });

    const codes = await accountTest.step(
      "the codes show with their QR, in the account and the email",
      async () => {
        const orderNumber =
          (await shopper.getByTestId("voucher-order").locator(".font-mono").textContent()) ?? "";
        expect(orderNumber).toMatch(/^OJA-/);
        const tickets = shopper.getByRole("article", { name: /^Voucher / });
        await expect(tickets).toHaveCount(2);
        const found = (await tickets.evaluateAll((elements) =>
          elements.map(
            (element) => element.getAttribute("aria-label")?.replace("Voucher ", "") ?? "",
          ),
        )) as string[];
        for (const code of found) {
          expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{4}(-[2-9A-HJKMNP-TV-Z]{4}){3}$/);
          await expect(
            shopper.getByRole("img", { name: `QR code of voucher ${code}` }),
          ).toBeVisible();
        }
        expect(new Set(found).size).toBe(2);
        await screenshot(shopper, "paid");
        // Bought: the voucher cart is empty again.
        await openHydrated(shopper, "/vouchers/cart");
        await expect(
          shopper.getByRole("heading", { level: 1, name: "Your voucher cart is empty" }),
        ).toBeVisible();
        await openHydrated(shopper, "/profile/vouchers");
        for (const code of found) {
          await expect(shopper.getByRole("article", { name: `Voucher ${code}` })).toContainText(
            title,
          );
        }
        await screenshot(shopper, "profile");
        await openLatestEmail(shopper, account.email, `Your Oja vouchers: ${orderNumber}`);
        const text = shopper.getByRole("region", { name: "Plain text" });
        await expect(text).toContainText("We received ₦36,000.00.");
        for (const code of found) await expect(text).toContainText(`${code} · ${title} at `);
        return found;
      },
    );
    expect(codes).toHaveLength(2);

    const friendCode = await accountTest.step(
      "the shopper gifts one for a later day; the job sends it on that day; a friend claims it",
      async () => {
        await openHydrated(shopper, "/profile/vouchers");
        await shopper
          .getByRole("article", { name: `Voucher ${codes[1]}` })
          .getByRole("link", { name: /^Gift it to a friend/ })
          .click();
        await expect(
          shopper.getByRole("heading", { level: 1, name: "Gift a voucher" }),
        ).toBeVisible();
        await waitForHydration(shopper);
        await shopper.getByLabel("Your friend's name").fill("Bola Ade");
        await shopper.getByLabel("Their email").fill(friend.email);
        await shopper.getByLabel("A message (optional)").fill("Happy birthday, Bola!");
        // Three days ahead (Lagos), through the kit's date picker.
        const day = new Date(Date.now() + 60 * 60_000 + 3 * 24 * 60 * 60_000);
        const monthName = day.toLocaleString("en-GB", { month: "long", timeZone: "UTC" });
        const year = day.getUTCFullYear();
        // The calendar comes after the page (a lazy chunk): press until it answers.
        const picker = shopper.getByRole("dialog", { name: "The day it arrives" });
        await expect(async () => {
          await shopper.getByRole("button", { name: /^The day it arrives\b/ }).click();
          await expect(picker).toBeVisible({ timeout: 1_000 });
        }).toPass({ timeout: 10_000 });
        await picker.getByRole("button", { name: /^Choose year/ }).click();
        await picker
          .getByRole("group", { name: "Year" })
          .getByRole("button", { name: String(year) })
          .click();
        await picker.getByRole("button", { name: /^Choose month/ }).click();
        await picker
          .getByRole("group", { name: "Month" })
          .getByRole("button", { name: monthName })
          .click();
        await picker
          .getByRole("button", {
            name: new RegExp(`\\b${day.getUTCDate()} ${monthName} ${year}\\b`),
          })
          .click();
        await expect(picker).toBeHidden();
        await screenshot(shopper, "gift");
        await shopper.getByRole("button", { name: "Send the gift" }).click();
        await expect(
          shopper.getByText(
            "Your gift is scheduled. You can take it back until the day it is sent.",
          ),
        ).toBeVisible();
        const onItsWay = shopper.getByRole("article", { name: `Voucher: ${title}` });
        await expect(onItsWay).toContainText("A gift to Bola Ade: it arrives on");
        // The job's clock moves to that day (not the machine's): the email goes out.
        const deliverOn = day.toISOString().slice(0, 10);
        const ran = await shopper.request.post("/dev/jobs/voucher-gifts-send", {
          form: { at: `${deliverOn}T08:00:00Z` },
          headers: { origin: new URL(shopper.url()).origin },
        });
        expect(ran.status()).toBe(200);
        expect(await ran.json()).toMatchObject({ done: 1 });

        const friendPage = await (await browser.newContext()).newPage();
        await signIn(friendPage, friend.email, e2ePassword);
        await openLatestEmail(friendPage, friend.email, `Adaeze sent you a gift: ${title}`);
        await expect(friendPage.getByRole("region", { name: "Plain text" })).toContainText(
          '"Happy birthday, Bola!"',
        );
        const link = friendPage.getByRole("link", { name: /\/vouchergift\// }).first();
        await friendPage.goto((await link.getAttribute("href")) ?? "");
        await waitForHydration(friendPage);
        await expect(
          friendPage.getByRole("heading", { level: 1, name: "Adaeze sent Bola a gift" }),
        ).toBeVisible();
        await screenshot(friendPage, "gift-received");
        await friendPage.getByRole("button", { name: "Claim to my account" }).click();
        await expect(
          friendPage.getByText("The gift is yours: it is in your vouchers below."),
        ).toBeVisible();
        const claimed = friendPage
          .getByRole("region", { name: "Ready to use" })
          .getByRole("article");
        await expect(claimed.filter({ hasText: title })).toHaveCount(1);
        const label = (await claimed.filter({ hasText: title }).getAttribute("aria-label")) ?? "";
        await friendPage.context().close();
        // The giver now sees who has it, never its code.
        await openHydrated(shopper, "/profile/vouchers");
        await expect(shopper.getByRole("region", { name: "Gifts you sent" })).toContainText(
          `${title}: to Bola Ade, claimed by Adaeze.`,
        );
        return label.replace("Voucher ", "");
      },
    );

    await accountTest.step("staff redeem a code once; the same code again is refused", async () => {
      const staffContext = await browser.newContext();
      const [till, secondTill] = [await staffContext.newPage(), await staffContext.newPage()];
      await signIn(till, e2eTeam.staff.email, e2ePassword);
      const code = friendCode;
      // Two tills look the same code up (one typed in lower case with spaces)...
      for (const [tab, typed] of [
        [till, code],
        [secondTill, code.toLowerCase().replaceAll("-", " ")],
      ] as const) {
        await openHydrated(tab, `/vendor/${business().slug}/redeem`);
        await tab.getByLabel("Voucher or reward code").fill(typed);
        await tab.getByRole("button", { name: "Look up" }).click();
        const found = tab.getByTestId("voucher-at-till");
        await expect(found.getByRole("heading", { name: title })).toBeVisible();
        await expect(found).toContainText("Can be used today₦25,000.00");
      }
      await screenshot(till, "till");
      // ...the first redeems it whole...
      await till.getByRole("button", { name: "Redeem", exact: true }).click();
      await expect(till.getByText("Redeemed ₦25,000.00. Nothing is left on it.")).toBeVisible();
      // ...and the second press is refused, saying when it was used.
      await secondTill.getByRole("button", { name: "Redeem", exact: true }).click();
      await expect(
        secondTill.getByText(/^This voucher has been used up: the last ₦25,000\.00 was taken on /),
      ).toBeVisible();
      await staffContext.close();
      // The shopper's own voucher is still ready to use.
      await openHydrated(shopper, "/profile/vouchers");
      await expect(
        shopper
          .getByRole("region", { name: "Ready to use" })
          .getByRole("article", { name: `Voucher ${codes[0]}` }),
      ).toBeVisible();
    });

    await accountTest.step("a third is refused: two is one shopper's limit", async () => {
      await openHydrated(shopper, offerUrl ?? "");
      await shopper.getByRole("button", { name: "Buy now" }).click();
      await expect(
        shopper.getByText("You have bought as many of these as one shopper may."),
      ).toBeVisible();
      await expect(shopper.getByRole("button", { name: /^Pay/ })).toBeDisabled();
    });

    // Paused in the console: off the marketplace, and its page says so.
    await page.getByLabel("Status").selectOption("paused");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Saved. Vouchers already sold keep their terms.")).toBeVisible();
    await openHydrated(shopper, "/vouchers");
    await expect(shopper.getByRole("article").filter({ hasText: title })).toHaveCount(0);
    await openHydrated(shopper, offerUrl ?? "");
    await expect(
      shopper.getByText("This offer is paused: the business isn't selling it right now."),
    ).toBeVisible();
  },
);

test("staff don't see voucher offers in the console, and redeem vouchers", async ({ page }) => {
  await signIn(page, e2eTeam.staff.email, e2ePassword);
  await openHydrated(page, `/vendor/${business().slug}`);
  const consoleMenu = page.getByRole("navigation", { name: "Console" });
  await expect(consoleMenu.getByRole("link", { name: "Orders" })).toBeVisible();
  await expect(consoleMenu.getByRole("link", { name: "Vouchers", exact: true })).toHaveCount(0);
  // They redeem them, though.
  await expect(consoleMenu.getByRole("link", { name: "Redeem codes" })).toBeVisible();
});
