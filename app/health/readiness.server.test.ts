import net from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openPostgres } from "#app/db/database.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { checkReadiness } from "./readiness.server.ts";

/**
 * Readiness against real dependencies that stop answering and come back: Redis paused with
 * CLIENT PAUSE, PostgreSQL behind a TCP relay this test closes and opens again.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

describe("readiness", () => {
  it("is ready when the database answers, and says Redis is not used without it", async () => {
    expect(await checkReadiness({ db: handle.db, mode: "test" })).toEqual({
      ready: true,
      database: { mode: "test", answering: true },
      reasons: [],
    });
  });

  // CI sets TEST_REDIS_URL (.ci/run); without a Redis server this test is skipped.
  const redisUrl = process.env.TEST_REDIS_URL;
  it.skipIf(!redisUrl)(
    "reports Redis that stopped answering, and is ready again once it answers",
    async () => {
      const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 1 });
      const admin = new Redis(redisUrl as string);
      try {
        await redis.ping();
        await admin.call("client", "pause", "1500", "ALL");
        const paused = await checkReadiness({ db: handle.db, mode: "test", redis, timeoutMs: 300 });
        expect(paused).toMatchObject({
          ready: false,
          database: { answering: true },
          redis: { answering: false },
        });
        expect(paused.reasons).toEqual(["Error: no answer within 300 ms"]);
        await expect
          .poll(async () => (await checkReadiness({ db: handle.db, mode: "test", redis })).ready, {
            timeout: 5_000,
          })
          .toBe(true);
      } finally {
        redis.disconnect();
        admin.disconnect();
      }
    },
  );

  const template = inject("testDatabase");
  it.skipIf(template.engine !== "postgresql")(
    "reports a database that stopped answering, and is ready again once it answers",
    async () => {
      const server = new URL(template.engine === "postgresql" ? template.adminUrl : "");
      const relay = tcpRelay(server.hostname, Number(server.port || 5432));
      const port = await relay.open(0);
      const url = new URL(server);
      url.host = `127.0.0.1:${port}`;
      const viaRelay = openPostgres(url.toString(), 2, () => {});
      try {
        const check = () => checkReadiness({ db: viaRelay.db, mode: "test", timeoutMs: 500 });
        expect((await check()).ready).toBe(true);
        await relay.close();
        const down = await check();
        expect(down).toMatchObject({ ready: false, database: { answering: false } });
        await relay.open(port);
        await expect.poll(async () => (await check()).ready, { timeout: 5_000 }).toBe(true);
      } finally {
        await viaRelay.close();
        await relay.close();
      }
    },
  );
});

/** A TCP relay to host:port that can be shut (dropping every connection) and opened again. */
function tcpRelay(host: string, targetPort: number) {
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  return {
    open(port: number): Promise<number> {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("error", () => {});
          socket.on("close", () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      });
      const listening = server;
      return new Promise((resolve) =>
        listening.listen(port, "127.0.0.1", () => {
          const address = listening.address();
          resolve(typeof address === "object" && address ? address.port : port);
        }),
      );
    },
    close(): Promise<void> {
      for (const socket of sockets) socket.destroy();
      const closing = server;
      server = undefined;
      return new Promise((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
    },
  };
}
