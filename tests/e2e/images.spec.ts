import type { Page, Response } from "@playwright/test";
import { expect, openHydrated, test } from "./fixtures.ts";

/**
 * Responsive pictures (issue 5): every picture has its width and height before it loads, the
 * ones below the fold wait until they are scrolled near, and the browser downloads a small AVIF
 * variant instead of the original.
 */
interface ImgFacts {
  src: string;
  current: string;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchPriority: string | null;
  top: number;
}

function imgFacts(page: Page): Promise<ImgFacts[]> {
  return page.locator("img").evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => ({
      src: image.getAttribute("src") ?? "",
      current: image.currentSrc,
      width: image.getAttribute("width"),
      height: image.getAttribute("height"),
      loading: image.getAttribute("loading"),
      fetchPriority: image.getAttribute("fetchpriority"),
      top: image.getBoundingClientRect().top + window.scrollY,
    })),
  );
}

test.describe("the home page's pictures", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("every picture has a width and a height, so nothing moves when it arrives", async ({
    page,
  }) => {
    await openHydrated(page, "/");
    const images = await imgFacts(page);
    expect(images.length).toBeGreaterThan(4);
    for (const image of images) {
      expect(Number(image.width), image.src).toBeGreaterThan(0);
      expect(Number(image.height), image.src).toBeGreaterThan(0);
    }
  });

  test("pictures below the fold load lazily; the first row loads at once, first in line", async ({
    page,
  }) => {
    await openHydrated(page, "/");
    const fold = page.viewportSize()?.height ?? 800;
    const images = await imgFacts(page);
    const below = images.filter((image) => image.top > fold);
    expect(below.length).toBeGreaterThan(0);
    for (const image of below) expect(image.loading, image.src).toBe("lazy");

    const firstRow = page
      .getByRole("region", { name: "Popular right now" })
      .getByRole("article")
      .first()
      .locator("img");
    await expect(firstRow).toHaveAttribute("loading", "eager");
    await expect(firstRow).toHaveAttribute("fetchpriority", "high");
  });

  test("the browser downloads AVIF variants sized for the card, never the original", async ({
    page,
  }) => {
    const pictures: Response[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/media/")) pictures.push(response);
    });
    await openHydrated(page, "/");
    const firstPicture = page
      .getByRole("region", { name: "Popular right now" })
      .getByRole("article")
      .first()
      .locator("img");
    await expect
      .poll(() => firstPicture.evaluate((image: HTMLImageElement) => image.complete))
      .toBe(true);

    const avif = pictures.filter((response) => response.headers()["content-type"] === "image/avif");
    expect(avif.length).toBeGreaterThan(0);
    for (const response of avif) {
      expect(response.status()).toBe(200);
      expect(response.url()).toMatch(/\/media\/w\/\d+\/avif\//);
    }
    // A card is about 270 px wide: a 320 px variant, never the 800 px original.
    expect(await firstPicture.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
      /\/media\/w\/320\/avif\//,
    );
    const originals = pictures.filter((response) => !response.url().includes("/media/w/"));
    expect(originals.map((response) => response.url())).toEqual([]);
  });

  test("scrolling to the end loads the lazy pictures as AVIF too, without moving the layout", async ({
    page,
  }) => {
    await openHydrated(page, "/");
    await page.evaluate(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) {
          (window as unknown as { shifts: number }).shifts += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const newOnOja = page.getByRole("region", { name: "New on Oja" });
    await newOnOja.scrollIntoViewIfNeeded();
    const logos = newOnOja.locator("img");
    await expect(logos.first()).toBeVisible();
    await expect
      .poll(() =>
        logos.evaluateAll((images) =>
          (images as HTMLImageElement[]).every(
            (image) => image.complete && image.currentSrc.includes("/avif/"),
          ),
        ),
      )
      .toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { shifts: number }).shifts),
    ).toBeLessThan(0.01);
  });
});
