import { createHmac, timingSafeEqual } from "node:crypto";
import {
  type ClientSettings,
  createHttpClient,
  HttpError,
  HttpTimeoutError,
  type RequestOptions,
} from "#app/http/http-client.ts";
import { z } from "#app/zod.ts";
import {
  type InitializedTransaction,
  type InitializeInput,
  type PaymentProvider,
  PaymentProviderError,
  type RefundResult,
  type Subaccount,
  type SubaccountInput,
  transactionStatuses,
  type VerifiedTransaction,
  type WebhookEvent,
} from "./contract.server.ts";

/**
 * Paystack's HTTP API (https://paystack.com/docs/api/), server side: every call carries the
 * secret key, every answer is checked against a schema before Oja reads it, and every failure
 * becomes a PaymentProviderError that says what happened.
 */
export interface PaystackClientOptions {
  /** https://api.paystack.co, or a Paystack-compatible API such as the simulator. */
  baseUrl: string;
  secretKey: string;
  publicKey: string;
  inlineScriptUrl: string;
  testMode: boolean;
  /** Timeouts and backoff of the HTTP client (tests make them short). */
  http?: Partial<ClientSettings>;
}

/** Paystack's rule for references: letters, digits, "-", "." and "=". */
export const referencePattern = /^[A-Za-z0-9.=-]+$/;

/** Every answer: `{ status, message, data }`; `status: false` is a refusal, whatever the HTTP status. */
const envelopeSchema = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  data: z.unknown().optional(),
});

const timestamp = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), "must be a date")
  .transform((value) => new Date(value));

const providerId = z.union([z.number().int(), z.string().min(1)]).transform(String);

const initializeSchema = z.object({
  authorization_url: z.url(),
  access_code: z.string().min(1),
  reference: z.string().min(1),
});

/** Paystack sends some amounts as JSON numbers and some as strings of digits (refund events). */
const kobo = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);

const verifySchema = z.object({
  id: providerId,
  reference: z.string(),
  status: z.enum(transactionStatuses),
  amount: z.number().int().nonnegative(),
  requested_amount: kobo.nullish(),
  currency: z.string().min(1),
  paid_at: timestamp.nullish(),
  channel: z.string().nullish(),
  gateway_response: z.string().nullish(),
});

const refundSchema = z.object({
  id: providerId,
  status: z.string().min(1),
  amount: kobo.optional(),
});

/** A subaccount as `POST`/`PUT /subaccount` answer it (settlement_bank is the bank's name). */
const subaccountSchema = z.object({
  subaccount_code: z.string().regex(/^ACCT_/),
  settlement_bank: z.string(),
  account_number: z.string(),
});

const webhookSchema = z.object({
  event: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
});

const duplicateReference = /duplicate transaction reference/i;

