import type { Locator, Page } from "@playwright/test";
import { expect, expectNoHorizontalOverflow, openHydrated, test } from "./fixtures.ts";

/**
 * The date picker on the kit page (/dev/kit), spec: "the menu opens and closes. It closes on
 * outside click, Escape, scroll if configured, selecting a date in auto-apply mode, or clearing
 * if configured. Month, year and time overlays toggle." and "An invalid selection on confirm
 * raises an invalid-select event and is not committed."
 *
 * Each demo is a region named by its title holding the field, "Committed: …" (ISO) and
 * "Invalid selections: N". The menu is a dialog named after the field's label. Tests reach a
 * fixed month through the year and month overlays, so they never depend on today's date.
 */

async function openKit(page: Page) {
  await openHydrated(page, "/dev/kit");
  const kit = page.getByRole("region", { name: "Date picker" });
  // The section may hydrate after the page (the kit can load it lazily); clicks before that
  // would be lost.
  await expect(kit.locator("[data-hydrated]")).toBeAttached();
  return kit;
}

function demo(kit: Locator, title: string) {
  return kit.getByRole("region", { name: title });
}

function trigger(scope: Locator, label: string) {
  return scope.getByRole("button", { name: new RegExp(`^${label}\\b`) });
}

function menu(page: Page, label: string) {
  return page.getByRole("dialog", { name: label });
}

function committed(region: Locator) {
  return region.getByText(/^Committed:/);
}

function invalidCount(region: Locator) {
  return region.getByText(/^Invalid selections:/);
}

/** A day button of the open menu by its date, e.g. "15 March 2027". */
function dayButton(dialog: Locator, date: string) {
  return dialog.getByRole("button", { name: new RegExp(`\\b${date}\\b`) });
}

/** Moves the open menu to a month through the year and month overlays. */
async function showMonth(dialog: Locator, month: string, year: number) {
  await dialog.getByRole("button", { name: /^Choose year/ }).click();
  await dialog
    .getByRole("group", { name: "Year" })
    .getByRole("button", { name: String(year) })
    .click();
  await dialog.getByRole("button", { name: /^Choose month/ }).click();
  await dialog.getByRole("group", { name: "Month" }).getByRole("button", { name: month }).click();
  await expect(dialog.getByRole("grid", { name: `${month} ${year}` })).toBeVisible();
}

