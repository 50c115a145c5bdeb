import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, openHydrated, test } from "./fixtures.ts";

/**
 * The multiselect of the UI kit (/dev/kit). The spec: "Multiselect dropdown: no limit by
 * default, infinite scroll step of 10 when no limit is set." Options come from
 * /dev/kit/options (every active business by name: the demo's 48, and one more once the vendor
 * journey's application is approved on the same server), 10 per request; without a limit reaching
 * the end of the list loads the next 10. The paging below holds for 41 to 50 businesses.
 */
const kit = "/dev/kit";
const step = 10;
const demoBusinesses = 48;

interface Option {
  value: string;
  label: string;
}

/** Every active business as the route lists them (by name, then id). */
async function allBusinesses(request: APIRequestContext): Promise<Option[]> {
  const response = await request.get("/dev/kit/options?limit=50");
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { options: Option[]; hasMore: boolean };
  expect(body.hasMore).toBe(false);
  expect(body.options.length).toBeGreaterThanOrEqual(demoBusinesses);
  expect(body.options.length).toBeLessThanOrEqual(50);
  return body.options;
}

/** Records the query of every request the page makes for options. */
function watchOptionRequests(page: Page) {
  const requests: Array<{ q: string; offset: number; limit: number }> = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname !== "/dev/kit/options") return;
    requests.push({
      q: url.searchParams.get("q") ?? "",
      offset: Number(url.searchParams.get("offset")),
      limit: Number(url.searchParams.get("limit")),
    });
  });
  return requests;
}

/** The kit's multiselect section (other sections have examples with the same titles). */
function kitSection(page: Page) {
  return page.getByRole("region", { name: "Multiselect", exact: true });
}

/** One state of the kit's multiselect: its section, combobox, listbox and options. */
function example(page: Page, title: string, label: string) {
  const region = kitSection(page).getByRole("region", { name: title, exact: true });
  const listbox = region.getByRole("listbox", { name: label, exact: true });
  return {
    region,
    combobox: region.getByRole("combobox", { name: label, exact: true }),
    listbox,
    options: listbox.getByRole("option"),
    chosen: (count: number) => region.getByText(`Chosen: ${count}`, { exact: true }),
    removeButtons: region.getByRole("button", { name: /^Remove / }),
  };
}

const noLimit = (page: Page) => example(page, "No limit", "Businesses");
const limitOf3 = (page: Page) => example(page, "Limit of 3", "Favourite businesses");
const failing = (page: Page) => example(page, "Failing loader", "Businesses on a bad connection");

/**
 * Opens the kit and waits until the multiselect section has hydrated: the page loads it on
 * demand, after the rest of the page.
 */
async function openKit(page: Page) {
  await openHydrated(page, kit);
  await expect(kitSection(page).locator("[data-ready]")).toBeVisible();
}

/**
 * Scrolls the open list to its end in one step (a mouse wheel's smooth scrolling may go on
 * past a page that arrives meanwhile, which makes the count of pages per scroll vary).
 */
async function scrollToEnd(listbox: Locator) {
  await listbox.evaluate((element) => {
    const popup = element.parentElement ?? element;
    popup.scrollTop = popup.scrollHeight;
  });
}

