import pino, { type Logger } from "pino";
import { readSettings } from "#app/config.server.ts";
import type { Database } from "#app/db/database.server.ts";
import { createPaymentProvider, type PaymentProvider } from "#app/payments/provider.server.ts";
import * as webhook from "#app/routes/api-paystack-webhook.ts";
import {
  type RunningPaystackSimulator,
  sign,
  startPaystackSimulator,
} from "#server/paystack-simulator/index.ts";
import { routeArgs } from "./router-context.ts";

/**
 * Payments for integration tests: the Paystack simulator as its own HTTP server and Oja's real
 * client pointed at it, plus a logger whose lines the test can read.
 *
 *   const pay = await startTestPayments();
 *   pay.simulator.complete(reference, "success"); // as the hosted page would
 */
export interface TestPayments {
  provider: PaymentProvider;
  simulator: RunningPaystackSimulator["simulator"];
  /** Settings that point a test's services (routeArgs' env) at this simulator. */
  env: RunningPaystackSimulator["env"];
  log: Logger;
  /** What was logged at `level`, as pino's JSON objects. */
  logged(level: "info" | "warn" | "error"): Array<Record<string, unknown>>;
  /** A charge.success body for a paid transaction, and its valid signature. */
  signedChargeSuccess(reference: string): { body: string; signature: string };
  /** Posts a webhook to Oja's webhook route, as the provider would. */
  postWebhook(db: Database, signed: { body: string; signature?: string }): Promise<Response>;
  close(): Promise<void>;
}

const levels = { info: 30, warn: 40, error: 50 } as const;

export async function startTestPayments(): Promise<TestPayments> {
  const running = await startPaystackSimulator({ webhookRetryDelaysMs: [50, 100] });
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const provider = createPaymentProvider(readSettings(running.env).paystack, {
    http: { retries: 0 },
  });
  return {
    provider,
    simulator: running.simulator,
    env: running.env,
    log,
    logged: (level) => lines.filter((line) => line.level === levels[level]),
    signedChargeSuccess(reference) {
      const transaction = running.simulator.transaction(reference);
      if (!transaction) throw new Error(`no transaction ${reference}`);
      const body = JSON.stringify({
        event: "charge.success",
        data: running.simulator.describe(transaction),
      });
      return { body, signature: sign(body, running.env.PAYSTACK_SECRET_KEY) };
    },
    async postWebhook(db, signed) {
      const headers = new Headers({ "content-type": "application/json" });
      if (signed.signature !== undefined) headers.set("x-paystack-signature", signed.signature);
      const request = new Request("http://localhost:3000/api/payments/paystack/webhook", {
        method: "POST",
        headers,
        body: signed.body,
      });
      const args = await routeArgs(db, request, "/api/payments/paystack/webhook", {}, running.env);
      return webhook.action(args as never) as Promise<Response>;
    },
    close: running.close,
  };
}