/** Resolves after the browser has handled pending events and painted twice. */
async function settle(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

test.describe("opening and closing", () => {
  test("the field opens its menu by click and closes it by a second click", async ({ page }) => {
    const kit = await openKit(page);
    const field = trigger(demo(kit, "Single date, Apply and Clear"), "Appointment date");
    await expect(field).toHaveAccessibleName("Appointment date Choose a date");
    await expect(field).toHaveAttribute("aria-expanded", "false");
    await field.click();
    const dialog = menu(page, "Appointment date");
    await expect(dialog).toBeVisible();
    await expect(field).toHaveAttribute("aria-expanded", "true");
    await expect(dialog.getByRole("grid")).toBeVisible();
    await field.click();
    await expect(dialog).toBeHidden();
  });

  test("an outside click closes the menu without committing", async ({ page }) => {
    const kit = await openKit(page);
    const region = demo(kit, "Single date, Apply and Clear");
    await trigger(region, "Appointment date").click();
    const dialog = menu(page, "Appointment date");
    await showMonth(dialog, "March", 2027);
    await dayButton(dialog, "15 March 2027").click();
    await page.getByRole("heading", { name: "UI kit" }).click();
    await expect(dialog).toBeHidden();
    await expect(committed(region)).toHaveText("Committed: none");
  });

  test("Escape closes the menu and puts the focus back on the field", async ({ page }) => {
    const kit = await openKit(page);
    const field = trigger(demo(kit, "Single date, Apply and Clear"), "Appointment date");
    await field.click();
    const dialog = menu(page, "Appointment date");
    await expect(dialog.getByRole("grid")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(field).toBeFocused();
  });

  test("scrolling the page closes the menu only when closeOnScroll is set", async ({ page }) => {
    const kit = await openKit(page);

    const staying = trigger(demo(kit, "Single date, Apply and Clear"), "Appointment date");
    await staying.click();
    const stayingMenu = menu(page, "Appointment date");
    await expect(stayingMenu).toBeVisible();
    const before = await page.evaluate(() => window.scrollY);
    await page.evaluate(() => window.scrollBy(0, 120));
    await expect.poll(() => page.evaluate(() => window.scrollY)).not.toBe(before);
    await settle(page);
    await expect(stayingMenu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(stayingMenu).toBeHidden();

    const closing = trigger(demo(kit, "Closes on scroll"), "Event date");
    await closing.scrollIntoViewIfNeeded();
    await closing.click();
    const closingMenu = menu(page, "Event date");
    await expect(closingMenu).toBeVisible();
    await page.evaluate(() => window.scrollBy(0, -120));
    await expect(closingMenu).toBeHidden();
  });

  test("scrolling the year list inside the menu does not close a closeOnScroll menu", async ({
    page,
  }) => {
    const kit = await openKit(page);
    await trigger(demo(kit, "Closes on scroll"), "Event date").click();
    const dialog = menu(page, "Event date");
    await dialog.getByRole("button", { name: /^Choose year/ }).click();
    const years = dialog.getByRole("group", { name: "Year" });
    await expect(years).toBeVisible();
    await years.evaluate((element) => element.scrollBy(0, 400));
    await settle(page);
    await expect(dialog).toBeVisible();
  });

  test("in auto-apply mode a pick commits and closes the menu", async ({ page }) => {
    const kit = await openKit(page);
    const region = demo(kit, "Single date, auto-apply");
    const field = trigger(region, "Delivery date");
    await field.click();
    const dialog = menu(page, "Delivery date");
    await expect(dialog.getByRole("button", { name: "Apply" })).toHaveCount(0);
    await showMonth(dialog, "March", 2027);
    await dayButton(dialog, "15 March 2027").click();
    await expect(dialog).toBeHidden();
    await expect(committed(region)).toHaveText("Committed: 2027-03-15");
    await expect(field).toHaveAccessibleName("Delivery date 15 Mar 2027");
    await expect(field).toBeFocused();
  });

  test("Clear commits no value and closes the menu by default", async ({ page }) => {
    const kit = await openKit(page);
    const region = demo(kit, "Single date, Apply and Clear");
    const field = trigger(region, "Appointment date");
    await field.click();
    const dialog = menu(page, "Appointment date");
    await showMonth(dialog, "March", 2027);
    await dayButton(dialog, "15 March 2027").click();
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(committed(region)).toHaveText("Committed: 2027-03-15");

    await field.click();
    await dialog.getByRole("button", { name: "Clear" }).click();
    await expect(dialog).toBeHidden();
    await expect(committed(region)).toHaveText("Committed: none");
    await expect(field).toHaveAccessibleName("Appointment date Choose a date");
  });

  test("Clear keeps the menu open when closeOnClear is off", async ({ page }) => {
    const kit = await openKit(page);
    const region = demo(kit, "Range, partial ranges allowed");
    await trigger(region, "Stay dates").click();
    const dialog = menu(page, "Stay dates");
    await showMonth(dialog, "March", 2027);
    await dayButton(dialog, "10 March 2027").click();
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(committed(region)).toHaveText("Committed: 2027-03-10/..");

    await trigger(region, "Stay dates").click();
    await dialog.getByRole("button", { name: "Clear" }).click();
    await expect(committed(region)).toHaveText("Committed: none");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("No dates chosen")).toBeVisible();
  });
});

test.describe("overlays", () => {
  test("the month overlay toggles a grid of months in place of the days", async ({ page }) => {
    const kit = await openKit(page);
    await trigger(demo(kit, "Single date, Apply and Clear"), "Appointment date").click();
    const dialog = menu(page, "Appointment date");
    const toggle = dialog.getByRole("button", { name: /^Choose month/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const months = dialog.getByRole("group", { name: "Month" });
    await expect(months.getByRole("button")).toHaveCount(12);
    await expect(dialog.getByRole("grid")).toHaveCount(0);
    await toggle.click();
    await expect(months).toHaveCount(0);
    await expect(dialog.getByRole("grid")).toBeVisible();

    await toggle.click();
    await months.getByRole("button", { name: "July" }).click();
    await expect(dialog.getByRole("grid", { name: /^July \d{4}$/ })).toBeVisible();
    await expect(toggle).toHaveAccessibleName("Choose month, July");
    await expect(toggle).toBeFocused();
  });

  test("the year overlay lists 1900 to 2100 and toggles in place of the days", async ({ page }) => {
    const kit = await openKit(page);
    await trigger(demo(kit, "Single date, Apply and Clear"), "Appointment date").click();
    const dialog = menu(page, "Appointment date");
    const toggle = dialog.getByRole("button", { name: /^Choose year/ });
    await toggle.click();
    const years = dialog.getByRole("group", { name: "Year" }).getByRole("button");
    await expect(years).toHaveCount(201);
    await expect(years.first()).toHaveText("1900");
    await expect(years.last()).toHaveText("2100");
    await expect(dialog.getByRole("grid")).toHaveCount(0);
    await toggle.click();
    await expect(dialog.getByRole("grid")).toBeVisible();

    await toggle.click();
    await dialog.getByRole("group", { name: "Year" }).getByRole("button", { name: "1999" }).click();
    await expect(dialog.getByRole("grid", { name: /1999$/ })).toBeVisible();
    await expect(toggle).toHaveAccessibleName("Choose year, 1999");
  });

  test("the time overlay toggles hour and minute lists and sets the committed time", async ({
    page,
  }) => {
    const kit = await openKit(page);
    const region = demo(kit, "Date and time");
    const field = trigger(region, "Pickup time");
    await field.click();
    const dialog = menu(page, "Pickup time");
    await showMonth(dialog, "March", 2027);
    await dayButton(dialog, "15 March 2027").click();

    const toggle = dialog.getByRole("button", { name: /^Choose time/ });
    await expect(toggle).toHaveAccessibleName("Choose time, 09:00");
    await toggle.click();
    const hours = dialog.getByRole("group", { name: "Hour" });
    const minutes = dialog.getByRole("group", { name: "Minute" });
    await expect(hours.getByRole("button")).toHaveCount(24);
    await expect(minutes.getByRole("button")).toHaveText(["00", "15", "30", "45"]);
    await expect(dialog.getByRole("grid")).toHaveCount(0);
    await hours.getByRole("button", { name: "14" }).click();
    await minutes.getByRole("button", { name: "30" }).click();
    await expect(toggle).toHaveAccessibleName("Choose time, 14:30");
    await toggle.click();
    await expect(hours).toHaveCount(0);
    await expect(dialog.getByRole("grid")).toBeVisible();

    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog).toBeHidden();
    await expect(committed(region)).toHaveText("Committed: 2027-03-15T14:30");
    await expect(field).toHaveAccessibleName("Pickup time 15 Mar 2027, 14:30");
  });
});

test.describe("validation", () => {
  test("confirming an empty selection raises the invalid-select event and commits nothing", async ({
    page,
  }) => {
    const kit = await openKit(page);
    const region = demo(kit, "Single date, Apply and Clear");
    await trigger(region, "Appointment date").click();
    const dialog = menu(page, "Appointment date");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Choose a date");
    await expect(dialog).toBeVisible();
    await expect(invalidCount(region)).toHaveText("Invalid selections: 1");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(invalidCount(region)).toHaveText("Invalid selections: 2");
    await expect(committed(region)).toHaveText("Committed: none");
  });

  test("a valid pick then Apply commits the date and fills the form value", async ({ page }) => {
    const kit = await openKit(page);
    const region = demo(kit, "Single date, Apply and Clear");
    const field = trigger(region, "Appointment date");
    await field.click();
    const dialog = menu(page, "Appointment date");
    await showMonth(dialog, "November", 2026);
    await dayButton(dialog, "22 November 2026").click();
    await expect(committed(region)).toHaveText("Committed: none");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog).toBeHidden();
    await expect(committed(region)).toHaveText("Committed: 2026-11-22");
    await expect(invalidCount(region)).toHaveText("Invalid selections: 0");
    await expect(field).toHaveAccessibleName("Appointment date 22 Nov 2026");
    await expect(page.locator('input[type="hidden"][name="appointment"]')).toHaveValue(
      "2026-11-22",
    );
  });

  test("a range with start and end commits", async ({ page }) => {
    const kit = await openKit(page);
    const region = demo(kit, "Range, start and end required");
    const field = trigger(region, "Booking period");
    await field.click();
    const dialog = menu(page, "Booking period");
    await showMonth(dialog, "March", 2027);
    await dayButton(dialog, "10 March 2027").click();
    await dayButton(dialog, "14 March 2027").click();
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog).toBeHidden();
    await expect(committed(region)).toHaveText("Committed: 2027-03-10/2027-03-14");
    await expect(field).toHaveAccessibleName("Booking period 10 Mar – 14 Mar 2027");
    await expect(invalidCount(region)).toHaveText("Invalid selections: 0");
  });

  test("a start date alone is refused when partial ranges are not allowed", async ({ page }) => {
    const kit = await openKit(page);
    const region = demo(kit, "Range, start and end required");
    await trigger(region, "Booking period").click();
    const dialog = menu(page, "Booking period");
    await showMonth(dialog, "March", 2027);
    await dayButton(dialog, "10 March 2027").click();
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Choose an end date");
    await expect(dialog).toBeVisible();
    await expect(invalidCount(region)).toHaveText("Invalid selections: 1");
    await expect(committed(region)).toHaveText("Committed: none");
  });

  test("a start date alone commits when partial ranges are allowed", async ({ page }) => {
    const kit = await openKit(page);
    const region = demo(kit, "Range, partial ranges allowed");
    const field = trigger(region, "Stay dates");
    await field.click();
    const dialog = menu(page, "Stay dates");
    await showMonth(dialog, "March", 2027);
    await dayButton(dialog, "10 March 2027").click();
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog).toBeHidden();
    await expect(committed(region)).toHaveText("Committed: 2027-03-10/..");
    await expect(field).toHaveAccessibleName("Stay dates From 10 Mar 2027");
    await expect(invalidCount(region)).toHaveText("Invalid selections: 0");
  });

  test("disabled dates and dates outside the allowed list cannot be picked", async ({ page }) => {
    const kit = await openKit(page);
    await trigger(demo(kit, "Disabled and allowed dates"), "Spa day").click();
    const dialog = menu(page, "Spa day");
    await expect(dialog.getByRole("grid", { name: "December 2026" })).toBeVisible();
    await expect(dayButton(dialog, "7 December 2026")).toBeEnabled();
    await expect(
      dayButton(dialog, "6 December 2026"),
      "a Sunday in the allowed list",
    ).toBeDisabled();
    await expect(dayButton(dialog, "21 December 2026"), "outside the allowed list").toBeDisabled();
  });

  test("an error is the field's description and a disabled field does not open", async ({
    page,
  }) => {
    const kit = await openKit(page);
    const withError = trigger(demo(kit, "With an error"), "Date of birth");
    await expect(withError).toHaveAccessibleDescription("Enter your date of birth");
    const locked = trigger(demo(kit, "Disabled"), "Locked date");
    await expect(locked).toBeDisabled();
    await expect(locked).toHaveAccessibleName("Locked date 22 Nov 2026");
  });
});

