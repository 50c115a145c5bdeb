import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { createPaystackClient } from "#app/payments/paystack.server.ts";
import { newPaymentReference } from "#app/payments/provider.server.ts";
import { type RunningPaystackSimulator, startPaystackSimulator } from "./index.ts";
import { checkCard } from "./router.ts";
import { createPaystackSimulator } from "./simulator.ts";

/**
 * The simulator as its own server, over real HTTP, with a real webhook receiver that can be
 * told to fail.
 */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A tiny app stand-in: records every webhook and answers `statuses` in turn, then 200. */
async function startReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    res.writeHead(statuses.shift() ?? 200).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/paystack/webhook`,
    received,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

let paystack: RunningPaystackSimulator;
const cleanups: Array<() => unknown> = [];

beforeAll(async () => {
  paystack = await startPaystackSimulator({ webhookRetryDelaysMs: [5, 10], refundDelayMs: 5 });
});

afterEach(async () => {
  paystack.simulator.setWebhookUrl(undefined);
  while (cleanups.length > 0) await cleanups.pop()?.();
});

afterAll(async () => {
  await paystack.close();
});

const client = () =>
  createPaystackClient({
    baseUrl: paystack.url,
    secretKey: paystack.env.PAYSTACK_SECRET_KEY,
    publicKey: paystack.env.PAYSTACK_PUBLIC_KEY,
    inlineScriptUrl: `${paystack.url}/v2/inline.js`,
    testMode: true,
  });

function api(path: string, init: { method?: string; body?: unknown; key?: string | null } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const key = init.key === undefined ? paystack.env.PAYSTACK_SECRET_KEY : init.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  return fetch(`${paystack.url}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const transaction = (overrides: Record<string, unknown> = {}) => ({
  email: "ada@example.com",
  amount: 500_000,
  currency: "NGN",
  reference: newPaymentReference(),
  callback_url: "http://localhost:3000/checkout/callback",
  ...overrides,
});

async function initialize(overrides: Record<string, unknown> = {}) {
  const answer = await api("/transaction/initialize", { body: transaction(overrides) });
  const { data } = (await answer.json()) as {
    data: { access_code: string; reference: string; authorization_url: string };
  };
  return data;
}

