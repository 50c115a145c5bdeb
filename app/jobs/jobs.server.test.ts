import { randomBytes } from "node:crypto";
import pg from "pg";
import pino from "pino";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openPglite } from "#app/db/database.server.ts";
import { databaseUrl } from "#tests/support/global-setup.ts";
import { type Jobs, type JobsConnection, startJobs } from "./jobs.server.ts";

/**
 * pg-boss for real: on PGlite in this process, and on PostgreSQL (CI's pass) with two instances
 * sharing one database, as two app servers would.
 */
const log = pino({ level: "silent" });
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const template = inject("testDatabase");

/** A PostgreSQL database of its own (pg-boss makes its schema there), dropped at the end. */
async function postgresDatabase(): Promise<string> {
  if (template.engine !== "postgresql") throw new Error("PostgreSQL only");
  const name = `${template.prefix}_jobs_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: template.adminUrl });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  });
  return databaseUrl(template.adminUrl, name);
}

async function connections(): Promise<JobsConnection> {
  if (template.engine === "postgresql") return { databaseUrl: await postgresDatabase() };
  const handle = await openPglite({});
  cleanups.push(() => handle.close());
  return { pglite: handle.client };
}

async function started(...args: Parameters<typeof startJobs>): Promise<Jobs> {
  const jobs = await startJobs({ pollingIntervalSeconds: 0.5, ...args[0] });
  cleanups.push(() => jobs.stop(5_000));
  return jobs;
}

describe("jobs", () => {
  it("retries a job that throws, with backoff, then keeps it as a dead letter with its error", async () => {
    const tries: number[] = [];
    const jobs = await started({
      connection: await connections(),
      log,
      definitions: [
        {
          name: "always-fails",
          retryLimit: 2,
          retryDelaySeconds: 1,
          async run() {
            tries.push(Date.now());
            throw new Error(`try ${tries.length} failed`);
          },
        },
      ],
    });
    await jobs.send("always-fails", { order: "ord_1" });
    await expect
      .poll(async () => (await jobs.deadJobs()).length, { timeout: 45_000, interval: 250 })
      .toBe(1);
    expect(tries).toHaveLength(3);
    // Backed off: at least a second before the first retry.
    expect((tries[1] ?? 0) - (tries[0] ?? 0)).toBeGreaterThanOrEqual(900);
    const [dead] = await jobs.deadJobs();
    expect(dead).toMatchObject({ queue: "always-fails", data: { order: "ord_1" } });
    expect(dead?.error).toContain("try 3 failed");
    expect((await jobs.overview())[0]).toMatchObject({ name: "always-fails", dead: 1 });
  }, 60_000);

  it.skipIf(template.engine !== "postgresql")(
    "while one run is going, a job sent by two instances at once waits as one run",
    async () => {
      const url = await postgresDatabase();
      const runs: string[] = [];
      // The first run is held until the sends are in, so no worker can take the first of the
      // two sends before the second arrives (which would make them two runs, as it should).
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const definition = (instance: string) => ({
        name: "once",
        collapse: true,
        async run() {
          runs.push(instance);
          if (runs.length === 1) await held;
        },
      });
      const first = await started({
        connection: { databaseUrl: url },
        log,
        definitions: [definition("first")],
      });
      const second = await started({
        connection: { databaseUrl: url },
        log,
        definitions: [definition("second")],
      });
      await first.send("once", { receipt: "r0" }, { key: "receipts" });
      await expect.poll(() => runs.length, { timeout: 15_000 }).toBe(1);
      await Promise.all([
        first.send("once", { receipt: "r1" }, { key: "receipts" }),
        second.send("once", { receipt: "r1" }, { key: "receipts" }),
      ]);
      release();
      await expect.poll(() => runs.length, { timeout: 15_000 }).toBe(2);
      // Nothing else arrives: the two sends were one waiting job.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(runs).toHaveLength(2);
    },
    60_000,
  );
});