test.describe("keyboard and small screens", () => {
  test("the picker works from the keyboard alone", async ({ page }) => {
    const kit = await openKit(page);
    const region = demo(kit, "Single date, auto-apply");
    const field = trigger(region, "Delivery date");
    const previous = trigger(demo(kit, "Single date, Apply and Clear"), "Appointment date");
    await previous.focus();
    await page.keyboard.press("Tab");
    await expect(field).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = menu(page, "Delivery date");
    await expect(dialog).toBeVisible();

    const focusedDay = dialog.locator("td[data-day] button:focus");
    await expect(focusedDay).toHaveCount(1);
    const focusedDate = () => focusedDay.evaluate((button) => button.closest("td")?.dataset.day);
    const start = await focusedDate();
    await page.keyboard.press("ArrowRight");
    await expect.poll(focusedDate).not.toBe(start);
    const next = await focusedDate();
    await page.keyboard.press("ArrowDown"); // a week on
    await expect.poll(focusedDate).not.toBe(next);
    const target = await focusedDate();
    expect(target).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(committed(region)).toHaveText(`Committed: ${target}`);
    await expect(field).toBeFocused();
  });

  test("the overlays work from the keyboard", async ({ page }) => {
    const kit = await openKit(page);
    await trigger(demo(kit, "Single date, Apply and Clear"), "Appointment date").click();
    const dialog = menu(page, "Appointment date");
    const toggle = dialog.getByRole("button", { name: /^Choose year/ });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const years = dialog.getByRole("group", { name: "Year" });
    await expect(years.getByRole("button", { pressed: true })).toBeFocused();
    const current = Number(await years.getByRole("button", { pressed: true }).textContent());
    await page.keyboard.press("ArrowDown"); // four years on, one row down
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAccessibleName(`Choose year, ${current + 4}`);
    await expect(toggle).toBeFocused();
  });

  test("at 390 px wide the open menu fits the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const kit = await openKit(page);
    for (const [title, label] of [
      ["Single date, Apply and Clear", "Appointment date"],
      ["Date and time", "Pickup time"],
    ] as const) {
      const field = trigger(demo(kit, title), label);
      await field.scrollIntoViewIfNeeded();
      await field.click();
      const dialog = menu(page, label);
      await expect(dialog.getByRole("grid")).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box).not.toBeNull();
      if (box) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        expect(box.width).toBeGreaterThanOrEqual(280);
      }
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
    await expectNoHorizontalOverflow(page);
  });
});