test.describe("the options route", () => {
  test("answers 10 businesses by name by default, and says there are more", async ({ request }) => {
    const all = await allBusinesses(request);
    const response = await request.get("/dev/kit/options?q=&offset=&limit=");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ options: all.slice(0, step), hasMore: true });
  });

  test("pages with offset and says when there is no more", async ({ request }) => {
    const all = await allBusinesses(request);
    const response = await request.get("/dev/kit/options?offset=40&limit=10");
    expect(await response.json()).toEqual({ options: all.slice(40), hasMore: false });
  });

  test("caps the limit at 50", async ({ request }) => {
    const all = await allBusinesses(request);
    const response = await request.get("/dev/kit/options?limit=5000");
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { options: Option[] };
    expect(body.options).toHaveLength(all.length);
  });

  test("matches the name case-insensitively", async ({ request }) => {
    const [first] = await allBusinesses(request);
    if (!first) throw new Error("No demo business");
    const word = first.label.split(" ")[0] ?? first.label;
    const response = await request.get(
      `/dev/kit/options?q=${encodeURIComponent(word.toUpperCase())}&limit=50`,
    );
    const body = (await response.json()) as { options: Option[] };
    expect(body.options.map((option) => option.value)).toContain(first.value);
    for (const option of body.options) {
      expect(option.label.toLowerCase()).toContain(word.toLowerCase());
    }
  });

  test("a percent sign in q matches only a percent sign", async ({ request }) => {
    const response = await request.get("/dev/kit/options?q=%25");
    expect(await response.json()).toEqual({ options: [], hasMore: false });
  });

  test("a negative offset answers 400 with a message for the field", async ({ request }) => {
    const response = await request.get("/dev/kit/options?offset=-1");
    expect(response.status()).toBe(400);
    const body = (await response.json()) as { message: string; fields: Record<string, string> };
    expect(body.fields.offset).toBe("must be 0 or more");
    expect(body.message).toContain("offset");
  });

  test("a limit that is not a number answers 400, not 500", async ({ request }) => {
    for (const query of ["limit=abc", "limit=0", "offset=1.5", "limit=-3"]) {
      const response = await request.get(`/dev/kit/options?${query}`);
      expect(response.status(), query).toBe(400);
      const body = (await response.json()) as { fields: Record<string, string> };
      expect(Object.keys(body.fields), query).toEqual([query.split("=")[0]]);
    }
  });
});

