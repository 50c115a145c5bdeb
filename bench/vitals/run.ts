import { parseArgs } from "node:util";
import { type BrowserContext, type CDPSession, chromium, type Page } from "@playwright/test";
import { markdownTable, percentile, record, round } from "../http/record.ts";
import { choosePages, startServer, targetFrom } from "../http/server.ts";

/**
 * Core Web Vitals in a real browser on a cheap phone on Nigerian mobile data (issue 17, item 6):
 * Chromium with the CPU slowed 4× and the network held to 1.6 Mbps down, 750 kbps up and 150 ms
 * round trips (Chrome's DevTools protocol, as Lighthouse's mobile profile does), a 390 px screen.
 * For each page: LCP, CLS, INP of one tap on the page's main control, and the time until React
 * Router has hydrated it (interactive: it sets history.scrollRestoration when it has).
 *
 * Home, a business page, a product page and search open in a fresh context (nothing cached: a
 * visitor from a link or an advert). The cart and checkout are reached as a shopper reaches
 * them: after adding the product to the cart, so their assets may be cached from the product
 * page; the tap there is the product page's "Add to cart".
 *
 *   npm run bench:vitals -- --database-url postgres://…/oja_bench [--runs 3]
 */
const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    "database-url": { type: "string" },
    port: { type: "string", default: "3196" },
    runs: { type: "string", default: "3" },
    "no-record": { type: "boolean", default: false },
  },
});
const target = targetFrom(values);
const runs = Number(values.runs);
const goals = { lcpMs: 1_500, cls: 0.05, inpMs: 100 };
const throttling = {
  cpuRate: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1_000_000) / 8,
  uploadBytesPerSecond: (750 * 1_000) / 8,
};

/** Collects LCP, layout shifts and event timings from the first paint on, in the page itself. */
const observeVitals = () => {
  const vitals = { lcp: 0, cls: 0, interactions: new Map<number, number>(), hydratedAt: 0 };
  (window as unknown as { __vitals: typeof vitals }).__vitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & LayoutShiftFields>) {
      if (!entry.hadRecentInput) vitals.cls += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
  // An interaction's latency is its longest event (pointerdown, pointerup, click): INP's rule.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { interactionId: number }>) {
      if (!entry.interactionId) continue;
      const longest = vitals.interactions.get(entry.interactionId) ?? 0;
      vitals.interactions.set(entry.interactionId, Math.max(longest, entry.duration));
    }
  }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  // React Router sets history.scrollRestoration once it has hydrated: note the moment.
  const native = Object.getOwnPropertyDescriptor(History.prototype, "scrollRestoration");
  Object.defineProperty(history, "scrollRestoration", {
    configurable: true,
    get: () => native?.get?.call(history),
    set: (value: ScrollRestoration) => {
      if (!vitals.hydratedAt) vitals.hydratedAt = performance.now();
      native?.set?.call(history, value);
    },
  });
};
interface LayoutShiftFields {
  value: number;
  hadRecentInput: boolean;
}

async function throttle(page: Page): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await session.send("Emulation.setCPUThrottlingRate", { rate: throttling.cpuRate });
  await session.send("Network.enable");
  await session.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: throttling.latencyMs,
    downloadThroughput: throttling.downloadBytesPerSecond,
    uploadThroughput: throttling.uploadBytesPerSecond,
  });
  return session;
}

interface Measured {
  status: number;
  lcpMs: number;
  cls: number;
  /** Undefined: the tap's events all took under 16 ms, the shortest Event Timing reports. */
  inpMs: number | undefined;
  interactiveMs: number;
  control: string;
}

/** Opens a page throttled, waits for it to hydrate and settle, taps its main control. */
async function measure(
  context: BrowserContext,
  url: string,
  control: (page: Page) => ReturnType<Page["getByRole"]>,
  controlName: string,
): Promise<Measured> {
  const page = await context.newPage();
  await page.addInitScript(observeVitals);
  await throttle(page);
  const response = await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  await page.waitForFunction(() => history.scrollRestoration === "manual", undefined, {
    timeout: 120_000,
  });
  // LCP is final at the first input; let late layout shifts show first.
  await page.waitForTimeout(1_000);
  const before = await page.evaluate(() => {
    const vitals = (window as unknown as { __vitals: { lcp: number; cls: number } }).__vitals;
    return { lcp: vitals.lcp, cls: vitals.cls };
  });
  await control(page).first().click();
  // Event Timing reports an interaction after its next paint; a slowed CPU takes a while.
  await page.waitForTimeout(1_500);
  const after = await page.evaluate(() => {
    const vitals = (
      window as unknown as {
        __vitals: { interactions: Map<number, number>; hydratedAt: number };
      }
    ).__vitals;
    return { inp: Math.max(0, ...vitals.interactions.values()), hydratedAt: vitals.hydratedAt };
  });
  await page.close();
  return {
    status: response?.status() ?? 0,
    lcpMs: before.lcp,
    cls: before.cls,
    inpMs: after.inp > 0 ? after.inp : undefined,
    interactiveMs: after.hydratedAt,
    control: controlName,
  };
}