export function createPaystackClient(options: PaystackClientOptions): PaymentProvider {
  const { secretKey } = options;
  const { request } = createHttpClient({ ...options.http, baseURL: options.baseUrl });

  /**
   * One call: the answer's envelope and data checked, or a PaymentProviderError. `repeatable`
   * says whether the HTTP client may send it again (verify; initialize, whose unique reference
   * makes a second arrival a "Duplicate Transaction Reference" instead of a second transaction).
   */
  async function call<T>(
    operation: string,
    path: string,
    schema: z.ZodType<T>,
    init: RequestOptions & { repeatable: boolean },
  ): Promise<T> {
    const { repeatable, ...requestOptions } = init;
    let body: unknown;
    try {
      body = await request(path, {
        ...requestOptions,
        headers: { authorization: `Bearer ${secretKey}`, accept: "application/json" },
        retries: repeatable ? undefined : 0,
      });
    } catch (error) {
      throw failure(operation, error, repeatable);
    }
    const envelope = envelopeSchema.safeParse(body);
    if (!envelope.success) throw unexpected(operation, envelope.error, 200);
    if (!envelope.data.status) {
      const message = envelope.data.message ?? "no message";
      throw new PaymentProviderError(`Paystack refused ${operation}: ${message}`, {
        status: 200,
        code: duplicateReference.test(message) ? "duplicate_reference" : "rejected",
      });
    }
    const data = schema.safeParse(envelope.data.data);
    if (!data.success) throw unexpected(operation, data.error, 200);
    return data.data;
  }

  async function initialize(input: InitializeInput): Promise<InitializedTransaction> {
    checkReference(input.reference);
    if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo <= 0) {
      throw new PaymentProviderError(
        `Cannot initialize ${input.reference}: the amount must be a positive whole number of kobo, got ${input.amountKobo}`,
        { status: null, code: "rejected" },
      );
    }
    let attempts = 0;
    try {
      const data = await call("initialize", "/transaction/initialize", initializeSchema, {
        method: "POST",
        body: {
          email: input.email,
          amount: input.amountKobo,
          currency: input.currency,
          reference: input.reference,
          channels: [...input.channels],
          // Paystack documents metadata as a JSON string; it answers with it parsed.
          metadata: JSON.stringify(input.metadata),
          ...(input.label ? { label: input.label } : {}),
          callback_url: input.callbackUrl,
          ...(input.split ? { split: input.split } : {}),
        },
        // Lets the HTTP client retry this POST; Paystack itself deduplicates by the reference.
        idempotencyKey: input.reference,
        repeatable: true,
        onRequest: () => {
          attempts += 1;
        },
      });
      if (data.reference !== input.reference) {
        throw new PaymentProviderError(
          `Paystack initialized ${data.reference} when asked for ${input.reference}`,
          { status: 200, code: "invalid_response" },
        );
      }
      return {
        authorizationUrl: data.authorization_url,
        accessCode: data.access_code,
        reference: data.reference,
      };
    } catch (error) {
      if (error instanceof PaymentProviderError && error.code === "duplicate_reference") {
        // A retry that meets its own reference: the first attempt reached Paystack but its answer
        // (the access code) was lost, and Paystack never tells it again. That transaction can't be
        // paid by anyone, so the safe way on is a new reference.
        const lost = attempts > 1;
        throw new PaymentProviderError(
          lost
            ? `Paystack received an earlier attempt to initialize ${input.reference} whose answer was lost; initialize again with a new reference`
            : `Paystack already has a transaction with reference ${input.reference}; initialize with a new reference`,
          { status: error.status, code: "duplicate_reference", cause: error },
        );
      }
      throw error;
    }
  }

  async function verify(reference: string): Promise<VerifiedTransaction> {
    checkReference(reference);
    const data = await call(
      `verify ${reference}`,
      `/transaction/verify/${encodeURIComponent(reference)}`,
      verifySchema,
      { method: "GET", repeatable: true },
    );
    if (data.reference !== reference) {
      throw new PaymentProviderError(
        `Paystack answered the verification of ${reference} with ${data.reference}`,
        { status: 200, code: "invalid_response" },
      );
    }
    return {
      reference: data.reference,
      status: data.status,
      amountKobo: data.amount,
      requestedAmountKobo: data.requested_amount ?? null,
      currency: data.currency,
      paidAt: data.paid_at ?? null,
      channel: data.channel ?? null,
      gatewayResponse: data.gateway_response ?? "",
      providerId: data.id,
    };
  }

  async function refund(input: {
    reference: string;
    amountKobo?: number;
    reason?: string;
  }): Promise<RefundResult> {
    checkReference(input.reference);
    if (
      input.amountKobo !== undefined &&
      (!Number.isSafeInteger(input.amountKobo) || input.amountKobo <= 0)
    ) {
      throw new PaymentProviderError(
        `Cannot refund ${input.reference}: the amount must be a positive whole number of kobo, got ${input.amountKobo}`,
        { status: null, code: "rejected" },
      );
    }
    const data = await call(`refund ${input.reference}`, "/refund", refundSchema, {
      method: "POST",
      body: {
        transaction: input.reference,
        ...(input.amountKobo === undefined ? {} : { amount: input.amountKobo }),
        ...(input.reason ? { merchant_note: input.reason, customer_note: input.reason } : {}),
      },
      repeatable: false,
    });
    return { providerId: data.id, status: data.status, amountKobo: data.amount };
  }

  async function fetchRefund(providerRefundId: string): Promise<RefundResult> {
    if (!/^\d+$/.test(providerRefundId)) {
      throw new PaymentProviderError(`"${providerRefundId}" is not a Paystack refund id`, {
        status: null,
        code: "rejected",
      });
    }
    const data = await call(
      `fetch refund ${providerRefundId}`,
      `/refund/${providerRefundId}`,
      refundSchema,
      {
        method: "GET",
        repeatable: true,
      },
    );
    return { providerId: data.id, status: data.status, amountKobo: data.amount };
  }

  /** Paystack's documented body: the bank goes as its code in `settlement_bank`. */
  function subaccountBody(input: SubaccountInput) {
    return {
      business_name: input.businessName,
      settlement_bank: input.bankCode,
      account_number: input.accountNumber,
      percentage_charge: input.percentageCharge,
      ...(input.primaryContactEmail ? { primary_contact_email: input.primaryContactEmail } : {}),
    };
  }

  function subaccountOf(data: z.infer<typeof subaccountSchema>): Subaccount {
    return {
      subaccountCode: data.subaccount_code,
      bankName: data.settlement_bank,
      accountNumber: data.account_number,
    };
  }

  async function createSubaccount(input: SubaccountInput): Promise<Subaccount> {
    const data = await call("create subaccount", "/subaccount", subaccountSchema, {
      method: "POST",
      body: subaccountBody(input),
      // Not repeatable: Paystack makes a new subaccount for every request it receives.
      repeatable: false,
    });
    return subaccountOf(data);
  }

  async function updateSubaccount(code: string, input: SubaccountInput): Promise<Subaccount> {
    if (!/^ACCT_[A-Za-z0-9]+$/.test(code)) {
      throw new PaymentProviderError(`"${code}" is not a Paystack subaccount code`, {
        status: null,
        code: "rejected",
      });
    }
    const data = await call(`update subaccount ${code}`, `/subaccount/${code}`, subaccountSchema, {
      method: "PUT",
      body: subaccountBody(input),
      // The same PUT twice leaves the same subaccount.
      repeatable: true,
    });
    return subaccountOf(data);
  }

  function verifyWebhookSignature(rawBody: string, signature: string | null | undefined): boolean {
    // The format is public; only the comparison of the digest itself must take constant time.
    if (typeof signature !== "string" || !/^[0-9a-f]{128}$/i.test(signature)) return false;
    const expected = createHmac("sha512", secretKey).update(rawBody, "utf8").digest();
    return timingSafeEqual(expected, Buffer.from(signature, "hex"));
  }

  return {
    browser: {
      publicKey: options.publicKey,
      inlineScriptUrl: options.inlineScriptUrl,
      testMode: options.testMode,
    },
    initialize,
    verify,
    refund,
    fetchRefund,
    createSubaccount,
    updateSubaccount,
    verifyWebhookSignature,
    parseWebhookEvent,
  };
}

