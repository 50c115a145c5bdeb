import { randomBytes } from "node:crypto";
import type { Settings } from "#app/config.server.ts";
import type { ClientSettings } from "#app/http/http-client.ts";
import type { PaymentProvider } from "./contract.server.ts";
import { createPaystackClient } from "./paystack.server.ts";

export {
  type InitializedTransaction,
  type InitializeInput,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentProviderErrorCode,
  type RefundResult,
  type RefundStatus,
  type Subaccount,
  type SubaccountInput,
  type TransactionStatus,
  transactionStatuses,
  type VerifiedTransaction,
  type WebhookEvent,
} from "./contract.server.ts";

/**
 * What Oja asks of a payment provider. The one implementation speaks Paystack's HTTP API; in
 * test mode it talks to the Paystack-compatible simulator (server/paystack-simulator/), so the
 * code path is the same and only the base URL and keys differ
 * (docs/decisions/013-paystack-client-and-simulator.md).
 */

/** The spec's payment defaults (section 9). */
export const paymentDefaults = {
  currency: "NGN",
  channels: ["card", "bank", "ussd", "qr", "mobile_money"],
} as const;

/**
 * A unique payment reference, e.g. `oja-mi3k2x1a-3f9c…`: the time keeps references sortable
 * in Paystack's dashboard, 128 random bits keep them unguessable and unique across instances.
 */
export function newPaymentReference(now = Date.now()): string {
  return `oja-${now.toString(36)}-${randomBytes(16).toString("hex")}`;
}

/** The provider of these settings: Paystack, or the simulator (in process or standalone). */
export function createPaymentProvider(
  paystack: Settings["paystack"],
  options: { http?: Partial<ClientSettings> } = {},
): PaymentProvider {
  return createPaystackClient({
    baseUrl: paystack.apiBaseUrl,
    secretKey: paystack.secretKey,
    publicKey: paystack.publicKey,
    inlineScriptUrl: paystack.inlineScriptUrl,
    testMode: paystack.testMode,
    http: options.http,
  });
}
