/**
 * The values of the payment provider contract (provider.server.ts re-exports them), apart so
 * that the Paystack implementation can use them without importing the module that creates it.
 */

/** Paystack's transaction statuses; see TransactionStatus in provider.server.ts. */
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
