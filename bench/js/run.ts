import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { markdownTable, record, round } from "../http/record.ts";
import { choosePages, startServer, targetFrom } from "../http/server.ts";
import { isFrameworkFile, jsBudget, routeScripts } from "./budget.ts";

/**
 * JavaScript a visitor downloads before they can use the page (issue 17, decision 015: the
 * framework plus at most 20 KB gzipped of Oja's own code, in at most 8 script files) on /, /{id},
 * a product page, a search, the cart and checkout of the production build: every script whose
 * request started before React committed the hydrated page, in a fresh browser context (empty
 * cache). The commit's time comes from the hook React DOM calls for its developer tools on every
 * commit (`onCommitFiberRoot`, in production builds too), defined here before the page loads;
 * the first commit is the hydration. The page is interactive then: its event handlers are
 * attached. What starts later is not counted, the effects of that commit included: the HTTP
 * client the header loads to ask /api/me on a cached page, the new-version check, the
 * autocomplete on first focus. (Polling for React Router's scroll restoration, as before,
 * counted those or not depending on timing: its effect runs after the header's.)
 *
 * Sizes: each script body gzipped here at level 9 (the budget's measure, the same whatever the
 * server sends), split into the framework file and the rest (own code), next to the bytes
 * actually transferred as Chromium reports them. Inline scripts (the hydration data) are
 * counted apart: they arrive inside the HTML. A second table reads the build's route manifest
 * for every page route (bench/js/budget.ts, the test's measure), console pages included.
 *
 *   npm run bench:js -- --data-dir /tmp/bench-pglite-data
 */
const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    "database-url": { type: "string" },
    port: { type: "string", default: "3193" },
    "no-record": { type: "boolean", default: false },
  },
});
const target = targetFrom(values);
const kb = (bytes: number) => round(bytes / 1024, 1);

const pages = await choosePages(target);
const paths = {
  home: "/",
  business: `/${pages.business}`,
  product: `/${pages.business}/products/${pages.product}`,
  search: `/search/${encodeURIComponent(pages.term)}`,
  cart: "/cart",
  checkout: "/checkout",
};
const server = await startServer(target, Number(values.port));
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});