const pages = await choosePages(target);
const productPath = `/${pages.business}/products/${pages.product}`;
const server = await startServer(target, Number(values.port));
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const newContext = () =>
  browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const searchBox = (page: Page) => page.getByRole("combobox", { name: /search/i });
const addToCart = (page: Page) => page.getByRole("button", { name: /add .*to cart/i });
const coldPages = [
  { name: "home", path: "/", control: searchBox, controlName: "search box" },
  { name: "business", path: `/${pages.business}`, control: searchBox, controlName: "search box" },
  { name: "product", path: productPath, control: addToCart, controlName: "Add to cart" },
  {
    name: "search",
    path: `/search/${encodeURIComponent(pages.term)}`,
    control: addToCart,
    controlName: "a result's Add to cart",
  },
];
const results: Record<string, Measured[]> = {};
const note = (name: string, measured: Measured) => {
  results[name] = [...(results[name] ?? []), measured];
};
try {
  // Everything once unmeasured, so the server's render cache holds these pages as it would.
  const warm = await newContext();
  const warmPage = await warm.newPage();
  for (const { path } of coldPages) await warmPage.goto(`${server.origin}${path}`);
  await warm.close();

  for (let run = 0; run < runs; run++) {
    for (const { name, path, control, controlName } of coldPages) {
      const context = await newContext();
      note(name, await measure(context, `${server.origin}${path}`, control, controlName));
      console.log(`run ${run + 1}: ${name}`, results[name]?.at(-1));
      await context.close();
    }
    // The cart and checkout, after the product went into the cart (the product page's tap).
    const context = await newContext();
    const shopper = await context.newPage();
    await shopper.goto(`${server.origin}${productPath}`);
    await shopper.waitForFunction(() => history.scrollRestoration === "manual", undefined, {
      timeout: 120_000,
    });
    // A product with sizes needs one chosen first.
    const sizes = shopper.locator("label:has(input[type=radio])");
    if ((await sizes.count()) > 0) await sizes.first().click();
    await addToCart(shopper).first().click();
    await shopper.waitForFunction(
      () => (localStorage.getItem("cart") ?? "[]") !== "[]",
      undefined,
      {
        timeout: 30_000,
      },
    );
    await shopper.close();
    note(
      "cart",
      await measure(
        context,
        `${server.origin}/cart`,
        (page) => page.getByRole("button", { name: /^Add one / }),
        "quantity +",
      ),
    );
    note(
      "checkout",
      await measure(
        context,
        `${server.origin}/checkout`,
        (page) => page.getByRole("textbox").first() as ReturnType<Page["getByRole"]>,
        "first field",
      ),
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

/** The median run of each measure (runs differ by the machine's other work). */
const median = (samples: number[]) => round(percentile(samples, 0.5), 0);
const rows = Object.entries(results).map(([name, measured]) => {
  const inps = measured.map((m) => m.inpMs ?? 0);
  const inp = median(inps);
  const row = {
    page: name,
    status: measured.map((m) => m.status).join(" "),
    "LCP ms": median(measured.map((m) => m.lcpMs)),
    CLS: round(
      percentile(
        measured.map((m) => m.cls),
        0.5,
      ),
      3,
    ),
    "INP ms": inp === 0 ? "< 16" : inp,
    "interactive ms": median(measured.map((m) => m.interactiveMs)),
    tap: measured[0]?.control ?? "",
  };
  return row;
});
const lines = rows.map((row) => {
  const inp = row["INP ms"] === "< 16" ? 0 : Number(row["INP ms"]);
  const ok = (value: number, goal: number) => (value <= goal ? "✓" : "✗");
  return (
    `${row.page}: LCP ${row["LCP ms"]} ms ${ok(row["LCP ms"], goals.lcpMs)}, CLS ${row.CLS} ` +
    `${ok(row.CLS, goals.cls)}, INP ${row["INP ms"]} ms ${ok(inp, goals.inpMs)}, interactive ` +
    `${row["interactive ms"]} ms`
  );
});
console.log(
  `vitals on ${target.engine}: CPU ${throttling.cpuRate}× slower, 1.6 Mbps down, 150 ms round trip, ` +
    `390 px, median of ${runs} runs`,
);
console.table(rows);
console.log(lines.join("\n"));
if (!values["no-record"]) {
  const file = record({
    bench: "vitals",
    engine: target.engine,
    dataset: { businesses: pages.businesses, products: pages.products },
    settings: { goals, throttling, runs, pages: { ...pages, productPath } },
    table: markdownTable(rows),
    goals: lines,
    data: results,
  });
  console.log(`Written ${file}`);
}