test.describe("the multiselect without a limit", () => {
  test("opening shows the first 10 businesses from one request", async ({ page, request }) => {
    const all = await allBusinesses(request);
    const requests = watchOptionRequests(page);
    await openKit(page);
    const field = noLimit(page);
    await expect(field.listbox).toBeHidden();
    await field.combobox.click();
    await expect(field.listbox).toBeVisible();
    await expect(field.options).toHaveText(all.slice(0, step).map((option) => option.label));
    expect(requests).toEqual([{ q: "", offset: 0, limit: step }]);
    await expect(field.combobox).toHaveAttribute("aria-expanded", "true");
  });

  test("scrolling to the end loads 10 more at a time until all are there", async ({
    page,
    request,
  }) => {
    const all = await allBusinesses(request);
    const requests = watchOptionRequests(page);
    await openKit(page);
    const field = noLimit(page);
    await field.combobox.click();
    await expect(field.options).toHaveCount(step);

    await scrollToEnd(field.listbox);
    await expect(field.options).toHaveCount(2 * step);
    expect(requests.map((r) => r.offset)).toEqual([0, step]);
    expect(requests.every((r) => r.limit === step)).toBe(true);

    for (const count of [30, 40, all.length]) {
      await scrollToEnd(field.listbox);
      await expect(field.options).toHaveCount(count);
    }
    await expect(field.options).toHaveText(all.map((option) => option.label));
    expect(requests.map((r) => r.offset)).toEqual([0, 10, 20, 30, 40]);
    // The server said there is no more: the end of the list asks for nothing.
    await scrollToEnd(field.listbox);
    await expect(field.region.getByText("Loading…")).toHaveCount(0);
    expect(requests).toHaveLength(5);
  });

  test("the mouse wheel at the end of the list loads the next pages in order", async ({ page }) => {
    const requests = watchOptionRequests(page);
    await openKit(page);
    const field = noLimit(page);
    await field.combobox.click();
    await expect(field.options).toHaveCount(step);
    await field.listbox.hover();
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => field.options.count()).toBeGreaterThanOrEqual(2 * step);
    // However many pages one long wheel turn reaches, each is asked for once, 10 after the last.
    const offsets = requests.map((r) => r.offset);
    expect(offsets).toEqual(offsets.map((_, i) => i * step));
  });

  test("typing filters the list with one request after a pause", async ({ page, request }) => {
    const all = await allBusinesses(request);
    // A word that a few businesses share (the demo's names are random but seeded).
    const words = [...new Set(all.flatMap((o) => o.label.toLowerCase().split(/\W+/)))];
    const matching = (word: string) => all.filter((o) => o.label.toLowerCase().includes(word));
    const word = words.find(
      (w) => w.length >= 4 && matching(w).length >= 2 && matching(w).length < step,
    );
    if (!word) throw new Error("No word shared by a few demo businesses");

    const requests = watchOptionRequests(page);
    await openKit(page);
    const field = noLimit(page);
    await field.combobox.click();
    await expect(field.options).toHaveCount(step);
    await field.combobox.pressSequentially(word.toUpperCase());
    await expect(field.options).toHaveText(matching(word).map((option) => option.label));
    const typed = requests.filter((r) => r.q !== "");
    expect(typed.at(-1)).toEqual({ q: word.toUpperCase(), offset: 0, limit: step });
    expect(typed.length).toBeLessThan(word.length);

    await field.combobox.fill("zzzz-no-such-business");
    await expect(field.region.getByText("No matches", { exact: true })).toBeVisible();
    await expect(field.options).toHaveCount(0);
  });

  test("choosing an option adds a chip and keeps the list open", async ({ page }) => {
    await openKit(page);
    const field = noLimit(page);
    await field.combobox.click();
    const first = field.options.first();
    const label = (await first.textContent())?.trim() ?? "";
    await first.click();
    await expect(field.region.getByRole("button", { name: `Remove ${label}` })).toBeVisible();
    await expect(field.chosen(1)).toBeVisible();
    await expect(field.listbox).toBeVisible();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(field.combobox).toBeFocused();

    // Choosing it again unchooses it.
    await first.click();
    await expect(field.removeButtons).toHaveCount(0);
    await expect(field.chosen(0)).toBeVisible();
    await expect(first).toHaveAttribute("aria-selected", "false");
  });

  test("there is no limit: 12 businesses can be chosen", async ({ page }) => {
    await openKit(page);
    const field = noLimit(page);
    await field.combobox.click();
    await expect(field.options).toHaveCount(step);
    for (let i = 0; i < step; i++) await field.options.nth(i).click();
    // Clicking the last options scrolls them into view, which may already load the next page.
    await scrollToEnd(field.listbox);
    await expect.poll(() => field.options.count()).toBeGreaterThanOrEqual(2 * step);
    await field.options.nth(10).click();
    await field.options.nth(11).click();
    await expect(field.chosen(12)).toBeVisible();
    await expect(field.removeButtons).toHaveCount(12);
    await expect(field.listbox.locator('[aria-disabled="true"]')).toHaveCount(0);
    await expect(field.region.getByText(/You can choose up to/)).toHaveCount(0);
  });

  test("the hidden inputs carry the chosen values and a plain form posts them", async ({
    page,
    request,
  }) => {
    const all = await allBusinesses(request);
    await openKit(page);
    const field = noLimit(page);
    await field.combobox.click();
    await field.options.nth(2).click();
    await field.options.nth(0).click();
    const expected = [all[2]?.value, all[0]?.value];
    const hidden = field.region.locator('input[type="hidden"][name="businesses"]');
    await expect(hidden).toHaveCount(2);
    expect(
      await hidden.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(expected);
    await page.keyboard.press("Escape");
    await field.region.getByRole("button", { name: "Submit" }).click();
    await expect(field.region.getByText(`Submitted 2: ${expected.join(", ")}`)).toBeVisible();
  });
});