const expiry = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`;

function postForm(path: string, fields: Record<string, string>) {
  return fetch(`${paystack.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

describe("the API", () => {
  test("answers in Paystack's envelope", async () => {
    const answer = await api("/transaction/initialize", { body: transaction() });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      status: true,
      message: "Authorization URL created",
      data: { access_code: expect.any(String), authorization_url: expect.any(String) },
    });
  });

  test.each([
    ["no key", null, "No Authorization header was found"],
    ["a wrong key", "sk_test_wrong", "Invalid key"],
    ["the public key", "pk_test_oja_simulator", "Invalid key"],
  ])("with %s answers 401", async (_name, key, message) => {
    const answer = await api("/transaction/initialize", { body: transaction(), key });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ status: false, message });
  });

  test.each([
    [{ amount: 4_999 }, "Invalid Amount Sent: the minimum is 5000 kobo (₦50.00)"],
    [{ amount: 5000.5 }, "Invalid Amount Sent: the amount must be a whole number of kobo"],
    [{ amount: "ten" }, "Invalid Amount Sent"],
    [{ email: "ada" }, "Invalid Email Address Passed"],
    [{ currency: "USD" }, "Currency not supported by merchant"],
    [{ reference: "oja ref/1" }, "only -, ., = and alphanumeric characters allowed"],
    [{ channels: ["card", "cash"] }, "Invalid channel"],
    [{ callback_url: "javascript:alert(1)" }, "Invalid callback_url"],
    [{ metadata: "[1, 2]" }, "Invalid metadata"],
  ])("refuses an initialize like Paystack (%o)", async (overrides, message) => {
    const answer = await api("/transaction/initialize", { body: transaction(overrides) });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { status: boolean; message: string };
    expect(body.status).toBe(false);
    expect(body.message).toContain(message);
  });

  test("takes the amount as digits too, and metadata as a JSON string, as Paystack does", async () => {
    const { reference } = await initialize({ amount: "5000", metadata: '{"cart":"c1"}' });
    const verified = await api(`/transaction/verify/${reference}`);
    expect(await verified.json()).toMatchObject({
      data: { amount: 5000, metadata: { cart: "c1" }, status: "abandoned" },
    });
  });

  test("a malformed JSON body is a 400 envelope", async () => {
    const answer = await fetch(`${paystack.url}/transaction/initialize`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${paystack.env.PAYSTACK_SECRET_KEY}`,
        "content-type": "application/json",
      },
      body: "{",
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ status: false, message: "Invalid JSON body" });
  });

  test("an unknown path is a 404 envelope", async () => {
    const answer = await api("/transaction/charge_authorization", { body: {} });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ status: false, message: "Route not found" });
  });
});

describe("the hosted checkout", () => {
  test("may be framed by the shop, posts only to itself or the shop, and is never cached", async () => {
    const { authorization_url } = await initialize();
    const page = await fetch(authorization_url);
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("frame-ancestors *");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("form-action 'self' http://localhost:3000");
    expect(policy).not.toContain("unsafe-inline");
    expect(page.headers.get("x-frame-options")).toBeNull();
    expect(page.headers.get("cache-control")).toBe("no-store");
  });

  test("labels every field, and loads one external script and no inline one", async () => {
    const { authorization_url } = await initialize();
    const html = await (await fetch(authorization_url)).text();
    for (const [id, label] of [
      ["number", "Card number"],
      ["expiry", "Expiry date"],
      ["cvv", "CVV"],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toMatch(/<script src="\/checkout\/assets\/checkout\.js" defer><\/script>/);
    expect(html).not.toMatch(/ style=/);
  });

  test("names each field's problem, keeps what was typed except the CVV, and answers 400", async () => {
    const { access_code } = await initialize();
    const answer = await postForm(`/checkout/${access_code}/pay`, {
      number: "4084 0840 8408 4082",
      expiry: "13/30",
      cvv: "",
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("Enter a valid card number, such as a test card below");
    expect(html).toContain("Enter the expiry date as MM/YY");
    expect(html).toContain("Enter the CVV");
    expect(html).toContain('aria-invalid="true">');
    expect(html).toContain('aria-describedby="number-error"');
    expect(html).toContain('value="4084 0840 8408 4082"');
  });

  test("an unknown access code is a 404 page that says what to do", async () => {
    const answer = await fetch(`${paystack.url}/checkout/nosuchcode`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain("This checkout link is not valid");
  });

  test("in the overlay, success hands the inline script what Paystack's onSuccess receives", async () => {
    const { access_code, reference } = await initialize();
    const answer = await postForm(`/checkout/${access_code}/pay`, {
      number: "4084084084084081",
      expiry,
      cvv: "408",
      parent_origin: "http://localhost:3000",
    });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain("Payment successful");
    expect(html).toContain('data-parent-origin="http://localhost:3000"');
    const message = /data-message="([^"]+)"/.exec(html)?.[1] ?? "";
    const id = String(paystack.simulator.transaction(reference)?.id);
    expect(JSON.parse(message.replaceAll("&quot;", '"'))).toEqual({
      type: "success",
      data: {
        reference,
        trans: id,
        status: "success",
        message: "Approved",
        transaction: id,
        trxref: reference,
      },
    });
  });

  test("in the overlay, cancel hands over a cancel message instead of leaving the page", async () => {
    const { access_code } = await initialize();
    const answer = await postForm(`/checkout/${access_code}/cancel`, {
      parent_origin: "http://localhost:3000",
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('data-message="{&quot;type&quot;:&quot;cancel&quot;}"');
  });

  test("an overlay origin that is not an http(s) origin is ignored", async () => {
    const { authorization_url } = await initialize();
    const html = await (
      await fetch(`${authorization_url}?origin=${encodeURIComponent("javascript:alert(1)")}`)
    ).text();
    expect(html).not.toContain("data-parent-origin");
    expect(html).toContain('class="full-page"');
  });

  test("shopper-supplied text is escaped", async () => {
    const { authorization_url } = await initialize({ label: '<script>alert("x")</script>' });
    const html = await (await fetch(authorization_url)).text();
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  test("serves its stylesheet and script, and nothing else from its assets", async () => {
    const css = await fetch(`${paystack.url}/checkout/assets/checkout.css`);
    expect(css.headers.get("content-type")).toContain("text/css");
    const js = await fetch(`${paystack.url}/checkout/assets/checkout.js`);
    expect(js.headers.get("content-type")).toContain("text/javascript");
    expect((await fetch(`${paystack.url}/checkout/assets/..%2Frouter.ts`)).status).toBe(404);
  });
});

describe("the card form's checks", () => {
  const now = new Date(2026, 10, 23);

  test("a test card with a future expiry and a CVV passes", () => {
    expect(checkCard({ number: "4084-0840-8408-4081", expiry: "1130", cvv: "408" }, now)).toEqual({
      errors: {},
      card: { number: "4084084084084081", month: "11", year: "2030" },
    });
  });

  test("a card that expired last month is refused; this month's still works", () => {
    expect(
      checkCard({ number: "4084084084084081", expiry: "10/26", cvv: "1" }, now).errors,
    ).toEqual({
      expiry: "This card has expired",
      cvv: "Enter the 3 digits on the back of the card",
    });
    expect(
      checkCard({ number: "4084084084084081", expiry: "11/26", cvv: "123" }, now).card,
    ).toBeTruthy();
  });
});

describe("the browser's side", () => {
  test("the inline script exposes PaystackPop with Paystack's v2 methods", async () => {
    const answer = await fetch(`${paystack.url}/v2/inline.js`);
    expect(answer.headers.get("content-type")).toContain("javascript");
    const script = await answer.text();
    expect(script).toContain("window.PaystackPop = PaystackPop");
    for (const method of ["resumeTransaction(", "newTransaction(", "cancelTransaction("]) {
      expect(script).toContain(method);
    }
    expect(script).toContain('frame.title = "Paystack test payment"');
    expect(script).toContain("event.origin !== checkoutOrigin");
  });

  test("request_inline initializes with the public key, from any origin", async () => {
    const preflight = await fetch(`${paystack.url}/checkout/request_inline`, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:3000", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const answer = await fetch(`${paystack.url}/checkout/request_inline`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({ key: paystack.env.PAYSTACK_PUBLIC_KEY, ...transaction() }),
    });
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: { access_code: string } };
    expect((await fetch(`${paystack.url}/checkout/${data.access_code}`)).status).toBe(200);
  });

  test("request_inline with the secret key instead of the public one is refused", async () => {
    const answer = await fetch(`${paystack.url}/checkout/request_inline`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key: paystack.env.PAYSTACK_SECRET_KEY, ...transaction() }),
    });
    expect(answer.status).toBe(401);
  });
});

describe("webhooks", () => {
  test("a payment sends charge.success, signed with the secret key over the exact body", async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    paystack.simulator.setWebhookUrl(receiver.url);
    const { reference } = await initialize();
    paystack.simulator.complete(reference, "success");
    await paystack.simulator.idle();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    if (!delivery) throw new Error("no webhook");
    expect(
      client().verifyWebhookSignature(
        delivery.body,
        delivery.headers["x-paystack-signature"] as string,
      ),
    ).toBe(true);
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(client().parseWebhookEvent(delivery.body)).toMatchObject({
      event: "charge.success",
      data: { reference, status: "success", amountKobo: 500_000, currency: "NGN" },
    });
  });

  test("a failed or declined attempt sends nothing", async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    paystack.simulator.setWebhookUrl(receiver.url);
    const { reference } = await initialize();
    paystack.simulator.complete(reference, "declined");
    paystack.simulator.complete(reference, "abandoned");
    await paystack.simulator.idle();
    expect(receiver.received).toHaveLength(0);
  });

  test("is sent again until the app answers 2xx", async () => {
    const receiver = await startReceiver([500, 503]);
    cleanups.push(receiver.close);
    paystack.simulator.setWebhookUrl(receiver.url);
    const { reference } = await initialize();
    paystack.simulator.complete(reference, "success");
    await paystack.simulator.idle();
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map(({ body }) => body)).size).toBe(1);
    const delivery = paystack.simulator.deliveries().find((entry) => entry.reference === reference);
    expect(delivery).toMatchObject({ delivered: true, done: true });
    expect(delivery?.attempts.map(({ status }) => status)).toEqual([500, 503, 200]);
  });

  test("gives up after the last retry", async () => {
    const receiver = await startReceiver([500, 500, 500, 500]);
    cleanups.push(receiver.close);
    paystack.simulator.setWebhookUrl(receiver.url);
    const { reference } = await initialize();
    paystack.simulator.complete(reference, "success");
    await paystack.simulator.idle();
    expect(receiver.received).toHaveLength(3);
    const delivery = paystack.simulator.deliveries().find((entry) => entry.reference === reference);
    expect(delivery).toMatchObject({ delivered: false, done: true });
  });

  test("a receiver that is down is retried too, as no answer", async () => {
    paystack.simulator.setWebhookUrl("http://127.0.0.1:9/api/payments/paystack/webhook");
    const { reference } = await initialize();
    paystack.simulator.complete(reference, "success");
    await paystack.simulator.idle();
    const delivery = paystack.simulator.deliveries().find((entry) => entry.reference === reference);
    expect(delivery?.attempts).toHaveLength(3);
    expect(delivery?.attempts[0]).toMatchObject({ status: null, error: expect.any(String) });
  });

  test("the shopper's page never waits for the webhook", async () => {
    const hanging = createServer(() => {});
    hanging.listen(0, "127.0.0.1");
    await once(hanging, "listening");
    cleanups.push(() => {
      hanging.closeAllConnections();
      hanging.close();
    });
    paystack.simulator.setWebhookUrl(
      `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/`,
    );
    const { access_code, reference } = await initialize();
    const started = performance.now();
    const answer = await postForm(`/checkout/${access_code}/pay`, {
      number: "4084084084084081",
      expiry,
      cvv: "408",
    });
    expect(answer.status).toBe(303);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(paystack.simulator.transaction(reference)?.status).toBe("success");
  });

  test("a refund is pending, then processed with a signed refund.processed webhook", async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    paystack.simulator.setWebhookUrl(receiver.url);
    const { reference } = await initialize();
    paystack.simulator.complete(reference, "success");
    const refund = await client().refund({ reference, amountKobo: 200_000 });
    expect(refund.status).toBe("pending");
    await paystack.simulator.idle();
    const processed = receiver.received.find(({ body }) => body.includes("refund.processed"));
    if (!processed) throw new Error("no refund.processed webhook");
    expect(
      client().verifyWebhookSignature(
        processed.body,
        processed.headers["x-paystack-signature"] as string,
      ),
    ).toBe(true);
    expect(client().parseWebhookEvent(processed.body)).toMatchObject({
      event: "refund.processed",
      data: { reference, status: "processed", amountKobo: 200_000, currency: "NGN" },
    });
    expect(paystack.simulator.transaction(reference)?.refunds[0]?.status).toBe("processed");
    // A partial refund leaves the payment a success; refunding the rest reverses it.
    expect((await client().verify(reference)).status).toBe("success");
    await client().refund({ reference });
    await paystack.simulator.idle();
    expect((await client().verify(reference)).status).toBe("reversed");
  });
});

describe("Paystack's documented event shapes", () => {
  test("refund events carry no refund id: pending first, then processed with its refund_reference; GET /refund/:id agrees", async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    paystack.simulator.setWebhookUrl(receiver.url);
    const { reference } = await initialize();
    paystack.simulator.complete(reference, "success");
    const refund = await client().refund({ reference, amountKobo: 150_000 });
    await paystack.simulator.idle();
    const events = receiver.received
      .map(({ body }) => JSON.parse(body) as { event: string; data: Record<string, unknown> })
      .filter(({ event }) => event.startsWith("refund."));
    expect(events.map(({ event }) => event)).toEqual(["refund.pending", "refund.processed"]);
    for (const { data } of events) {
      expect(data).not.toHaveProperty("id");
      expect(data).toMatchObject({ transaction_reference: reference, amount: "150000" });
    }
    expect(events[0]?.data.refund_reference).toBeNull();
    expect(events[1]?.data.refund_reference).toEqual(expect.any(String));
    expect(await client().fetchRefund(refund.providerId)).toMatchObject({
      providerId: refund.providerId,
      status: "processed",
      amountKobo: 150_000,
    });
    await expect(client().fetchRefund("999")).rejects.toMatchObject({ code: "not_found" });
  });

  test("a refund can end failed or needs-attention, as Paystack's can", async () => {
    const { reference } = await initialize();
    paystack.simulator.complete(reference, "success");
    paystack.simulator.setRefundOutcome("needs-attention");
    cleanups.push(() => paystack.simulator.setRefundOutcome("processed"));
    const refund = await client().refund({ reference });
    await paystack.simulator.idle();
    expect((await client().fetchRefund(refund.providerId)).status).toBe("needs-attention");
    expect((await client().verify(reference)).status).toBe("success");
  });

  test("a failed refund's amount can be refunded again, as Paystack credits it back", async () => {
    const { reference } = await initialize({ amount: 500_000 });
    paystack.simulator.complete(reference, "success");
    paystack.simulator.setRefundOutcome("failed");
    cleanups.push(() => paystack.simulator.setRefundOutcome("processed"));
    await client().refund({ reference, amountKobo: 300_000 });
    await paystack.simulator.idle();
    paystack.simulator.setRefundOutcome("processed");
    // Still pending, it would have counted: 300,000 + 300,000 > 500,000.
    const again = await client().refund({ reference, amountKobo: 300_000 });
    expect(again.amountKobo).toBe(300_000);
    await expect(client().refund({ reference, amountKobo: 200_001 })).rejects.toMatchObject({
      code: "rejected",
    });
  });

  test("with the fees passed on, the charge is the ask plus fees and requested_amount is the ask", async () => {
    paystack.simulator.setFeesOnCustomer(true);
    cleanups.push(() => paystack.simulator.setFeesOnCustomer(false));
    const { reference } = await initialize({ amount: 500_000 });
    paystack.simulator.complete(reference, "success");
    expect(await client().verify(reference)).toMatchObject({
      amountKobo: 500_000 + 7_500 + 10_000,
      requestedAmountKobo: 500_000,
    });
  });

  test("a dispute and its resolution are sent with the transaction nested, and an accepted one reverses it", async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    paystack.simulator.setWebhookUrl(receiver.url);
    const { reference } = await initialize();
    paystack.simulator.complete(reference, "success");
    paystack.simulator.dispute(reference, "create");
    paystack.simulator.dispute(reference, "resolve", "merchant-accepted");
    await paystack.simulator.idle();
    const disputes = receiver.received
      .map(({ body }) => client().parseWebhookEvent(body))
      .filter(({ event }) => event.startsWith("charge.dispute."));
    expect(disputes.map(({ event }) => event)).toEqual([
      "charge.dispute.create",
      "charge.dispute.resolve",
    ]);
    expect(disputes[0]?.data).toMatchObject({
      reference,
      status: "awaiting-merchant-feedback",
      transaction_reference: null,
    });
    expect(disputes[1]?.data).toMatchObject({
      status: "resolved",
      resolution: "merchant-accepted",
    });
    expect((await client().verify(reference)).status).toBe("reversed");
  });

  test("by default webhooks are retried on Paystack's schedule: every 3 minutes 4 times, then hourly for 72 hours", async () => {
    const { paystackRetryDelaysMs } = await import("./simulator.ts");
    expect(paystackRetryDelaysMs.slice(0, 5)).toEqual([
      180_000, 180_000, 180_000, 180_000, 3_600_000,
    ]);
    expect(paystackRetryDelaysMs.filter((delay) => delay === 3_600_000)).toHaveLength(72);
  });
});

describe("test hooks", () => {
  test("need the secret key", async () => {
    const { reference } = await initialize();
    const answer = await api(`/_test/transactions/${reference}/complete`, {
      body: { outcome: "success" },
      key: paystack.env.PAYSTACK_PUBLIC_KEY,
    });
    expect(answer.status).toBe(401);
  });

  test("complete a transaction without a browser, with any outcome", async () => {
    for (const [outcome, status] of [
      ["declined", "failed"],
      ["insufficient_funds", "failed"],
      ["abandoned", "abandoned"],
      ["success", "success"],
    ]) {
      const { reference } = await initialize();
      const answer = await api(`/_test/transactions/${reference}/complete`, { body: { outcome } });
      expect(answer.status).toBe(200);
      expect((await client().verify(reference)).status).toBe(status);
    }
    const { reference } = await initialize();
    const refused = await api(`/_test/transactions/${reference}/complete`, {
      body: { outcome: "maybe" },
    });
    expect(refused.status).toBe(400);
  });

  test("make verify and webhooks report another amount, currency or status", async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    paystack.simulator.setWebhookUrl(receiver.url);
    const { reference } = await initialize();
    await api(`/_test/transactions/${reference}/report`, {
      body: { amount: 100, currency: "GHS" },
    });
    await api(`/_test/transactions/${reference}/complete`, { body: { outcome: "success" } });
    await paystack.simulator.idle();
    expect(await client().verify(reference)).toMatchObject({ amountKobo: 100, currency: "GHS" });
    expect(client().parseWebhookEvent(receiver.received[0]?.body ?? "")).toMatchObject({
      data: { amountKobo: 100, currency: "GHS" },
    });
    const state = await api(`/_test/transactions/${reference}`);
    expect(await state.json()).toMatchObject({
      data: {
        true_amount: 500_000,
        true_currency: "NGN",
        reported: { amount: 100, currency: "GHS" },
      },
    });
  });

  test("send a paid transaction's charge.success again, many times at once", async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const { reference } = await initialize();
    await api(`/_test/transactions/${reference}/complete`, { body: { outcome: "success" } });
    paystack.simulator.setWebhookUrl(receiver.url);
    const answer = await api(`/_test/transactions/${reference}/webhooks`, { body: { times: 10 } });
    expect(answer.status).toBe(200);
    await paystack.simulator.idle();
    expect(receiver.received).toHaveLength(10);
    const deliveries = await api("/_test/webhooks");
    const listed = (await deliveries.json()) as { data: Array<{ reference: string }> };
    expect(listed.data.filter((entry) => entry.reference === reference)).toHaveLength(10);
  });

  test("reset forgets every transaction: verify then answers 404, as after a restart", async () => {
    const own = await startPaystackSimulator();
    cleanups.push(own.close);
    const answer = await fetch(`${own.url}/transaction/initialize`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${own.env.PAYSTACK_SECRET_KEY}`,
        "content-type": "application/json",
      },
      body: JSON.stringify(transaction()),
    });
    const { data } = (await answer.json()) as { data: { reference: string } };
    await fetch(`${own.url}/_test/reset`, {
      method: "POST",
      headers: { authorization: `Bearer ${own.env.PAYSTACK_SECRET_KEY}` },
    });
    const verify = await fetch(`${own.url}/transaction/verify/${data.reference}`, {
      headers: { authorization: `Bearer ${own.env.PAYSTACK_SECRET_KEY}` },
    });
    expect(verify.status).toBe(404);
  });

  test("are not served when turned off", async () => {
    const own = await startPaystackSimulator({ testHooks: false });
    cleanups.push(own.close);
    const answer = await fetch(`${own.url}/_test/webhooks`, {
      headers: { authorization: `Bearer ${own.env.PAYSTACK_SECRET_KEY}` },
    });
    expect(answer.status).toBe(404);
  });
});

