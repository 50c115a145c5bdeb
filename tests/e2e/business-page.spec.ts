import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import pg from "pg";
import { accountTest, expect, openHydrated, signIn, test } from "./fixtures.ts";

/**
 * /{slug}, the spec's one prerendered route: its HTML and its `.data` payload come from the
 * render cache (server/page-cache.ts), client navigation loads the payload, nothing personal is
 * in either, and a change in the database reaches every instance within 5 seconds.
 */
test.describe("a business's landing page", () => {
  test("is served from the render cache, as HTML and as the payload client navigation loads", async ({
    page,
    demo,
    request,
  }) => {
    // Pages are rendered on their first request (decision 033): any earlier visitor's.
    for (const path of [`/${demo.businessSlug}`, `/${demo.businessSlug}.data`]) {
      expect((await request.get(path)).ok()).toBe(true);
    }
    const response = await openHydrated(page, `/${demo.businessSlug}`);
    expect(response?.headers()["x-oja-page-cache"]).toBe("hit");
    expect(response?.headers()["cache-control"]).toContain("stale-while-revalidate");
    await expect(page.getByRole("heading", { level: 1, name: demo.businessName })).toBeVisible();

    // Client navigation to the page (from its own Products tab back to Highlights) loads the
    // per-route payload, /{slug}.data, from the same cache.
    await page
      .getByRole("navigation", { name: `${demo.businessName} sections` })
      .getByRole("link", { name: "Products" })
      .click();
    await expect(page).toHaveURL(`/${demo.businessSlug}/products`);
    const payload = page.waitForResponse((r) => r.url().includes(`/${demo.businessSlug}.data`));
    await page
      .getByRole("navigation", { name: `${demo.businessName} sections` })
      .getByRole("link", { name: "Highlights" })
      .click();
    const data = await payload;
    expect(data.status()).toBe(200);
    expect(data.headers()["x-oja-page-cache"]).toBe("hit");
    await expect(page).toHaveURL(`/${demo.businessSlug}`);
    await expect(page.getByRole("heading", { level: 2, name: "Products" })).toBeVisible();
  });

  test("carries the business's structured data and its canonical address", async ({
    page,
    demo,
  }) => {
    await page.goto(`/${demo.businessSlug.toUpperCase()}`);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toBe(`http://localhost:${new URL(page.url()).port}/${demo.businessSlug}`);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(jsonLd).toMatchObject({ "@type": "LocalBusiness", name: demo.businessName });
  });

  test("an unknown section is a 404", async ({ page, demo, allowConsoleError }) => {
    allowConsoleError(/status of 404/);
    const response = await page.goto(`/${demo.businessSlug}/menu`);
    expect(response?.status()).toBe(404);
  });
});

accountTest(
  "the cached page holds nobody's name, and the header still knows who is signed in",
  async ({ page, account, demo, request }) => {
    const html = await (await request.get(`/${demo.businessSlug}`)).text();
    await signIn(page, account.email, account.password);
    const signedInHtml = await page.evaluate(
      async (path) => (await fetch(path)).text(),
      `/${demo.businessSlug}`,
    );
    expect(signedInHtml).not.toContain(account.name);
    expect(html).not.toContain(account.name);
    await openHydrated(page, `/${demo.businessSlug}`);
    await page.getByRole("button", { name: `Account menu for ${account.name}` }).click();
    await expect(page.getByText(`Signed in as ${account.name}`)).toBeVisible();
  },
);

/**
 * Two production instances on one PostgreSQL database and one Redis, as in a scaled-out
 * deployment: a business renamed straight in the database shows on both within 5 seconds.
 * Needs E2E_POSTGRES_URL (a server where a database can be created) and E2E_REDIS_URL; CI sets
 * both.
 */
const postgresUrl = process.env.E2E_POSTGRES_URL;
const redisUrl = process.env.E2E_REDIS_URL;

test.describe("on several instances", () => {
  test.skip(!postgresUrl || !redisUrl, "needs E2E_POSTGRES_URL and E2E_REDIS_URL");
  test.describe.configure({ timeout: 180_000 });

  const database = `oja_e2e_cache_${process.pid}`;
  const instances: ChildProcess[] = [];
  // Ports of their own: bench/ uses 3190–3193.
  const ports = [3291, 3292];
  const dataDirs = ports.map((port) => `.e2e-cache-${port}`);
  const admin = () => new pg.Client({ connectionString: postgresUrl });
  const databaseUrl = () => {
    const url = new URL(postgresUrl as string);
    url.pathname = `/${database}`;
    return url.toString();
  };

  async function startInstance(port: number, dataDir: string) {
    rmSync(dataDir, { recursive: true, force: true });
    const child = spawn(process.execPath, ["server.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl(),
        REDIS_URL: redisUrl,
        SEED_DEMO: "true",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    instances.push(child);
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`http://localhost:${port}/readyz`)).status;
          } catch {
            return 0;
          }
        },
        // A first start migrates and seeds PostgreSQL: about 40 s alone, several times that while
        // the other specs' servers start beside it on two cores.
        { timeout: 240_000, intervals: [500] },
      )
      .toBe(200);
  }

  test.beforeAll(async () => {
    test.setTimeout(420_000);
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${database}`);
    await client.query(`create database ${database}`);
    await client.end();
    // One after the other: the first migrates and seeds, the second finds it done.
    for (const [index, port] of ports.entries())
      await startInstance(port, dataDirs[index] as string);
  });

  test.afterAll(async () => {
    await Promise.all(
      instances.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve(null);
            child.once("exit", resolve);
            child.kill("SIGTERM");
          }),
      ),
    );
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${database} with (force)`);
    await client.end();
  });

  test("a changed business name shows on /{slug} on every instance within 5 seconds", async () => {
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; slug: string }>(
        "select id, slug from businesses where status = 'active' order by slug limit 1",
      );
      const business = rows[0];
      if (!business) throw new Error("the demo data has no business");
      const pageOn = (port: number) =>
        fetch(`http://localhost:${port}/${business.slug}`).then((r) => r.text());
      for (const port of ports) expect(await pageOn(port)).not.toContain("Renamed Just Now");

      await client.query("update businesses set name = 'Renamed Just Now' where id = $1", [
        business.id,
      ]);
      const changed = Date.now();
      await expect
        .poll(
          async () =>
            Promise.all(
              ports.map(async (port) => (await pageOn(port)).includes("Renamed Just Now")),
            ),
          {
            timeout: 5_000,
            intervals: [100],
          },
        )
        .toEqual([true, true]);
      console.log(`renamed business visible on both instances after ${Date.now() - changed} ms`);
    } finally {
      await client.end();
    }
  });
});
