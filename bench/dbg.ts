import { chromium } from "@playwright/test";
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
for (const term of ["spaa", "jollof", "braids"]) {
const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
const page = await context.newPage();
const t0 = Date.now();
page.on("console", (m) => console.log(Date.now()-t0, "console", m.type(), m.text().slice(0, 300)));
page.on("pageerror", (e) => console.log(Date.now()-t0, "pageerror", e.message));
page.on("requestfailed", (r) => console.log(Date.now()-t0, "FAILED", r.url(), r.failure()?.errorText));
page.on("response", (r) => { if (!r.url().includes("/media/")) console.log(Date.now()-t0, "res", r.status(), r.url().slice(0, 90), r.headers()["x-oja-page-cache"] ?? ""); });
const res = await page.goto(base + "/");
console.log("home cache", res?.headers()["x-oja-page-cache"]);
await page.waitForFunction(() => history.scrollRestoration === "manual", undefined, { timeout: 120000 });
const box = page.getByRole("banner").getByRole("combobox", { name: "Search businesses and products" });
await box.fill(term);
await box.press("Enter");
await page.waitForTimeout(6000);
console.log("url", page.url(), "h1", await page.getByRole("heading", { level: 1 }).first().textContent());
await context.close();
}
await browser.close();
