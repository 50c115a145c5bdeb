import type { Page } from "@playwright/test";
import {
  addCardToCart,
  expect,
  expectNoHorizontalOverflow,
  openHydrated,
  test,
} from "./fixtures.ts";

/**
 * The root shell (spec section 2 and 9): toasts at the top right with rich colours and a close
 * button, 356 px wide, 14 px apart, focused with Alt+T; the header's account menu works from the
 * keyboard; the home page fits a phone.
 */
async function addFirstProduct(page: Page) {
  await openHydrated(page, "/");
  const card = page.getByRole("region", { name: "Popular right now" }).getByRole("article").first();
  const label = await card
    .getByRole("button", { name: /^Add .+ to cart$/ })
    .getAttribute("aria-label");
  await addCardToCart(card, (label ?? "").replace(/^Add | to cart$/g, ""));
}

function toaster(page: Page) {
  // Sonner's area is a region named "Notifications alt+T" holding the list of toasts.
  return page.getByRole("region", { name: /^Notifications/ });
}

test.describe("toasts", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a toast appears at the top right, 356 px wide, with rich colours and a close button", async ({
    page,
  }) => {
    await addFirstProduct(page);
    const list = toaster(page).getByRole("list");
    const toast = list.getByRole("listitem").filter({ hasText: "added to your cart" });
    await expect(toast).toBeVisible();
    await toast.hover(); // a hovered toast stays until it is closed, however slow this machine is
    await expect(list).toHaveAttribute("data-y-position", "top");
    await expect(list).toHaveAttribute("data-x-position", "right");
    expect(
      await list.evaluate((element) => getComputedStyle(element).getPropertyValue("--gap").trim()),
    ).toBe("14px");

    await expect(toast).toHaveAttribute("data-rich-colors", "true");
    await expect(toast).toHaveAttribute("data-type", "success");

    const box = await toast.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.width).toBeCloseTo(356, 0);
      expect(box.y, "near the top").toBeLessThan(120);
      expect(1280 - (box.x + box.width), "near the right edge").toBeLessThan(80);
      expect(box.x, "on the right half").toBeGreaterThan(640);
    }

    const close = toast.getByRole("button", { name: "Close toast" });
    await expect(close).toBeVisible();
    await close.click();
    await expect(toast).toHaveCount(0);
  });

  test("Alt+T moves the focus to the toasts", async ({ page }) => {
    await addFirstProduct(page);
    const list = toaster(page).getByRole("list");
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await list.getByRole("listitem").hover(); // keeps the toast while the key is pressed
    await page.keyboard.press("Alt+KeyT");
    await expect(list).toBeFocused();
  });
});

test("the account menu opens and closes with the keyboard", async ({ page }) => {
  await openHydrated(page, "/");
  const trigger = page.getByRole("button", { name: "Account menu" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(trigger).toHaveAttribute("aria-expanded", "true");

  const signIn = menu.getByRole("menuitem", { name: "Sign in" });
  const createAccount = menu.getByRole("menuitem", { name: "Create account" });
  await expect(signIn).toBeVisible();
  await expect(createAccount).toBeVisible();
  await expect(signIn).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(createAccount).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await expect(trigger).toBeFocused();
});

test("the account menu moves by Home, End and first letters, and closes on Tab and on a press outside", async ({
  page,
}) => {
  await openHydrated(page, "/");
  const trigger = page.getByRole("banner").getByRole("button", { name: "Account menu" });
  const menu = page.getByRole("menu", { name: "Account menu" });
  await trigger.focus();
  await page.keyboard.press("ArrowUp");
  await expect(menu.getByRole("menuitem", { name: "For businesses" })).toBeFocused();
  await page.keyboard.press("Home");
  await expect(menu.getByRole("menuitem", { name: "Sign in" })).toBeFocused();
  await page.keyboard.press("m");
  await expect(menu.getByRole("menuitem", { name: "My account" })).toBeFocused();
  await page.keyboard.press("m");
  await expect(menu.getByRole("menuitem", { name: "My orders" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(menu.getByRole("menuitem", { name: "For businesses" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Sign in" })).toBeFocused();

  // Tab closes the menu and goes on past its button.
  await page.keyboard.press("Tab");
  await expect(menu).toHaveCount(0);
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await expect(trigger).not.toBeFocused();

  // A pointer opens it; a press outside closes it; an item opens its page.
  await trigger.click();
  await expect(menu).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(menu).toHaveCount(0);
  await trigger.click();
  await menu.getByRole("menuitem", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/CreateAccount$/);
  await expect(menu).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function expectNoHorizontalScrollbar(page: Page) {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }

  test("the home page has no horizontal scrollbar", async ({ page }) => {
    await openHydrated(page, "/");
    await expectNoHorizontalScrollbar(page);
  });

  test("a product page in its business's layout has no horizontal scrollbar", async ({
    page,
    demo,
  }) => {
    await openHydrated(page, `/${demo.businessSlug}/products/${demo.productSlug}`);
    await expectNoHorizontalScrollbar(page);
  });

  test("the reward shop has no horizontal scrollbar", async ({ page }) => {
    await openHydrated(page, "/rewardShop");
    await expectNoHorizontalScrollbar(page);
  });
});
