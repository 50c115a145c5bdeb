import { e2eFixtures, e2eSharedShoppers, e2eTeam } from "../support/e2e-fixtures.ts";
import {
  expect,
  expectPopupAmount,
  fillContactAndAddress,
  formatKobo,
  openHydrated,
  paystackCards,
  payWithCard,
  resourceStatus,
  test,
} from "./fixtures.ts";
import { setSaleTimes, shootPhone, signedInPhone } from "./journeys.ts";

/**
 * Flash sales in the browser (issue 22, decision 054). A manager schedules one from the console
 * (a price not below the 30-day low is refused under its field), its page counts down to the
 * start, and it can be called off. Two shoppers hold units of a sale that is on (the e2e data
 * made it: 3 units, one per shopper): one pays the sale price at checkout, the other lets the
 * hold go and the unit is back for everyone, then holds again and lets the hold lapse (a test
 * hook runs it out at once, as ten minutes would).
 *
 * The shoppers are prepared ones no other spec uses (30 and 20; 29 and 19 on the retry).
 */
const buyerFor = (retry: number) => e2eSharedShoppers.email(retry === 0 ? 30 : 29);
const otherFor = (retry: number) => e2eSharedShoppers.email(retry === 0 ? 20 : 19);

test("a manager schedules a flash sale, its page counts down to the start, and it can be called off", async ({
  browser,
  baseURL,
  allowConsoleError,
}) => {
  // The refused form answers 400.
  allowConsoleError(resourceStatus(400));
  const { business, flashSale } = e2eFixtures();
  const manager = await signedInPhone(browser, baseURL, e2eTeam.manager.email);
  await openHydrated(manager, `/vendor/${business.slug}/flash-sales`);
  await expect(manager.getByRole("heading", { level: 1, name: "Flash sales" })).toBeVisible();
  // The sale the e2e data made is on.
  const running = manager.getByRole("list", { name: "Flash sales" }).getByRole("listitem");
  await expect(running.filter({ hasText: flashSale.productName }).getByText("Live")).toBeVisible();

  // Any product but the one on sale already (a second sale of it at the same time is refused).
  const product = manager.getByLabel("Product", { exact: true });
  const options = await product.locator("option").evaluateAll((all) =>
    all.map((option) => ({
      value: (option as HTMLOptionElement).value,
      label: option.textContent ?? "",
    })),
  );
  // Not a product other tests keep for themselves.
  const { discountProduct, openingFlashProducts } = e2eFixtures();
  const kept = [flashSale.productName, discountProduct.name, ...openingFlashProducts];
  const chosen = options.find(
    (option) => option.value && !kept.some((name) => option.label.startsWith(`${name} ·`)),
  );
  if (!chosen) throw new Error("no other product to put on sale");
  await product.selectOption(chosen.value);
  const name = chosen.label.split(" · ")[0] ?? "";
  // A product with sizes asks which one is on sale.
  const size = manager.getByLabel("Size", { exact: true });
  if (await size.isVisible()) {
    const sizes = await size
      .locator("option")
      .evaluateAll((all) =>
        all.map((option) => (option as HTMLOptionElement).value).filter(Boolean),
      );
    await size.selectOption(sizes[0] ?? "");
  }
  await manager.getByLabel("Sale price (₦)").fill("9999999");
  await manager.getByLabel("Units", { exact: true }).fill("2");
  await manager.getByRole("button", { name: "Schedule the sale" }).click();
  await expect(
    manager.getByText(/^Below ₦[\d,]+\.\d{2}, the lowest price of the last 30 days$/),
  ).toBeVisible();
  await expect(manager.getByLabel("Sale price (₦)")).toHaveAttribute("aria-invalid", "true");

  await manager.getByLabel("Sale price (₦)").fill("100");
  await manager.getByRole("button", { name: "Schedule the sale" }).click();
  await expect(
    manager.getByText("Scheduled. Shoppers can open the sale's page now."),
  ).toBeVisible();
  const scheduled = running.filter({ hasText: name }).filter({ hasText: "Scheduled" });
  await expect(scheduled).toHaveCount(1);
  await shootPhone(manager, "flash-console");

  await scheduled.getByRole("link").click();
  await expect(manager.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(manager.getByRole("timer", { name: /^Starts in (\d\d:)?\d\d:\d\d$/ })).toBeVisible();
  await expect(manager.getByRole("button", { name: "Buy now" })).toHaveCount(0);
  await shootPhone(manager, "flash-scheduled");

  await manager.goBack();
  await scheduled.getByRole("button", { name: /^Call off/ }).click();
  await expect(
    manager.getByText("The sale is called off; its units are back in stock."),
  ).toBeVisible();
  await expect(running.filter({ hasText: name }).first().getByText("Called off")).toBeVisible();
  await manager.context().close();
});

test("a sale scheduled to start a minute later counts down on its page, then opens by itself", async ({
  browser,
  baseURL,
}, testInfo) => {
  // A minute's wait for the start, on a slow machine.
  test.setTimeout(240_000);
  const { business, openingFlashProducts } = e2eFixtures();
  // A product of its own per try: a retry can't schedule a second sale of one that is on.
  const name = openingFlashProducts[testInfo.retry] ?? "";
  const manager = await signedInPhone(browser, baseURL, e2eTeam.manager.email);
  await openHydrated(manager, `/vendor/${business.slug}/flash-sales`);
  const product = manager.getByLabel("Product", { exact: true });
  const value = await product
    .locator("option")
    .filter({ hasText: `${name} ·` })
    .getAttribute("value");
  await product.selectOption(value ?? "");
  await manager.getByLabel("Sale price (₦)").fill("9000");
  await manager.getByLabel("Units", { exact: true }).fill("2");
  // The next whole minute at least a minute away, for 5 minutes.
  const start = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000;
  await setSaleTimes(manager, new Date(start), new Date(start + 5 * 60_000));
  await manager.getByRole("button", { name: "Schedule the sale" }).click();
  await expect(
    manager.getByText("Scheduled. Shoppers can open the sale's page now."),
  ).toBeVisible();
  await manager
    .getByRole("list", { name: "Flash sales" })
    .getByRole("listitem")
    .filter({ hasText: name })
    .filter({ hasText: "Scheduled" })
    .getByRole("link")
    .click();
  await expect(manager.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(manager.getByRole("timer", { name: /^Starts in 0[01]:\d\d$/ })).toBeVisible();
  await expect(manager.getByRole("button", { name: "Buy now" })).toHaveCount(0);
  // At zero the page loads its data again: the sale is on, with its countdown to the end.
  await expect(manager.getByRole("button", { name: "Buy now" })).toBeVisible({
    timeout: start - Date.now() + 30_000,
  });
  await expect(manager.getByRole("timer", { name: /^Ends in 0[45]:\d\d$/ })).toBeVisible();
  await expect(manager.getByText("2 of 2 left")).toBeVisible();
  await manager.context().close();
});

test("two shoppers hold units: one pays the sale price, the other lets a hold go and another lapse, and the unit comes back", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const { business, flashSale } = e2eFixtures();
  const salePrice = formatKobo(flashSale.salePriceKobo);
  const buyer = await signedInPhone(browser, baseURL, buyerFor(testInfo.retry));
  const other = await signedInPhone(browser, baseURL, otherFor(testInfo.retry));
  const path = `/flash/${flashSale.id}`;
  const leftOn = async (page: typeof buyer) => {
    const text = (await page.getByText(/^\d+ of 3 left$/).textContent()) ?? "";
    return Number(text.split(" ")[0]);
  };

  // The business's Sales section lists the sale; its card opens the sale's page.
  await openHydrated(other, `/${business.slug}/sales`);
  await other
    .getByRole("list", { name: "Sales", exact: true })
    .getByRole("link", { name: flashSale.productName })
    .click();
  await expect(other).toHaveURL(path);
  await openHydrated(other, path);
  const before = await leftOn(other);

  await test.step("the buyer holds one: the hold counts down and the cart has it at the sale price", async () => {
    await openHydrated(buyer, path);
    await expect(buyer.getByRole("heading", { level: 1 })).toContainText(flashSale.productName);
    await expect(buyer.getByRole("timer", { name: /^Ends in / })).toBeVisible();
    await buyer.getByRole("button", { name: "Buy now" }).click();
    await expect(
      buyer.getByRole("heading", { name: "One is held for you, in your cart" }),
    ).toBeVisible();
    await expect(
      buyer.getByRole("timer", { name: /^Your hold runs out in (09|10):\d\d$/ }),
    ).toBeVisible();
    await shootPhone(buyer, "flash-held");
    await openHydrated(other, path);
    expect(await leftOn(other)).toBe(before - 1);
  });

  await test.step("the other shopper holds one, lets it go, and it is back for everyone", async () => {
    await other.getByRole("button", { name: "Buy now" }).click();
    await expect(
      other.getByRole("heading", { name: "One is held for you, in your cart" }),
    ).toBeVisible();
    expect(await leftOn(other)).toBe(before - 2);
    await other.getByRole("button", { name: "Let it go" }).click();
    await expect(other.getByRole("button", { name: "Buy now" })).toBeVisible();
    expect(await leftOn(other)).toBe(before - 1);
    await openHydrated(other, "/cart");
    await expect(other.getByText(flashSale.productName)).toHaveCount(0);
  });

  await test.step("the other shopper holds one again and lets the hold lapse: the unit comes back and the cart says so", async () => {
    await openHydrated(other, path);
    await other.getByRole("button", { name: "Buy now" }).click();
    await expect(
      other.getByRole("heading", { name: "One is held for you, in your cart" }),
    ).toBeVisible();
    expect(await leftOn(other)).toBe(before - 2);
    // Ten minutes in a moment: the test hook runs the hold out now, as the clock would.
    const lapsed = await other.request.post(`/dev/flash/${flashSale.id}/lapse`, {
      headers: { origin: new URL(other.url()).origin },
    });
    expect(await lapsed.json()).toEqual({ lapsed: 1 });
    await openHydrated(other, path);
    await expect(other.getByRole("button", { name: "Buy now" })).toBeVisible();
    expect(await leftOn(other)).toBe(before - 1);
    await openHydrated(other, "/cart");
    const ranOut = other.getByText(
      /^Your flash sale hold ran out: the usual price is ₦[\d,]+\.\d\d\.$/,
    );
    await expect(ranOut).toBeVisible();
    await shootPhone(other, "flash-lapsed-cart");
    await other.getByRole("button", { name: "Keep it at the usual price" }).click();
    await expect(ranOut).toHaveCount(0);
  });

  await test.step("the buyer pays the sale price at checkout", async () => {
    await openHydrated(buyer, "/checkout");
    const line = buyer.getByTestId("checkout-line");
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(`1 × ${salePrice}`);
    await fillContactAndAddress(buyer);
    const pickup = buyer
      .getByRole("region", { name: `Order from ${business.name}`, exact: true })
      .getByRole("radio", { name: /^Pickup/ });
    await pickup.check();
    await expect(buyer.getByTestId("checkout-total")).toHaveText(salePrice);
    await buyer.getByRole("button", { name: `Pay ${salePrice}`, exact: true }).click();
    await expectPopupAmount(buyer, salePrice);
    await payWithCard(buyer, paystackCards.success, salePrice);
    await expect(
      buyer.getByRole("heading", { level: 1, name: "Thank you: your payment went through" }),
    ).toBeVisible();
    await openHydrated(buyer, path);
    await expect(
      buyer.getByText("You bought 1 in this sale, the most one person can."),
    ).toBeVisible();
    expect(await leftOn(buyer)).toBe(before - 1);
  });
  await buyer.context().close();
  await other.context().close();
});

test("a flash sale on now is on the home page and above the results of a search for its product", async ({
  page,
}) => {
  const { flashSale } = e2eFixtures();
  const path = `/flash/${flashSale.id}`;
  await openHydrated(page, "/");
  const home = page.getByRole("region", { name: "Flash sales on now" });
  await expect(home.getByRole("link", { name: flashSale.productName })).toHaveAttribute(
    "href",
    path,
  );
  await expect(
    home.getByText(/instead of ₦[\d,]+\.\d\d · until .+ · \d+ of 3 left$/),
  ).toBeVisible();
  await shootPhone(page, "flash-home");

  const word = flashSale.productName.split(" ")[0] ?? "";
  await openHydrated(page, `/search/${encodeURIComponent(word.toLowerCase())}`);
  const found = page.getByRole("region", { name: "Flash sales on now" });
  await found.getByRole("link", { name: flashSale.productName }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(flashSale.productName);
});
