import { e2eMetricsToken } from "../../playwright.config.ts";
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
  expect(await response.json()).toEqual({
    status: "ready",
    database: { mode: "pglite", answering: true },
  });
});

/** One series' value in Prometheus's text format, 0 when it has none yet. */
function metricValue(text: string, series: string): number {
  const line = text.split("\n").find((row) => row.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

test("/metrics counts requests by route pattern and render-cache hits, for this machine only", async ({
  request,
}) => {
  const read = async () => {
    const response = await request.get("/metrics");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    return response.text();
  };
  const loginSeries = 'oja_http_requests_total{method="GET",route="/Login",status="200"}';
  const before = await read();
  await request.get("/Login");
  await request.get("/login");
  // The same page twice: the second comes from the render cache.
  await request.get("/b");
  await request.get("/b");
  const after = await read();
  expect(metricValue(after, loginSeries) - metricValue(before, loginSeries)).toBe(2);
  const hits = 'oja_page_cache_answers_total{result="hit"}';
  expect(metricValue(after, hits)).toBeGreaterThan(metricValue(before, hits));
  expect(after).toContain('route="/b"');
  // The cache holds /b now: its bytes within its budget.
  const cached = metricValue(after, "oja_page_cache_bytes");
  expect(cached).toBeGreaterThan(0);
  expect(cached).toBeLessThanOrEqual(metricValue(after, "oja_page_cache_max_bytes"));
  expect(metricValue(after, "oja_page_cache_pages")).toBeGreaterThan(0);
  // Node's own figures: the event loop's lag among them.
  expect(after).toContain("oja_nodejs_eventloop_lag_seconds");
  expect(after).toContain("oja_email_outbox_unsent");

  // Through a proxy (it names the client) or with a made-up token: as if it did not exist.
  const outsiders: Record<string, string>[] = [
    { "x-forwarded-for": "203.0.113.9" },
    { forwarded: "for=203.0.113.9" },
    { "x-forwarded-for": "203.0.113.9", authorization: "Bearer not-the-token-at-all-000000" },
  ];
  // A token of the same length in odd Unicode is a wrong token, not a server error.
  outsiders.push({
    "x-forwarded-for": "203.0.113.9",
    authorization: `Bearer ${"é".repeat(e2eMetricsToken.length)}`,
  });
  for (const headers of outsiders) {
    const outsider = await request.get("/metrics", { headers });
    expect(outsider.status(), JSON.stringify(headers)).toBe(404);
    expect(await outsider.text()).not.toContain("oja_");
  }
  // Prometheus elsewhere, through the proxy, with the token.
  const scraper = await request.get("/metrics", {
    headers: { "x-forwarded-for": "203.0.113.9", authorization: `Bearer ${e2eMetricsToken}` },
  });
  expect(scraper.status()).toBe(200);
  expect(await scraper.text()).toContain("oja_http_requests_total");
});

// Render-cache hits and built files skip the logs (decision 032), and so carry no id.
test("every answer the app works out carries a request id for the logs: the caller's when plain, a new one otherwise", async ({
  request,
}) => {
  const generated = await request.get("/Login");
  expect(generated.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  const given = await request.get("/Login", { headers: { "x-request-id": "req_from_lb_42" } });
  expect(given.headers()["x-request-id"]).toBe("req_from_lb_42");
  const odd = await request.get("/Login", { headers: { "x-request-id": 'x"}, "level": 60' } });
  expect(odd.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
});
