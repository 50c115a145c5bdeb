import { randomBytes } from "node:crypto";
import type { Settings } from "#app/config.server.ts";
import type { ClientSettings } from "#app/http/http-client.ts";
import type { transactionStatuses } from "./contract.server.ts";
import { createPaystackClient } from "./paystack.server.ts";

export {
  PaymentProviderError,
  type PaymentProviderErrorCode,
  transactionStatuses,
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

export interface InitializeInput {
  email: string;
  /** A whole number of kobo. */
  amountKobo: number;
  currency: "NGN";
  /** From newPaymentReference(): unique, letters, digits, "-", "." and "=" only. */
  reference: string;
  channels: readonly string[];
  metadata: Record<string, unknown>;
  /** Shown on the checkout instead of the email. */
  label?: string;
  /** Where a full-page checkout returns, with `?trxref=<reference>&reference=<reference>`. */
  callbackUrl: string;
}

export interface InitializedTransaction {
  authorizationUrl: string;
  /** What the browser's `resumeTransaction(accessCode)` opens. */
  accessCode: string;
  reference: string;
}

/**
 * Paystack's transaction statuses. Only `success` means paid (and `reversed`: paid, then fully
 * refunded). `abandoned` is also the status of a transaction nobody has tried to pay yet, and
 * `failed` may still be followed by a successful attempt with another card: neither is final.
 */
export type TransactionStatus = (typeof transactionStatuses)[number];

export interface VerifiedTransaction {
  reference: string;
  status: TransactionStatus;
  amountKobo: number;
  currency: string;
  paidAt: Date | null;
  channel: string | null;
  gatewayResponse: string;
  /** Paystack's transaction id, as text (it is a 64-bit number). */
  providerId: string;
}

export interface RefundResult {
  providerId: string;
  /** pending | processing | processed | failed */
  status: string;
}

export interface WebhookEvent {
  /** `charge.success`, `refund.processed`, … */
  event: string;
  /**
   * The event's data as sent, plus: `reference`, the transaction's reference (a refund event's
   * `transaction_reference`); `amountKobo` and `currency`, the amount and currency the event
   * reports (a refund event's are the refund's, not the transaction's).
   */
  data: {
    reference: string;
    status?: string;
    amountKobo?: number;
    currency?: string;
  } & Record<string, unknown>;
}

export interface PaymentProvider {
  /** What the browser needs: Paystack's public key and the inline script to load. */
  browser: { publicKey: string; inlineScriptUrl: string; testMode: boolean };
  /**
   * Creates the transaction. Throws PaymentProviderError; `code: "duplicate_reference"` means
   * the reference was already used (also when a retried attempt finds its own lost first
   * attempt): make a new reference and initialize again.
   */
  initialize(input: InitializeInput): Promise<InitializedTransaction>;
  /** Reads `data.status`, never the envelope's status. Unknown reference: status 404. */
  verify(reference: string): Promise<VerifiedTransaction>;
  /** Never retried (a refund is not idempotent); the whole amount when none is given. */
  refund(input: { reference: string; amountKobo?: number; reason?: string }): Promise<RefundResult>;
  /** Hex HMAC-SHA512 of the raw body keyed by the secret key, constant-time compare. */
  verifyWebhookSignature(rawBody: string, signature: string | null | undefined): boolean;
  /** Parses a (signature-checked) webhook body; throws PaymentProviderError on a malformed one. */
  parseWebhookEvent(rawBody: string): WebhookEvent;
}

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