test.describe("removing chips", () => {
  test("a chip's button removes it and the focus goes back to the input", async ({ page }) => {
    await openKit(page);
    const field = noLimit(page);
    await field.combobox.click();
    await expect(field.options).toHaveCount(step);
    const labels = (await field.options.allTextContents()).slice(0, 3).map((t) => t.trim());
    for (let i = 0; i < 3; i++) await field.options.nth(i).click();
    await page.keyboard.press("Escape");
    await expect(field.listbox).toBeHidden();

    await field.region.getByRole("button", { name: `Remove ${labels[1]}` }).click();
    await expect(field.chosen(2)).toBeVisible();
    await expect(field.region.getByRole("button", { name: `Remove ${labels[1]}` })).toHaveCount(0);
    await expect(field.removeButtons).toHaveCount(2);
    await expect(field.combobox).toBeFocused();
  });

  test("Backspace in the empty input removes the last chip, and not while text is typed", async ({
    page,
  }) => {
    await openKit(page);
    const field = noLimit(page);
    await field.combobox.click();
    await expect(field.options).toHaveCount(step);
    const labels = (await field.options.allTextContents()).slice(0, 2).map((t) => t.trim());
    await field.options.nth(0).click();
    await field.options.nth(1).click();
    await expect(field.chosen(2)).toBeVisible();

    await field.combobox.press("x");
    await field.combobox.press("Backspace");
    await expect(field.combobox).toHaveValue("");
    await expect(field.chosen(2)).toBeVisible();

    await field.combobox.press("Backspace");
    await expect(field.chosen(1)).toBeVisible();
    await expect(field.region.getByRole("button", { name: `Remove ${labels[1]}` })).toHaveCount(0);
    await expect(field.region.getByRole("button", { name: `Remove ${labels[0]}` })).toBeVisible();
    await expect(field.combobox).toBeFocused();
  });
});

