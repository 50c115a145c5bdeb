import type { Locator, Page } from "@playwright/test";
import { createAccount, expect, newAccountDetails, openHydrated, test } from "./fixtures.ts";

/**
 * The business directory journey: filter /b by category and city, open a business's profile,
 * follow it, find it on /b/ff, favourite it, and unfollow it. Every run makes its own account.
 */

/** Chooses the first option of a "Name (count)" select whose count is above zero. */
async function chooseCounted(select: Locator): Promise<string> {
  const options = await select.locator("option").evaluateAll((elements) =>
    elements.map((element) => ({
      value: (element as HTMLOptionElement).value,
      label: (element.textContent ?? "").trim(),
    })),
  );
  const chosen = options.find(
    (option) => option.value && Number(/\((\d+)\)$/.exec(option.label)?.[1] ?? 0) > 0,
  );
  if (!chosen) throw new Error(`No option with businesses in ${JSON.stringify(options)}`);
  await select.selectOption(chosen.value);
  return chosen.label.replace(/\s*\(\d+\)$/, "");
}

async function filterByCategoryAndCity(page: Page) {
  await openHydrated(page, "/b");
  const filters = page.getByRole("form", { name: "Filter businesses" });
  const category = await chooseCounted(filters.getByLabel("Category"));
  await filters.getByRole("button", { name: "Show businesses" }).click();
  await expect(page).toHaveURL(/[?&]category=/);
  const city = await chooseCounted(filters.getByLabel("City"));
  await filters.getByRole("button", { name: "Show businesses" }).click();
  await expect(page).toHaveURL(/[?&]city=/);
  return { category, city };
}

test("a shopper filters businesses, opens one, follows and favourites it, then unfollows", async ({
  page,
}) => {
  // A whole journey with a new account: more than one page's worth of time.
  test.slow();
  const { category, city } = await filterByCategoryAndCity(page);
  // The address changes a moment before React shows the new list: wait for the city's chip,
  // which only the filtered page has, before reading the results.
  const filtersInUse = page.getByRole("list", { name: "Filters in use" });
  await expect(filtersInUse.getByRole("link", { name: new RegExp(`^${city}`) })).toBeVisible();
  const results = page.getByRole("region", { name: "Results" }).getByRole("listitem");
  await expect(results.first()).toBeVisible();
  for (const text of await results.allInnerTexts()) {
    expect(text).toContain(`${category} · ${city}`);
  }

  const first = results.first().getByRole("link").first();
  const href = (await first.getAttribute("href")) ?? "";
  const slug = href.replace(/^\//, "");
  const name = (await first.locator("span span").first().innerText()).trim();

  await createAccount(page, newAccountDetails("directory"));
  await openHydrated(page, `/business/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // Said twice: beside the name and above the week's hours.
  await expect(page.getByText(/^(Open now · closes|Closed · )/).first()).toBeVisible();
  const map = page.getByRole("link", { name: /Open in a map/ });
  await expect(map).toHaveAttribute("target", "_blank");
  await expect(map).toHaveAttribute("href", /^https:\/\/www\.openstreetmap\.org\/search\?query=/);
  // Said twice too: beside the name (a link to the reviews) and in the reviews part.
  await expect(page.getByRole("link", { name: "No reviews yet" })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Reviews" }).getByText("No reviews yet"),
  ).toBeVisible();

  // The button shows "Following" at once; the follow is saved when the post is answered.
  const saved = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().includes("/b/ff"),
  );
  await page.getByRole("button", { name: `Follow ${name}`, exact: true }).click();
  await expect(page.getByRole("button", { name: new RegExp(`^Following ${name}`) })).toBeVisible();
  expect((await saved).ok()).toBe(true);

  await openHydrated(page, "/b/ff");
  const following = page.getByRole("region", { name: "Following" });
  await expect(following.getByText(name, { exact: true })).toBeVisible();

  const heart = following.getByRole("button", { name: `Favourite ${name}` });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  const favourited = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().includes("/b/ff"),
  );
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  expect((await favourited).ok()).toBe(true);
  await page.reload();
  await expect(following.getByRole("button", { name: `Favourite ${name}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await following.getByRole("button", { name: new RegExp(`^Following ${name}`) }).click();
  await expect(following.getByText(name, { exact: true })).toHaveCount(0);
  await expect(page.getByText("You don't follow any business yet")).toBeVisible();
});

test("a guest on For you is asked to sign in, and the link brings them back", async ({ page }) => {
  await openHydrated(page, "/b/ff");
  await expect(page.getByRole("heading", { level: 1, name: "For you" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    "/Login?redirectTo=/b/ff",
  );
});
