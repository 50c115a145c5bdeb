import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readSettings } from "#app/config.server.ts";
import { createPaystackSimulator, simulatorRouter } from "./paystack-simulator/index.ts";
import { originCheckMiddleware, securityMiddleware } from "./security.ts";

/** A real Express server with Oja's security middleware, answering every path with the nonce. */
let baseUrl: string;
let close: () => void;

beforeAll(async () => {
  const settings = readSettings({ PUBLIC_URL: "http://localhost:4000" });
  const app = express();
  app.set("trust proxy", settings.trustProxy);
  app.use(securityMiddleware(settings, false));
  app.use(originCheckMiddleware(settings));
  app.all("/{*path}", (req, res) => {
    res.json({ nonce: res.locals.cspNonce, clientIp: req.headers["x-oja-client-ip"] });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

describe("every response", () => {
  test("carries the security headers, with a fresh nonce each time", async () => {
    const first = await fetch(`${baseUrl}/`);
    const second = await fetch(`${baseUrl}/`);
    const { nonce } = (await first.json()) as { nonce: string };
    expect(first.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(second.headers.get("content-security-policy")).not.toContain(`'nonce-${nonce}'`);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  test("records the caller's own address, whatever it claims in the header", async () => {
    const response = await fetch(`${baseUrl}/`, { headers: { "x-oja-client-ip": "6.6.6.6" } });
    expect(((await response.json()) as { clientIp: string }).clientIp).toBe("127.0.0.1");
  });
});

describe("a state-changing request", () => {
  const post = (headers: Record<string, string>) =>
    fetch(`${baseUrl}/Login`, {
      method: "POST",
      headers,
      body: "email=a%40b.c",
      redirect: "manual",
    });

  test("from Oja's own page goes through", async () => {
    expect((await post({ origin: "http://localhost:4000" })).status).toBe(200);
  });

  test("with a forged Origin is refused with 403 and a plain reason", async () => {
    const response = await post({ origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe(
      "This request did not come from an Oja page, so it was refused.",
    );
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  test("with neither Origin nor Referer is refused", async () => {
    expect((await post({})).status).toBe(403);
  });

  test("from 127.0.0.1 when Oja is served as localhost is refused: origins must match exactly", async () => {
    expect((await post({ origin: "http://127.0.0.1:4000" })).status).toBe(403);
  });
});

describe("the embedded Paystack simulator, mounted as server/app.ts mounts it", () => {
  let simulatorUrl: string;
  let stop: () => Promise<void>;
  const settings = readSettings({ PUBLIC_URL: "http://localhost:4000" });

  beforeAll(async () => {
    const simulator = createPaystackSimulator({
      secretKey: settings.paystack.secretKey,
      publicKey: settings.paystack.publicKey,
    });
    const app = express();
    app.use(securityMiddleware(settings, false));
    app.use(
      "/_paystack",
      simulatorRouter(simulator, {
        publicBaseUrl: settings.paystack.simulator?.publicBaseUrl,
        frameAncestors: ["'self'"],
        testHooks: true,
      }),
    );
    app.use(originCheckMiddleware(settings));
    app.all("/{*path}", (_req, res) => {
      res.send("page");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    simulatorUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stop = async () => {
      await simulator.close();
      server.close();
    };
  });

  afterAll(() => stop());

  /** As the app's server-side client calls it: the secret key, and no Origin. */
  const initialize = () =>
    fetch(`${simulatorUrl}/_paystack/transaction/initialize`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${settings.paystack.secretKey}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ email: "ada@example.com", amount: 10_000 }),
    });

  test("the server's own API calls pass without an Origin: they carry the secret key", async () => {
    const answer = await initialize();
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: { authorization_url: string } };
    expect(data.authorization_url).toMatch(/^http:\/\/localhost:4000\/_paystack\/checkout\/\w+$/);
  });

  test("its checkout may be framed by Oja's pages only; every other page by nobody", async () => {
    const answer = await initialize();
    const { data } = (await answer.json()) as { data: { access_code: string } };
    const checkout = await fetch(`${simulatorUrl}/_paystack/checkout/${data.access_code}`);
    expect(checkout.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(checkout.headers.get("x-frame-options")).toBeNull();
    const page = await fetch(`${simulatorUrl}/cart`);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
  });

  test("Paystack's webhook path is exempt from the Origin check; others are not", async () => {
    const webhook = await fetch(`${simulatorUrl}/api/payments/paystack/webhook`, {
      method: "POST",
      body: "{}",
    });
    expect(webhook.status).toBe(200);
    const other = await fetch(`${simulatorUrl}/api/payments/paystack/webhooks`, {
      method: "POST",
      body: "{}",
    });
    expect(other.status).toBe(403);
  });
});