test("the multiselect works with the keyboard alone", async ({ page }) => {
  const requests = watchOptionRequests(page);
  await openKit(page);
  const field = noLimit(page);
  // Start the Tab order at the example's heading, as if tabbing through the page.
  await field.region.getByRole("heading", { name: "No limit" }).click();
  await page.keyboard.press("Tab");
  await expect(field.combobox).toBeFocused();

  await page.keyboard.press("ArrowDown");
  await expect(field.listbox).toBeVisible();
  await expect(field.options).toHaveCount(step);
  await page.keyboard.press("ArrowDown");
  const first = field.options.nth(0);
  await expect(field.combobox).toHaveAttribute(
    "aria-activedescendant",
    (await first.getAttribute("id")) ?? "",
  );
  await page.keyboard.press("Enter");
  await expect(field.chosen(1)).toBeVisible();
  await expect(field.listbox).toBeVisible();

  // Arrowing onto the last option loads the next 10.
  for (let i = 1; i < step; i++) await page.keyboard.press("ArrowDown");
  await expect(field.options).toHaveCount(2 * step);
  expect(requests.map((r) => r.offset)).toEqual([0, step]);
  await page.keyboard.press("ArrowDown");
  const eleventh = field.options.nth(step);
  await expect(field.combobox).toHaveAttribute(
    "aria-activedescendant",
    (await eleventh.getAttribute("id")) ?? "",
  );
  const eleventhLabel = ((await eleventh.textContent()) ?? "").trim();
  await page.keyboard.press("Enter");
  await expect(field.chosen(2)).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(field.listbox).toBeHidden();
  await expect(field.combobox).toBeFocused();

  // Tab leaves the field for the form's button; Shift+Tab comes back.
  await page.keyboard.press("Tab");
  await expect(field.region.getByRole("button", { name: "Submit" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(field.combobox).toBeFocused();

  // ArrowLeft reaches the last chip; Delete removes it and the focus stays with the chips.
  await page.keyboard.press("ArrowLeft");
  await expect(field.region.getByRole("button", { name: `Remove ${eleventhLabel}` })).toBeFocused();
  await page.keyboard.press("Delete");
  await expect(field.chosen(1)).toBeVisible();
  await expect(field.removeButtons.first()).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(field.combobox).toBeFocused();
});

test.describe("the multiselect with a limit of 3", () => {
  test("after 3 choices the other options are disabled and the list says so", async ({ page }) => {
    await openKit(page);
    const field = limitOf3(page);
    await expect(field.region.getByText("Choose up to 3.")).toBeVisible();
    await field.combobox.click();
    await expect(field.options).toHaveCount(step);
    for (let i = 0; i < 3; i++) await field.options.nth(i).click();
    await expect(field.chosen(3)).toBeVisible();
    await expect(field.region.getByText("You can choose up to 3", { exact: true })).toBeVisible();
    await expect(field.listbox.locator('[aria-disabled="true"]')).toHaveCount(step - 3);
    await expect(field.options.nth(3)).toHaveAttribute("aria-disabled", "true");

    // A disabled option cannot be chosen; a chosen one can still be unchosen.
    await field.options.nth(5).click({ force: true });
    await expect(field.chosen(3)).toBeVisible();
    await field.options.nth(0).click();
    await expect(field.chosen(2)).toBeVisible();
    await expect(field.region.getByText("You can choose up to 3", { exact: true })).toBeHidden();
    await expect(field.listbox.locator('[aria-disabled="true"]')).toHaveCount(0);
  });

  test("with a limit the list loads one page of 10 and does not scroll on", async ({ page }) => {
    const requests = watchOptionRequests(page);
    await openKit(page);
    const field = limitOf3(page);
    await field.combobox.click();
    await expect(field.options).toHaveCount(step);
    await scrollToEnd(field.listbox);
    await field.combobox.press("End");
    await expect(field.region.getByText("Type to find more")).toBeVisible();
    await expect(field.options).toHaveCount(step);
    expect(requests).toEqual([{ q: "", offset: 0, limit: step }]);
  });
});

test.describe("the other states", () => {
  test("preselected options show as chips from the server's HTML on", async ({ page }) => {
    await openKit(page);
    const region = kitSection(page).getByRole("region", { name: "Preselected", exact: true });
    for (const city of ["Lagos", "Abuja", "Port Harcourt"]) {
      await expect(region.getByRole("button", { name: `Remove ${city}` })).toBeVisible();
    }
    await expect(region.getByText("Chosen: 3", { exact: true })).toBeVisible();
    await region.getByRole("button", { name: "Remove Abuja" }).click();
    await expect(region.getByText("Chosen: 2", { exact: true })).toBeVisible();
    await expect(region.locator('input[type="hidden"][name="cities"]')).toHaveCount(2);
  });

  test("an error message describes the field and marks it invalid", async ({ page }) => {
    await openKit(page);
    const field = example(page, "With an error", "Categories");
    await expect(field.combobox).toHaveAccessibleDescription("Choose at least one category.");
    await expect(field.combobox).toHaveAttribute("aria-invalid", "true");
    await field.combobox.click();
    await field.options.first().click();
    await expect(field.combobox).not.toHaveAttribute("aria-invalid", "true");
    await expect(field.region.getByText("Choose at least one category.")).toHaveCount(0);
  });

  test("a disabled multiselect can neither open nor lose its chips", async ({ page }) => {
    await openKit(page);
    const field = example(page, "Disabled", "Pickup cities");
    await expect(field.combobox).toBeDisabled();
    await expect(field.region.getByRole("button", { name: "Remove Ibadan" })).toBeDisabled();
    await expect(field.listbox).toBeHidden();
  });

  test("a failing loader shows the error, and Retry loads the options", async ({ page }) => {
    await openKit(page);
    const field = failing(page);
    await field.combobox.click();
    await expect(field.region.getByRole("alert")).toHaveText("Could not load the options.");
    await expect(field.options).toHaveCount(0);
    await field.region.getByRole("button", { name: "Retry" }).click();
    await expect(field.options).toHaveCount(step);
    await expect(field.region.getByRole("alert")).toHaveCount(0);
    await expect(field.listbox).toBeVisible();

    // The next page fails too, and Retry gets it without losing the first.
    await scrollToEnd(field.listbox);
    await expect(field.region.getByRole("alert")).toBeVisible();
    await expect(field.options).toHaveCount(step);
    await field.region.getByRole("button", { name: "Retry" }).click();
    await expect(field.options).toHaveCount(2 * step);
  });
});

test("on a 390 px phone the open multiselect with chips fits the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openKit(page);
  const field = noLimit(page);
  await field.combobox.click();
  for (let i = 0; i < 4; i++) await field.options.nth(i).click();
  await expect(field.chosen(4)).toBeVisible();
  const popup = await field.listbox.evaluate((element) => {
    const box = (element.parentElement ?? element).getBoundingClientRect();
    return { left: box.left, right: box.right };
  });
  expect(popup.left).toBeGreaterThanOrEqual(0);
  expect(popup.right).toBeLessThanOrEqual(390);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(390);
});
