import { createHmac } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readSettings } from "#app/config.server.ts";
import {
  type RunningPaystackSimulator,
  startPaystackSimulator,
} from "#server/paystack-simulator/index.ts";
import { createPaystackClient } from "./paystack.server.ts";
import {
  createPaymentProvider,
  type InitializeInput,
  newPaymentReference,
  type PaymentProvider,
  PaymentProviderError,
  paymentDefaults,
} from "./provider.server.ts";

/**
 * The real client against the simulator over real HTTP; the hosted checkout is driven with
 * plain form posts, as a browser without JavaScript would.
 */
let paystack: RunningPaystackSimulator;
let client: PaymentProvider;

const fast = { baseDelay: 1, maxDelay: 50, timeout: 2_000 };
const successCard = "4084 0840 8408 4081";
const declinedCard = "4084 0800 0000 0409";
const insufficientFundsCard = "4084 0800 0000 5408";
const expiry = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`;

beforeAll(async () => {
  paystack = await startPaystackSimulator();
  client = clientFor(paystack.url);
});

afterAll(async () => {
  await paystack.close();
});

function clientFor(baseUrl: string, secretKey = paystack.env.PAYSTACK_SECRET_KEY) {
  return createPaystackClient({
    baseUrl,
    secretKey,
    publicKey: paystack.env.PAYSTACK_PUBLIC_KEY,
    inlineScriptUrl: `${baseUrl}/v2/inline.js`,
    testMode: true,
    http: fast,
  });
}

function order(overrides: Partial<InitializeInput> = {}): InitializeInput {
  return {
    email: "ada@example.com",
    amountKobo: 123_450,
    currency: paymentDefaults.currency,
    reference: newPaymentReference(),
    channels: paymentDefaults.channels,
    metadata: { checkoutId: "chk_1" },
    label: "Ewa Spa and 1 more",
    callbackUrl: "http://localhost:3000/checkout/callback?checkout=chk_1",
    ...overrides,
  };
}

/** What a call threw, for assertions on the error's fields. */
async function failure(pending: Promise<unknown>): Promise<PaymentProviderError> {
  try {
    await pending;
  } catch (error) {
    if (error instanceof PaymentProviderError) return error;
    throw error;
  }
  throw new Error("expected a PaymentProviderError");
}

/** Submits one of the hosted checkout's forms as a browser would, without following redirects. */
async function submit(authorizationUrl: string, form: "pay" | "cancel", fields = {}) {
  const page = await (await fetch(authorizationUrl)).text();
  const action = new RegExp(`action="([^"]+/${form})"`).exec(page)?.[1];
  if (!action) throw new Error(`no ${form} form on the page`);
  return fetch(new URL(action, authorizationUrl), {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

const payWith = (url: string, number: string) => submit(url, "pay", { number, expiry, cvv: "408" });

/** A server between the client and the simulator that misbehaves as each test asks. */
async function proxy(
  behave: (
    hit: number,
    req: IncomingMessage,
    res: ServerResponse,
    forward: () => Promise<Response>,
  ) => Promise<void>,
) {
  let hits = 0;
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const forward = () =>
      fetch(`${paystack.url}${req.url}`, {
        method: req.method,
        headers: {
          authorization: req.headers.authorization ?? "",
          "content-type": req.headers["content-type"] ?? "application/json",
        },
        body: req.method === "GET" ? undefined : body,
      });
    hits += 1;
    await behave(hits, req, res, forward);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function relay(res: ServerResponse, answer: Response) {
  res.writeHead(answer.status, { "content-type": "application/json" });
  res.end(await answer.text());
}

describe("a payment through the hosted checkout", () => {
  test("initialize gives an access code whose page shows the shop, the amount and the test cards", async () => {
    const input = order();
    const started = await client.initialize(input);
    expect(started.reference).toBe(input.reference);
    expect(started.authorizationUrl).toBe(`${paystack.url}/checkout/${started.accessCode}`);
    expect(started.accessCode).toMatch(/^[a-z2-7]{26}$/);
    const page = await fetch(started.authorizationUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("₦1,234.50");
    expect(html).toContain("ada@example.com");
    expect(html).toContain("Ewa Spa and 1 more");
    expect(html).toContain("Test mode");
    expect(html).toContain("4084 0840 8408 4081");
    expect(html).toContain("Pay ₦1,234.50");
    expect(html).toContain("Cancel payment");
  });

  test("a transaction nobody has paid yet verifies as abandoned, not as paid", async () => {
    const { reference } = await client.initialize(order());
    expect(await client.verify(reference)).toMatchObject({ status: "abandoned", paidAt: null });
  });

  test("the success card pays: back to the shop with the reference, and verify says success", async () => {
    const input = order();
    const started = await client.initialize(input);
    const answer = await payWith(started.authorizationUrl, successCard);
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe("http://localhost:3000/checkout/callback");
    expect(back.searchParams.get("checkout")).toBe("chk_1");
    expect(back.searchParams.get("trxref")).toBe(input.reference);
    expect(back.searchParams.get("reference")).toBe(input.reference);

    const verified = await client.verify(input.reference);
    expect(verified).toMatchObject({
      reference: input.reference,
      status: "success",
      amountKobo: 123_450,
      currency: "NGN",
      channel: "card",
      gatewayResponse: "Approved",
    });
    expect(verified.paidAt).toBeInstanceOf(Date);
    expect(verified.providerId).toMatch(/^\d+$/);
  });

  test("the declined card fails with a message on the page, and another card may still pay", async () => {
    const started = await client.initialize(order());
    const declined = await payWith(started.authorizationUrl, declinedCard);
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain("Payment declined");
    expect(await client.verify(started.reference)).toMatchObject({
      status: "failed",
      gatewayResponse: "Declined",
      paidAt: null,
    });
    expect((await payWith(started.authorizationUrl, successCard)).status).toBe(303);
    expect((await client.verify(started.reference)).status).toBe("success");
  });

  test("the insufficient-funds card fails with its own message", async () => {
    const started = await client.initialize(order());
    const answer = await payWith(started.authorizationUrl, insufficientFundsCard);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("does not have enough money");
    expect(await client.verify(started.reference)).toMatchObject({
      status: "failed",
      gatewayResponse: "Insufficient Funds",
    });
  });

  test("cancelling goes back to the shop and leaves the transaction abandoned", async () => {
    const started = await client.initialize(order());
    await payWith(started.authorizationUrl, declinedCard);
    const answer = await submit(started.authorizationUrl, "cancel");
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toContain(`trxref=${started.reference}`);
    expect(await client.verify(started.reference)).toMatchObject({
      status: "abandoned",
      gatewayResponse: "The transaction was not completed",
    });
  });

  test("a paid checkout can be neither paid again nor cancelled", async () => {
    const started = await client.initialize(order());
    await payWith(started.authorizationUrl, successCard);
    const post = (path: string, fields: Record<string, string> = {}) =>
      fetch(`${started.authorizationUrl}/${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const again = await post("pay", { number: successCard, expiry, cvv: "408" });
    expect(await again.text()).toContain("This payment is complete");
    expect((await post("cancel")).status).toBe(200);
    expect(await (await fetch(started.authorizationUrl)).text()).toContain(
      "This payment is complete",
    );
    const verified = await client.verify(started.reference);
    expect(verified.status).toBe("success");
    expect(paystack.simulator.transaction(started.reference)?.attempts).toHaveLength(1);
  });
});

describe("refusals become clear errors", () => {
  test("a wrong secret key is a 401 that says the key was refused", async () => {
    const error = await failure(clientFor(paystack.url, "sk_test_wrong").initialize(order()));
    expect(error).toMatchObject({ status: 401, code: "unauthorized", retryable: false });
    expect(error.message).toBe("Paystack refused the secret key: Invalid key");
  });

  test("a reference used twice is refused as a duplicate", async () => {
    const input = order();
    await client.initialize(input);
    const error = await failure(client.initialize(input));
    expect(error).toMatchObject({ status: 400, code: "duplicate_reference" });
    expect(error.message).toContain(`already has a transaction with reference ${input.reference}`);
  });

  test("verifying a reference the simulator never saw is a 404", async () => {
    const error = await failure(client.verify("oja-never-seen"));
    expect(error).toMatchObject({ status: 404, code: "not_found", retryable: false });
    expect(error.message).toContain("Transaction reference not found");
  });

  test("Paystack's own validation message is kept", async () => {
    const error = await failure(client.initialize(order({ email: "not an email" })));
    expect(error).toMatchObject({ status: 400, code: "rejected" });
    expect(error.message).toBe(
      "Paystack answered initialize with HTTP 400: Invalid Email Address Passed",
    );
  });

  test("a reference Paystack would refuse is refused before any call", async () => {
    const error = await failure(client.verify("oja/../../etc"));
    expect(error).toMatchObject({ status: null, code: "rejected" });
  });

  test("an amount that is not whole kobo is refused before any call", async () => {
    const error = await failure(client.initialize(order({ amountKobo: 1234.5 })));
    expect(error.message).toContain("positive whole number of kobo");
  });
});

describe("answers Oja does not expect", () => {
  async function fakePaystack(status: number, body: string) {
    return proxy(async (_hit, _req, res) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(body);
    });
  }

  test("a 2xx with status false is a refusal", async () => {
    const fake = await fakePaystack(200, JSON.stringify({ status: false, message: "Nope" }));
    const error = await failure(clientFor(fake.url).verify("oja-1"));
    fake.close();
    expect(error).toMatchObject({ status: 200, code: "rejected" });
    expect(error.message).toBe("Paystack refused verify oja-1: Nope");
  });

  test("an answer of the wrong shape is an error, never a crash or a guess", async () => {
    const body = { status: true, message: "ok", data: { reference: "oja-1", status: "paid" } };
    const fake = await fakePaystack(200, JSON.stringify(body));
    const error = await failure(clientFor(fake.url).verify("oja-1"));
    fake.close();
    expect(error).toMatchObject({ code: "invalid_response" });
    expect(error.message).toContain("is not understood");
  });

  test("a verification answered for another reference is refused", async () => {
    const started = await client.initialize(order());
    const fake = await proxy(async (_hit, _req, res, forward) => {
      const answer = (await (await forward()).json()) as { data: { reference: string } };
      answer.data.reference = "oja-someone-else";
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
    });
    const error = await failure(clientFor(fake.url).verify(started.reference));
    fake.close();
    expect(error.code).toBe("invalid_response");
  });

  test("an HTML error page from a proxy is reported with its status", async () => {
    const fake = await fakePaystack(418, "<html>teapot</html>");
    const error = await failure(clientFor(fake.url).verify("oja-1"));
    fake.close();
    expect(error).toMatchObject({ status: 418, code: "rejected" });
  });
});

describe("retries", () => {
  test("verify is tried again after a 503 and succeeds", async () => {
    const started = await client.initialize(order());
    const flaky = await proxy(async (hit, _req, res, forward) => {
      if (hit === 1) {
        res.writeHead(503, { "content-type": "application/json" });
        return void res.end(JSON.stringify({ status: false, message: "Try again" }));
      }
      await relay(res, await forward());
    });
    await expect(clientFor(flaky.url).verify(started.reference)).resolves.toMatchObject({
      reference: started.reference,
    });
    expect(flaky.hits()).toBe(2);
    flaky.close();
  });

  test("an initialize whose answer was lost is retried, and its own duplicate says so", async () => {
    const input = order();
    const lossy = await proxy(async (hit, _req, res, forward) => {
      const answer = await forward();
      if (hit === 1) {
        res.writeHead(502, { "content-type": "text/plain" });
        return void res.end("bad gateway");
      }
      await relay(res, answer);
    });
    const error = await failure(clientFor(lossy.url).initialize(input));
    lossy.close();
    expect(lossy.hits()).toBe(2);
    expect(error).toMatchObject({ code: "duplicate_reference", retryable: false });
    expect(error.message).toContain("whose answer was lost; initialize again with a new reference");
    // The first attempt did create the transaction, which nobody can pay without its access code.
    expect((await client.verify(input.reference)).status).toBe("abandoned");
  });

  test("a refund is never sent twice: a 503 is reported, not retried", async () => {
    const down = await proxy(async (_hit, _req, res) => {
      res.writeHead(503, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: false, message: "Service unavailable" }));
    });
    const error = await failure(clientFor(down.url).refund({ reference: "oja-1" }));
    down.close();
    expect(down.hits()).toBe(1);
    expect(error).toMatchObject({ status: 503, code: "unavailable", retryable: false });
  });

  test("no answer at all is reported as such, retryable only for safe calls", async () => {
    const closed = await proxy(async (_hit, req) => {
      req.socket.destroy();
    });
    const verify = await failure(clientFor(closed.url).verify("oja-1"));
    const refund = await failure(clientFor(closed.url).refund({ reference: "oja-1" }));
    closed.close();
    expect(verify).toMatchObject({ status: null, code: "no_answer", retryable: true });
    expect(refund).toMatchObject({ status: null, code: "no_answer", retryable: false });
    expect(refund.message).toContain("it may have been carried out");
  });
});

describe("refunds", () => {
  test("a paid transaction is refunded whole; a second refund is refused", async () => {
    const started = await client.initialize(order());
    await payWith(started.authorizationUrl, successCard);
    const refund = await client.refund({ reference: started.reference, reason: "Out of stock" });
    expect(refund.status).toBe("pending");
    expect(refund.providerId).toMatch(/^\d+$/);
    const again = await failure(client.refund({ reference: started.reference }));
    expect(again.message).toContain("Transaction has been fully reversed");
    const transaction = paystack.simulator.transaction(started.reference);
    expect(transaction?.refunds).toMatchObject([
      { amount: 123_450, merchantNote: "Out of stock", customerNote: "Out of stock" },
    ]);
  });

  test("partial refunds may not add up to more than was paid", async () => {
    const started = await client.initialize(order({ amountKobo: 10_000 }));
    await payWith(started.authorizationUrl, successCard);
    await client.refund({ reference: started.reference, amountKobo: 6_000 });
    const error = await failure(client.refund({ reference: started.reference, amountKobo: 5_000 }));
    expect(error.message).toContain("cannot be more than the amount not yet refunded (4000 kobo)");
    await expect(
      client.refund({ reference: started.reference, amountKobo: 4_000 }),
    ).resolves.toMatchObject({ status: "pending" });
  });

  test("an unpaid transaction can't be refunded, and an unknown one is not found", async () => {
    const started = await client.initialize(order());
    const unpaid = await failure(client.refund({ reference: started.reference }));
    expect(unpaid).toMatchObject({ status: 400, code: "rejected" });
    expect(unpaid.message).toContain("Only a successful transaction can be refunded");
    expect(await failure(client.refund({ reference: "oja-unknown" }))).toMatchObject({
      status: 404,
      code: "not_found",
    });
  });
});

describe("webhook signatures", () => {
  const body = JSON.stringify({ event: "charge.success", data: { reference: "oja-1" } });
  const signed = (text: string, key = paystack.env.PAYSTACK_SECRET_KEY) =>
    createHmac("sha512", key).update(text).digest("hex");

  test("a body signed with the secret key is accepted, in either case of hex", () => {
    expect(client.verifyWebhookSignature(body, signed(body))).toBe(true);
    expect(client.verifyWebhookSignature(body, signed(body).toUpperCase())).toBe(true);
  });

  test.each([
    ["a tampered body", () => signed(body.replace("oja-1", "oja-2"))],
    ["another key", () => signed(body, "sk_test_someone_else")],
    ["no header", () => null],
    ["an empty header", () => ""],
    ["text that is not hex", () => "z".repeat(128)],
    ["a digest cut short", () => signed(body).slice(0, 64)],
    ["a digest too long", () => `${signed(body)}00`],
  ])("%s is refused", (_name, signature) => {
    expect(client.verifyWebhookSignature(body, signature())).toBe(false);
  });
});

describe("webhook events", () => {
  test("charge.success names its reference, amount and currency", () => {
    const event = client.parseWebhookEvent(
      JSON.stringify({
        event: "charge.success",
        data: { reference: "oja-1", status: "success", amount: 123_450, currency: "NGN", id: 7 },
      }),
    );
    expect(event).toEqual({
      event: "charge.success",
      data: expect.objectContaining({
        reference: "oja-1",
        status: "success",
        amountKobo: 123_450,
        currency: "NGN",
        id: 7,
      }),
    });
  });

  test("refund.processed names the refunded transaction's reference", () => {
    const event = client.parseWebhookEvent(
      JSON.stringify({
        event: "refund.processed",
        data: { transaction_reference: "oja-1", status: "processed", amount: 500 },
      }),
    );
    expect(event.data).toMatchObject({ reference: "oja-1", status: "processed", amountKobo: 500 });
  });

  test.each([
    ["not JSON", "{"],
    ["no event", JSON.stringify({ data: {} })],
    ["no data", JSON.stringify({ event: "charge.success" })],
  ])("a body with %s is malformed", (_name, raw) => {
    expect(() => client.parseWebhookEvent(raw)).toThrow(PaymentProviderError);
  });

  test.each([
    [
      "an event Oja does not use",
      { event: "customeridentification.success", data: { email: "a@b.c" } },
    ],
    ["a charge without a reference", { event: "charge.success", data: {} }],
  ])("%s parses with an empty reference, so it can be acknowledged", (_name, body) => {
    expect(client.parseWebhookEvent(JSON.stringify(body)).data.reference).toBe("");
  });
});

describe("references and settings", () => {
  test("payment references are unique and use only Paystack's characters", () => {
    const references = Array.from({ length: 1000 }, () => newPaymentReference());
    expect(new Set(references).size).toBe(1000);
    for (const reference of references) expect(reference).toMatch(/^oja-[a-z0-9]+-[0-9a-f]{32}$/);
  });

  test("the embedded default uses the simulator inside Oja, test mode", () => {
    const provider = createPaymentProvider(readSettings({}).paystack);
    expect(provider.browser).toEqual({
      publicKey: "pk_test_oja_simulator",
      inlineScriptUrl: "/_paystack/v2/inline.js",
      testMode: true,
    });
  });

  test("Paystack keys use Paystack's own inline script; live keys are not test mode", () => {
    const live = readSettings({
      PAYSTACK_SECRET_KEY: "sk_live_x",
      PAYSTACK_PUBLIC_KEY: "pk_live_x",
    });
    expect(createPaymentProvider(live.paystack).browser).toEqual({
      publicKey: "pk_live_x",
      inlineScriptUrl: "https://js.paystack.co/v2/inline.js",
      testMode: false,
    });
  });

  test("a client made from a standalone simulator's settings pays through it", async () => {
    const provider = createPaymentProvider(readSettings(paystack.env).paystack, { http: fast });
    expect(provider.browser.inlineScriptUrl).toBe(`${paystack.url}/v2/inline.js`);
    const started = await provider.initialize(order());
    paystack.simulator.complete(started.reference, "success");
    expect((await provider.verify(started.reference)).status).toBe("success");
  });

  test("a reported amount and currency are what verify answers (for mismatch tests)", async () => {
    const started = await client.initialize(order());
    paystack.simulator.complete(started.reference, "success");
    paystack.simulator.report(started.reference, { amount: 100, currency: "USD" });
    expect(await client.verify(started.reference)).toMatchObject({
      status: "success",
      amountKobo: 100,
      currency: "USD",
    });
    paystack.simulator.report(started.reference, {});
    expect((await client.verify(started.reference)).amountKobo).toBe(123_450);
  });
});