/**
 * A webhook body as Oja reads it. `reference` is the transaction's: `data.reference` for
 * `charge.success`, `data.transaction_reference` for refund events, `data.transaction.reference`
 * for dispute events (whose own `transaction_reference` is null); an event without one gets ""
 * and is acknowledged unused. Refund events carry no refund id, only the transaction's reference,
 * the amount (a string of digits in Paystack's own examples) and, once known, the processor's
 * `refund_reference`: https://paystack.com/docs/payments/refunds/#listen-for-refund-status
 * (decision 024).
 */
export function parseWebhookEvent(rawBody: string): WebhookEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch (error) {
    throw new PaymentProviderError("The webhook body is not JSON", {
      status: null,
      code: "invalid_response",
      cause: error,
    });
  }
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success) throw unexpected("the webhook", parsed.error, null);
  const { event, data } = parsed.data;
  const transaction =
    data.transaction && typeof data.transaction === "object"
      ? (data.transaction as Record<string, unknown>)
      : {};
  const reference = [data.reference, data.transaction_reference, transaction.reference].find(
    (value): value is string => typeof value === "string" && value.length > 0,
  );
  return {
    event,
    data: {
      ...data,
      reference: reference ?? "",
      status: typeof data.status === "string" ? data.status : undefined,
      amountKobo: koboOf(data.amount),
      requestedAmountKobo: koboOf(data.requested_amount),
      refundReference:
        typeof data.refund_reference === "string" && data.refund_reference.length > 0
          ? data.refund_reference
          : undefined,
      currency: typeof data.currency === "string" ? data.currency : undefined,
    },
  };
}

function koboOf(value: unknown): number | undefined {
  const parsed = kobo.safeParse(value);
  return parsed.success && Number.isSafeInteger(parsed.data) ? parsed.data : undefined;
}

function checkReference(reference: string) {
  if (!referencePattern.test(reference)) {
    throw new PaymentProviderError(
      `"${reference}" is not a Paystack reference: only letters, digits, "-", "." and "=" are allowed`,
      { status: null, code: "rejected" },
    );
  }
}

function unexpected(operation: string, error: z.ZodError, status: number | null) {
  const problems = error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`)
    .join("; ");
  return new PaymentProviderError(
    `Paystack's answer to ${operation} is not understood (${problems})`,
    {
      status,
      code: "invalid_response",
      cause: error,
    },
  );
}

/** What a failed HTTP call means for the caller. */
function failure(operation: string, error: unknown, repeatable: boolean): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  const response = error instanceof HttpError ? error.response : undefined;
  if (response) {
    const status = response.status;
    const body = envelopeSchema.safeParse((error as HttpError).data);
    const message =
      (body.success ? body.data.message : undefined) || response.statusText || "no message";
    const code =
      status === 401
        ? "unauthorized"
        : duplicateReference.test(message)
          ? "duplicate_reference"
          : status === 404
            ? "not_found"
            : status === 429 || status >= 500
              ? "unavailable"
              : "rejected";
    const what =
      code === "unauthorized"
        ? "Paystack refused the secret key"
        : `Paystack answered ${operation} with HTTP ${status}`;
    return new PaymentProviderError(`${what}: ${message}`, {
      status,
      code,
      // A 429 was not carried out, so even a refund may be sent again later.
      retryable: code === "unavailable" && (repeatable || status === 429),
      cause: error,
    });
  }
  const reason = error instanceof HttpTimeoutError ? "in time" : `(${(error as Error).message})`;
  return new PaymentProviderError(
    repeatable
      ? `Paystack did not answer ${operation} ${reason}`
      : `Paystack did not answer ${operation} ${reason}; it may have been carried out, so check before sending it again`,
    { status: null, code: "no_answer", retryable: repeatable, cause: error },
  );
}
