import type { PaymentSplit } from "#app/payouts/split.ts";

/**
 * The payment provider contract, its types and values (provider.server.ts re-exports them), apart
 * so that the Paystack implementation can use them without importing the module that creates it.
 */

/** Paystack's transaction statuses; see TransactionStatus below. */
export const transactionStatuses = [
  "success",
  "failed",
  "abandoned",
  "pending",
  "ongoing",
  "processing",
  "queued",
  "reversed",
] as const;

export type PaymentProviderErrorCode =
  /** The secret key was refused (HTTP 401). */
  | "unauthorized"
  /** No such transaction (verify, refund). */
  | "not_found"
  /** The reference is taken: initialize again with a new one. */
  | "duplicate_reference"
  /** Paystack refused the request as invalid (4xx). */
  | "rejected"
  /** Paystack failed or is overloaded (429, 5xx). */
  | "unavailable"
  /** No answer: connection failed or timed out. */
  | "no_answer"
  /** An answer Oja does not understand (shape, or a malformed webhook). */
  | "invalid_response";

export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  /** The HTTP status of Paystack's answer; null when there was no answer. */
  readonly status: number | null;
  readonly code: PaymentProviderErrorCode;
  /** The same call may succeed later (only ever true for calls that are safe to repeat). */
  readonly retryable: boolean;

  constructor(
    message: string,
    options: {
      status: number | null;
      code: PaymentProviderErrorCode;
      retryable?: boolean;
      cause?: unknown;
    },
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.retryable = options.retryable ?? false;
  }
}

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
  /**
   * Paystack's dynamic multi-split: each business's share (whole kobo, "flat") to its
   * subaccount, the rest to Oja's main account, which bears Paystack's fee ("account").
   * https://paystack.com/docs/payments/multi-split-payments/#dynamic-splits (decision 026)
   */
  split?: PaymentSplit;
}

/** A business's bank account, for Paystack to settle its share to (decision 026). */
export interface SubaccountInput {
  businessName: string;
  /** The bank's code in Paystack's list of banks. */
  bankCode: string;
  /** The 10-digit NUBAN. */
  accountNumber: string;
  /** Paystack's default cut for the main account when a payment names only this subaccount. */
  percentageCharge: number;
  primaryContactEmail?: string;
}

export interface Subaccount {
  /** `ACCT_…` */
  subaccountCode: string;
  /** The bank's name as Paystack reports it. */
  bankName: string;
  accountNumber: string;
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
  /** What was charged: more than was asked when the fees are passed on to the shopper. */
  amountKobo: number;
  /**
   * What the merchant asked for (Paystack's `requested_amount`); equal to `amountKobo` unless
   * the fees are passed on to the shopper. Null when the answer doesn't say.
   */
  requestedAmountKobo: number | null;
  currency: string;
  paidAt: Date | null;
  channel: string | null;
  gatewayResponse: string;
  /** Paystack's transaction id, as text (it is a 64-bit number). */
  providerId: string;
}

/** Paystack's refund statuses (https://paystack.com/docs/payments/refunds/). */
export type RefundStatus = "pending" | "processing" | "needs-attention" | "failed" | "processed";

export interface RefundResult {
  providerId: string;
  /** pending | processing | needs-attention | failed | processed (others are passed on as sent) */
  status: string;
  /** The refund's amount in kobo. */
  amountKobo?: number;
}

export interface WebhookEvent {
  /** `charge.success`, `refund.processed`, … */
  event: string;
  /**
   * The event's data as sent, plus: `reference`, the transaction's reference (a refund event's
   * `transaction_reference`, a dispute event's `transaction.reference`); `amountKobo` and `currency`, the amount and currency the event
   * reports (a refund event's are the refund's, not the transaction's).
   */
  data: {
    reference: string;
    status?: string;
    amountKobo?: number;
    /** A charge's `requested_amount` (what was asked, before fees passed on to the shopper). */
    requestedAmountKobo?: number;
    /** A refund event's `refund_reference` (the processor's; null until it is known). */
    refundReference?: string;
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
  /** `GET /refund/:id`: where a refund is now. Safe to repeat. */
  fetchRefund(providerRefundId: string): Promise<RefundResult>;
  /**
   * `POST /subaccount`: makes the subaccount a business's shares are settled to. Never retried
   * (a second one would be made); refused bank details are `code: "rejected"`.
   */
  createSubaccount(input: SubaccountInput): Promise<Subaccount>;
  /** `PUT /subaccount/:code`: points an existing subaccount at another bank account. */
  updateSubaccount(subaccountCode: string, input: SubaccountInput): Promise<Subaccount>;
  /** Hex HMAC-SHA512 of the raw body keyed by the secret key, constant-time compare. */
  verifyWebhookSignature(rawBody: string, signature: string | null | undefined): boolean;
  /** Parses a (signature-checked) webhook body; throws PaymentProviderError on a malformed one. */
  parseWebhookEvent(rawBody: string): WebhookEvent;
}