interface Script {
  url: string;
  gzip9: number;
  transferred: number;
  raw: number;
  encoding: string;
}
const measured: Record<string, { status: number; scripts: Script[]; inlineGzip9: number }> = {};
try {
  for (const [name, pathname] of Object.entries(paths)) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const pending: Array<Promise<Script | undefined>> = [];
    let hydrated = false;
    page.on("response", (response) => {
      if (hydrated || response.request().resourceType() !== "script") return;
      pending.push(
        (async () => {
          const body = await response.body().catch(() => undefined);
          if (!body) return undefined;
          const sizes = await response.request().sizes();
          return {
            url: new URL(response.url()).pathname,
            raw: body.length,
            gzip9: gzipSync(body, { level: 9 }).length,
            transferred: sizes.responseBodySize,
            encoding: (await response.headerValue("content-encoding")) ?? "identity",
          };
        })(),
      );
    });
    await page.addInitScript(() => {
      const marked = window as unknown as { __ojaCommittedAt?: number };
      // The minimal hook React DOM looks for at start: it then reports every commit to it.
      Object.defineProperty(window, "__REACT_DEVTOOLS_GLOBAL_HOOK__", {
        value: {
          supportsFiber: true,
          renderers: new Map(),
          inject: () => 1,
          checkDCE: () => {},
          onScheduleFiberRoot: () => {},
          onCommitFiberUnmount: () => {},
          onPostCommitFiberRoot: () => {},
          onCommitFiberRoot: () => {
            marked.__ojaCommittedAt ??= performance.now();
          },
        },
      });
    });
    const response = await page.goto(`${server.origin}${pathname}`);
    await page.waitForFunction(
      () => (window as unknown as { __ojaCommittedAt?: number }).__ojaCommittedAt !== undefined,
      undefined,
      { timeout: 30_000 },
    );
    // Interactive now: a script requested from here on is not counted (below, by its start
    // time); bodies of the ones already requested are still awaited.
    hydrated = true;
    const startedBeforeCommit = new Set(
      await page.evaluate(() => {
        const committedAt = (window as unknown as { __ojaCommittedAt: number }).__ojaCommittedAt;
        return performance
          .getEntriesByType("resource")
          .filter((entry) => entry.startTime < committedAt)
          .map((entry) => new URL(entry.name).pathname);
      }),
    );
    const inline = await page.evaluate(() =>
      Array.from(document.scripts)
        .filter((script) => !script.src)
        .map((script) => script.textContent ?? ""),
    );
    const all = (await Promise.all(pending)).filter(
      (script): script is Script => script !== undefined && startedBeforeCommit.has(script.url),
    );
    // modulepreload and the module import can both show up; a URL is downloaded once.
    const scripts = [...new Map(all.map((script) => [script.url, script])).values()];
    measured[name] = {
      status: response?.status() ?? 0,
      scripts,
      inlineGzip9: gzipSync(Buffer.from(inline.join("\n")), { level: 9 }).length,
    };
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const rows = Object.entries(paths).map(([name, pathname]) => {
  const page = measured[name] ?? { status: 0, scripts: [], inlineGzip9: 0 };
  const sum = (scripts: Script[], size: (script: Script) => number) =>
    scripts.reduce((total, script) => total + size(script), 0);
  const framework = page.scripts.filter((script) => isFrameworkFile(script.url));
  const own = page.scripts.filter((script) => !isFrameworkFile(script.url));
  return {
    page: pathname,
    status: page.status,
    files: page.scripts.length,
    "own gzip-9 KB": kb(sum(own, (script) => script.gzip9)),
    "framework gzip-9 KB": kb(sum(framework, (script) => script.gzip9)),
    "total gzip-9 KB": kb(sum(page.scripts, (script) => script.gzip9)),
    "transferred KB": kb(sum(page.scripts, (script) => script.transferred)),
    "inline gzip-9 KB": kb(page.inlineGzip9),
  };
});
console.log(`js on ${target.engine}, fresh cache, until hydrated`);
console.table(rows);
// Where the bytes are: the biggest files over all pages, to know what to split or drop first.
const files = new Map<string, Script & { pages: number }>();
for (const page of Object.values(measured)) {
  for (const script of page.scripts) {
    const seen = files.get(script.url);
    files.set(script.url, { ...script, pages: (seen?.pages ?? 0) + 1 });
  }
}
const biggest = [...files.values()].sort((a, b) => b.gzip9 - a.gzip9).slice(0, 10);
console.table(
  biggest.map((file) => ({ file: file.url, "gzip-9 KB": kb(file.gzip9), pages: file.pages })),
);
// Every page route of the build, from its manifest: what the test (tests/e2e/js-budget.spec.ts)
// checks, with the pages the browser above can't open without signing in.
const routes = routeScripts("build/client");
const mean = (numbers: number[]) => numbers.reduce((a, b) => a + b, 0) / numbers.length;
const manifestSummary = {
  routes: routes.length,
  "max files": Math.max(...routes.map((route) => route.files.length)),
  "mean files": round(mean(routes.map((route) => route.files.length)), 1),
  "max own KB": kb(Math.max(...routes.map((route) => route.ownGzip))),
  "mean own KB": kb(mean(routes.map((route) => route.ownGzip))),
  "over 8 files": routes.filter((route) => route.files.length > jsBudget.files).length,
  "over 20 KB own": routes.filter((route) => route.ownGzip > jsBudget.ownBytes).length,
};
console.table([manifestSummary]);
const goals = rows.map(
  (row) =>
    `${row.page}: ${row.files} files (budget ${jsBudget.files}), ${row["own gzip-9 KB"]} KB of own code gzipped at level 9 (budget ${kb(jsBudget.ownBytes)}) + ${row["framework gzip-9 KB"]} KB framework` +
    (row.status === 200 ? "" : ` (status ${row.status})`),
);
console.log(goals.join("\n"));
if (!values["no-record"]) {
  const file = record({
    bench: "js",
    engine: target.engine,
    dataset: { businesses: pages.businesses, products: pages.products },
    settings: {
      budget: jsBudget,
      measure:
        "script files requested before hydration, each gzipped at level 9; own = all but framework-*.js; transferred = encoded bytes on the wire",
      paths,
    },
    table: markdownTable(rows),
    goals,
    data: {
      pages: measured,
      biggestFiles: biggest,
      manifest: { summary: manifestSummary, routes },
    },
  });
  console.log(`Written ${file}`);
}