test("the oldest transactions are forgotten beyond the limit", async () => {
  const own = await startPaystackSimulator({ maxTransactions: 2 });
  cleanups.push(own.close);
  const references = [1, 2, 3].map(() => {
    const created = own.simulator.initialize(transaction());
    return created.reference;
  });
  expect(references.map((reference) => own.simulator.transaction(reference) !== undefined)).toEqual(
    [false, true, true],
  );
});

describe("subaccounts and splits", () => {
  const gtbank = {
    businessName: "Ewa Spa",
    bankCode: "058",
    accountNumber: "0123456789",
    percentageCharge: 5,
    primaryContactEmail: "owner@ewaspa.example",
  };

  async function refusal(run: () => Promise<unknown>) {
    try {
      await run();
    } catch (error) {
      return error as { code: string; status: number | null; message: string };
    }
    throw new Error("expected a refusal");
  }

  test("a subaccount is created with Paystack's body and fetched back as Paystack answers it", async () => {
    const created = await client().createSubaccount(gtbank);
    expect(created).toEqual({
      subaccountCode: expect.stringMatching(/^ACCT_[a-z0-9]+$/),
      bankName: "Guaranty Trust Bank",
      accountNumber: "0123456789",
    });
    const answer = await api(`/subaccount/${created.subaccountCode}`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      status: true,
      data: {
        subaccount_code: created.subaccountCode,
        business_name: "Ewa Spa",
        settlement_bank: "Guaranty Trust Bank",
        account_number: "0123456789",
        percentage_charge: 5,
        primary_contact_email: "owner@ewaspa.example",
      },
    });
  });

  test.each([
    [{ accountNumber: "012345678" }, "Account number must be 10 digits"],
    [{ accountNumber: "01234567ab" }, "Account number must be 10 digits"],
    [{ bankCode: "999" }, "Unknown bank code: 999"],
    [{ businessName: " " }, "Business name is required"],
    [{ accountNumber: "0000000000" }, "Could not resolve account name"],
  ])(
    "bad bank details %j are refused with a 400 and Paystack's message",
    async (change, message) => {
      const error = await refusal(() => client().createSubaccount({ ...gtbank, ...change }));
      expect(error).toMatchObject({ code: "rejected", status: 400 });
      expect(error.message).toContain(message);
    },
  );

  test("the guides' bank_code is taken as settlement_bank; a missing field is named", async () => {
    const made = await api("/subaccount", {
      body: {
        business_name: "Braids",
        bank_code: "057",
        account_number: "1234567890",
        percentage_charge: 5,
      },
    });
    expect(made.status).toBe(200);
    const missing = await api("/subaccount", {
      body: { business_name: "Braids", account_number: "1234567890", percentage_charge: 5 },
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ status: false, message: "Settlement bank is required" });
  });

  test("a subaccount moved to another bank account reports the new one", async () => {
    const created = await client().createSubaccount(gtbank);
    const moved = await client().updateSubaccount(created.subaccountCode, {
      ...gtbank,
      bankCode: "057",
      accountNumber: "2222333344",
    });
    expect(moved).toEqual({
      subaccountCode: created.subaccountCode,
      bankName: "Zenith Bank",
      accountNumber: "2222333344",
    });
    const unknown = await refusal(() => client().updateSubaccount("ACCT_nothere", gtbank));
    expect(unknown).toMatchObject({ code: "not_found", status: 404 });
  });

  test("Nigeria's banks are listed with their codes, as GET /bank lists them", async () => {
    const answer = await api("/bank?country=nigeria");
    const { data } = (await answer.json()) as { data: Array<{ name: string; code: string }> };
    expect(data).toContainEqual(
      expect.objectContaining({ name: "Guaranty Trust Bank", code: "058" }),
    );
    expect(data).toContainEqual(expect.objectContaining({ name: "Zenith Bank", code: "057" }));
  });

  test("initialize refuses a split naming an unknown subaccount, or shares beyond the amount", async () => {
    const { subaccountCode } = await client().createSubaccount(gtbank);
    const split = (subaccounts: Array<{ subaccount: string; share: number }>) => ({
      split: { type: "flat", bearer_type: "account", subaccounts },
    });
    const unknown = await api("/transaction/initialize", {
      body: transaction(split([{ subaccount: "ACCT_nothere", share: 1000 }])),
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      status: false,
      message: expect.stringContaining("ACCT_nothere"),
    });
    const tooMuch = await api("/transaction/initialize", {
      body: transaction(split([{ subaccount: subaccountCode, share: 500_001 }])),
    });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.json()).toMatchObject({
      message: expect.stringContaining("cannot be more than"),
    });
    const fractional = await api("/transaction/initialize", {
      body: transaction(split([{ subaccount: subaccountCode, share: 10.5 }])),
    });
    expect(fractional.status).toBe(400);
  });

  test("a split is kept on the transaction: verify and charge.success carry it and what each party got", async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    paystack.simulator.setWebhookUrl(receiver.url);
    const spa = await client().createSubaccount(gtbank);
    const salon = await client().createSubaccount({
      ...gtbank,
      businessName: "Braids",
      bankCode: "033",
    });
    const reference = newPaymentReference();
    await client().initialize({
      email: "ada@example.com",
      amountKobo: 2_000_000,
      currency: "NGN",
      reference,
      channels: ["card"],
      metadata: {},
      callbackUrl: "http://localhost:3000/checkout/callback",
      split: {
        type: "flat",
        bearer_type: "account",
        subaccounts: [
          { subaccount: spa.subaccountCode, share: 1_200_000 },
          { subaccount: salon.subaccountCode, share: 700_000 },
        ],
      },
    });
    const before = (await (await api(`/transaction/verify/${reference}`)).json()) as {
      data: {
        split: {
          subaccounts: Array<{ subaccount: { subaccount_code: string }; share: number }>;
          shares: unknown;
        };
      };
    };
    expect(before.data.split).toMatchObject({ type: "flat", bearer_type: "account", shares: null });
    expect(
      before.data.split.subaccounts.map(({ subaccount, share }) => [
        subaccount.subaccount_code,
        share,
      ]),
    ).toEqual([
      [spa.subaccountCode, 1_200_000],
      [salon.subaccountCode, 700_000],
    ]);
    paystack.simulator.complete(reference, "success");
    await paystack.simulator.idle();
    const event = JSON.parse(receiver.received[0]?.body ?? "{}") as {
      data: {
        split: { shares: { paystack: number; integration: number; subaccounts: unknown[] } };
      };
    };
    // The main account keeps the rest and bears Paystack's fee (1.5% + ₦100 of ₦20,000 = ₦400).
    expect(event.data.split.shares).toEqual({
      paystack: 40_000,
      integration: 2_000_000 - 1_900_000 - 40_000,
      subaccounts: [
        { subaccount_code: spa.subaccountCode, amount: 1_200_000 },
        { subaccount_code: salon.subaccountCode, amount: 700_000 },
      ],
    });
  });

  test("a restarted simulator still takes the subaccounts it issued, as Paystack keeps them; a made-up code is refused", () => {
    const keys = { secretKey: "sk_test_restart", publicKey: "pk_test_restart" };
    const before = createPaystackSimulator(keys);
    const { subaccountCode } = before.createSubaccount({
      business_name: "Ewa Spa",
      settlement_bank: "058",
      account_number: "0123456789",
      percentage_charge: 5,
    });
    const after = createPaystackSimulator(keys);
    const split = (subaccount: string) => ({
      ...transaction(),
      split: { type: "flat", bearer_type: "account", subaccounts: [{ subaccount, share: 1000 }] },
    });
    expect(after.initialize(split(subaccountCode)).split?.subaccounts).toEqual([
      { subaccount: subaccountCode, share: 1000 },
    ]);
    const forged = `ACCT_${"0".repeat(24)}`;
    expect(() => after.initialize(split(forged))).toThrow(/not found/);
    // Moved to another account after the restart: the same code, the new account.
    expect(
      after.updateSubaccount(subaccountCode, {
        business_name: "Ewa Spa",
        settlement_bank: "057",
        account_number: "2222333344",
        percentage_charge: 5,
      }),
    ).toMatchObject({ subaccountCode, bankCode: "057" });
    expect(() => createPaystackSimulator(keys).updateSubaccount(forged, {})).toThrow(/not found/);
  });
});
