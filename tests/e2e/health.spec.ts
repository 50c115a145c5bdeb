import { expect, test } from "./fixtures.ts";

/** The endpoints a load balancer and an orchestrator ask (never cached). */
test("/healthz answers while the process runs", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toEqual({ status: "ok" });
});

test("/readyz answers once the database does, naming the engine", async ({ request }) => {
  const response = await request.get("/readyz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toEqual({ status: "ready", database: "pglite" });
});

test("every answer carries a request id for the logs: the caller's when plain, a new one otherwise", async ({
  request,
}) => {
  const generated = await request.get("/cart");
  expect(generated.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  const given = await request.get("/cart", { headers: { "x-request-id": "req_from_lb_42" } });
  expect(given.headers()["x-request-id"]).toBe("req_from_lb_42");
  const odd = await request.get("/cart", { headers: { "x-request-id": 'x"}, "level": 60' } });
  expect(odd.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
});
