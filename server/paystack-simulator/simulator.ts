import { createHmac, randomBytes } from "node:crypto";
import { abortableSleep } from "#app/http/http-client.ts";
import type { TransactionStatus } from "#app/payments/provider.server.ts";
import { bankByCode, nigerianBanks } from "#app/payouts/banks.ts";
import { z } from "#app/zod.ts";

/**
 * The Paystack simulator's state and rules: transactions, card outcomes, refunds and signed
 * webhooks, in memory. It stands in for an external service in test mode, so a restart forgets
 * every transaction (verifying one then answers 404, as Paystack does for a reference it never
 * saw). The HTTP face is router.ts; docs/decisions/013-paystack-client-and-simulator.md.
 */

/** The test cards shown on the hosted checkout. Any future expiry date and any CVV work. */
export const testCards = [
  { outcome: "success", number: "4084084084084081", label: "Successful payment" },
  { outcome: "declined", number: "4084080000000409", label: "Declined by the bank" },
  {
    outcome: "insufficient_funds",
    number: "4084080000005408",
    label: "Insufficient funds",
  },
] as const;

export type CardOutcome = "success" | "declined" | "insufficient_funds";
/** What a test hook may make of a transaction: a card outcome, or the shopper cancelling. */
export type Outcome = CardOutcome | "abandoned";

const gatewayResponses: Record<Outcome, string> = {
  success: "Approved",
  declined: "Declined",
  insufficient_funds: "Insufficient Funds",
  abandoned: "The transaction was not completed",
};

/** Paystack's payment channels; the spec's defaults are the first five. */
const channels = [
  "card",
  "bank",
  "ussd",
  "qr",
  "mobile_money",
  "bank_transfer",
  "eft",
  "apple_pay",
] as const;

export interface SimulatorLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SimulatorOptions {
  secretKey: string;
  publicKey: string;
  /** Where signed webhooks go; unset: none are sent (see setWebhookUrl). */
  webhookUrl?: string;
  /**
   * The waits between delivery attempts of one webhook: [1000, 5000] tries three times, waiting
   * 1 s and then 5 s. Default: Paystack's live schedule, every 3 minutes for the first 4 tries,
   * then hourly for the next 72 hours (https://paystack.com/docs/payments/webhooks/#retries).
   */
  webhookRetryDelaysMs?: readonly number[];
  /** How long one delivery attempt may take. Default 10 s. */
  webhookTimeoutMs?: number;
  /** How long a refund stays "pending" before it is processed. Default 1 s. */
  refundDelayMs?: number;
  /** The oldest transactions are forgotten beyond this many. Default 10,000. */
  maxTransactions?: number;
  log?: SimulatorLog;
}

export interface CardDetails {
  bin: string;
  last4: string;
  expMonth: string;
  expYear: string;
  brand: string;
}

/** Paystack's refund statuses (https://paystack.com/docs/payments/refunds/). */
export type SimulatedRefundStatus =
  | "pending"
  | "processing"
  | "processed"
  | "failed"
  | "needs-attention";

export interface SimulatedRefund {
  id: number;
  amount: number;
  currency: string;
  status: SimulatedRefundStatus;
  /** The processor's reference, as refund events carry it (null until processed or failed). */
  refundReference: string | null;
  merchantNote: string | null;
  customerNote: string | null;
  createdAt: Date;
  processedAt: Date | null;
}

export interface SimulatedSubaccount {
  id: number;
  subaccountCode: string;
  businessName: string;
  bankCode: string;
  accountNumber: string;
  percentageCharge: number;
  primaryContactEmail: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A dynamic multi-split as initialize received it. */
export interface SimulatedSplit {
  type: "flat" | "percentage";
  bearerType: "account" | "subaccount" | "all-proportional" | "all";
  bearerSubaccount: string | null;
  subaccounts: Array<{ subaccount: string; share: number }>;
}

export interface SimulatedTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  /** What was charged: `requestedAmount` plus the fees when they are passed on to the shopper. */
  amount: number;
  /** What the merchant asked (Paystack's `requested_amount`). */
  requestedAmount: number;
  currency: string;
  channels: string[];
  metadata: Record<string, unknown>;
  label: string | null;
  callbackUrl: string | null;
  status: TransactionStatus;
  gatewayResponse: string;
  paidAt: Date | null;
  channel: string | null;
  card: CardDetails | null;
  createdAt: Date;
  /** Every attempt to pay or cancel, in order. */
  attempts: Array<{ outcome: Outcome; at: Date }>;
  refunds: SimulatedRefund[];
  /** The dynamic split sent with initialize, if any. */
  split: SimulatedSplit | null;
  /** What verify and webhooks report instead of the truth (a test hook). */
  reported: { amount?: number; currency?: string; status?: TransactionStatus } | null;
}

export interface WebhookDelivery {
  id: number;
  event: string;
  reference: string;
  url: string;
  body: string;
  signature: string;
  attempts: Array<{ at: Date; status: number | null; error?: string }>;
  delivered: boolean;
  /** Delivered, or no attempts left, or the simulator closed. */
  done: boolean;
}

/** A refusal, answered as Paystack's envelope `{ status: false, message }` with this status. */
export class SimulatorError extends Error {
  override name = "SimulatorError";
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const referencePattern = /^[A-Za-z0-9.=-]+$/;
/** Paystack's smallest NGN charge: ₦50.00. */
export const minimumAmountKobo = 5000;

const amountField = z.union(
  [
    z.number(),
    z
      .string()
      .regex(/^\d+$/)
      .transform((value) => Number(value)),
  ],
  { message: "Invalid Amount Sent" },
);

const metadataField = z.union(
  [
    z.record(z.string(), z.unknown()),
    z.string().transform((value, context) => {
      try {
        const parsed: unknown = JSON.parse(value);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
          return parsed as Record<string, unknown>;
        }
      } catch {}
      context.addIssue({ code: "custom", message: "Invalid metadata: must be a JSON object" });
      return z.NEVER;
    }),
  ],
  { message: "Invalid metadata: must be a JSON object" },
);

/**
 * `split` on initialize, Paystack's dynamic multi-split: a type, who bears the fee, and the
 * subaccounts with their shares (https://paystack.com/docs/payments/multi-split-payments/).
 */
const splitSchema = z.object(
  {
    type: z.enum(["flat", "percentage"], { message: "Split type must be flat or percentage" }),
    bearer_type: z
      .enum(["account", "subaccount", "all-proportional", "all"], {
        message: "Bearer type must be one of account, subaccount, all-proportional, all",
      })
      .default("account"),
    bearer_subaccount: z.string().optional(),
    subaccounts: z
      .array(
        z.object({
          subaccount: z.string({ message: "Each split entry needs a subaccount code" }).min(1),
          share: amountField.pipe(
            z
              .number()
              .int("Split shares must be whole numbers")
              .positive("Split shares must be positive"),
          ),
        }),
        { message: "Split subaccounts must be an array" },
      )
      .min(1, "Split subaccounts must not be empty"),
  },
  { message: "Invalid split: must be an object" },
);

/** POST /transaction/initialize, with Paystack's messages. */
const initializeSchema = z.object({
  email: z.email({ message: "Invalid Email Address Passed" }),
  amount: amountField.pipe(
    z
      .number({ message: "Invalid Amount Sent" })
      .int("Invalid Amount Sent: the amount must be a whole number of kobo")
      .min(minimumAmountKobo, "Invalid Amount Sent: the minimum is 5000 kobo (₦50.00)"),
  ),
  currency: z
    .string()
    .default("NGN")
    .refine((value) => value === "NGN", "Currency not supported by merchant"),
  reference: z
    .string()
    .max(100, "Invalid transaction reference: at most 100 characters")
    .regex(
      referencePattern,
      "Invalid transaction reference: only -, ., = and alphanumeric characters allowed",
    )
    .optional(),
  channels: z
    .array(z.enum(channels, { message: `Invalid channel: use ${channels.join(", ")}` }))
    .min(1, "Invalid channels: name at least one")
    .optional(),
  metadata: metadataField.optional(),
  label: z.string().max(100).optional(),
  callback_url: z.url({ protocol: /^https?$/, message: "Invalid callback_url" }).optional(),
  split: splitSchema.optional(),
});

/** POST /subaccount, with Paystack's required fields. */
const subaccountSchema = z.object({
  business_name: z
    .string({ message: "Business name is required" })
    .trim()
    .min(1, "Business name is required")
    .max(100, "Business name is too long"),
  // Paystack's API reference names the bank code `settlement_bank`; its guides use `bank_code`.
  settlement_bank: z
    .string({ message: "Settlement bank is required" })
    .min(1, "Settlement bank is required"),
  account_number: z
    .string({ message: "Account number is required" })
    .regex(/^\d{10}$/, "Account number must be 10 digits"),
  percentage_charge: z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d+(\.\d+)?$/)
          .transform(Number),
      ],
      {
        message: "Percentage charge is required",
      },
    )
    .pipe(z.number().min(0, "Invalid percentage charge").max(100, "Invalid percentage charge")),
  description: z.string().max(500).optional(),
  primary_contact_email: z.email({ message: "Invalid primary contact email" }).optional(),
  primary_contact_name: z.string().max(100).optional(),
  primary_contact_phone: z.string().max(30).optional(),
});

/** An account number Paystack cannot resolve with the bank (a test hook, like its test cards). */
export const unresolvableAccountNumber = "0000000000";

const refundSchema = z.object({
  transaction: z.union([z.string().min(1), z.number().int()], {
    message: "Transaction reference or id is required",
  }),
  amount: amountField.pipe(z.number().int("Invalid amount").positive("Invalid amount")).optional(),
  currency: z.string().optional(),
  customer_note: z.string().max(500).optional(),
  merchant_note: z.string().max(500).optional(),
});

export type InitializeBody = z.input<typeof initializeSchema>;

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid request";
}

/** An access code grants paying the transaction: 130 random bits, lower-case letters and digits. */
function newAccessCode(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  return Array.from(randomBytes(26), (byte) => alphabet[byte % 32]).join("");
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** Paystack's local card fee: 1.5 % + ₦100 (waived under ₦2,500), at most ₦2,000. */
function fees(amount: number): number {
  return Math.min(Math.round(amount * 0.015) + (amount >= 250_000 ? 10_000 : 0), 200_000);
}

export function sign(body: string, secretKey: string): string {
  return createHmac("sha512", secretKey).update(body, "utf8").digest("hex");
}

export type PaystackSimulator = ReturnType<typeof createPaystackSimulator>;

/** Paystack's live retry schedule: every 3 minutes for the first 4 tries, then hourly for 72 h. */
export const paystackRetryDelaysMs: readonly number[] = [
  ...Array<number>(4).fill(3 * 60_000),
  ...Array<number>(72).fill(60 * 60_000),
];

export function createPaystackSimulator(options: SimulatorOptions) {
  const retryDelays = options.webhookRetryDelaysMs ?? paystackRetryDelaysMs;
  const webhookTimeout = options.webhookTimeoutMs ?? 10_000;
  const refundDelay = options.refundDelayMs ?? 1_000;
  const maxTransactions = options.maxTransactions ?? 10_000;
  const log = options.log;
  let webhookUrl = options.webhookUrl;

  const byReference = new Map<string, SimulatedTransaction>();
  const byAccessCode = new Map<string, SimulatedTransaction>();
  const customers = new Map<string, number>();
  const subaccounts = new Map<string, SimulatedSubaccount>();
  const deliveries: WebhookDelivery[] = [];
  const pending = new Set<Promise<void>>();
  let stop = new AbortController();
  let nextId = 4_100_000_001;
  let nextDelivery = 1;
  /** Test hook: charge the shopper the fees on top of what was asked (Paystack's "pass fees"). */
  let feesOnCustomer = false;
  /** Test hook: webhooks are not sent while paused (as when Paystack's are delayed). */
  let webhooksPaused = false;
  /** Test hook: how refunds end from now on (Paystack's `failed` and `needs-attention` too). */
  let refundOutcome: "processed" | "failed" | "needs-attention" = "processed";

  async function idle() {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  }

  function track(work: Promise<void>) {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  function remember(transaction: SimulatedTransaction) {
    byReference.set(transaction.reference, transaction);
    byAccessCode.set(transaction.accessCode, transaction);
    while (byReference.size > maxTransactions) {
      const oldest = byReference.values().next().value;
      if (!oldest) break;
      byReference.delete(oldest.reference);
      byAccessCode.delete(oldest.accessCode);
    }
  }

  function customerId(email: string): number {
    const known = customers.get(email);
    if (known) return known;
    const id = 2_000_000 + customers.size + 1;
    customers.set(email, id);
    return id;
  }

  /** A transaction as Paystack's verify answer and charge webhooks describe it. */
  function describe(transaction: SimulatedTransaction) {
    const reported = transaction.reported ?? {};
    const card = transaction.card;
    const customer = customerId(transaction.email);
    return {
      id: transaction.id,
      domain: "test",
      status: reported.status ?? transaction.status,
      reference: transaction.reference,
      receipt_number: null,
      amount: reported.amount ?? transaction.amount,
      message: null,
      gateway_response: transaction.gatewayResponse,
      paid_at: iso(transaction.paidAt),
      created_at: iso(transaction.createdAt),
      channel: transaction.channel,
      currency: reported.currency ?? transaction.currency,
      ip_address: null,
      metadata: transaction.metadata,
      log: null,
      fees: transaction.paidAt ? fees(transaction.amount) : null,
      fees_split: null,
      authorization: card
        ? {
            authorization_code: `AUTH_${transaction.accessCode.slice(0, 10)}`,
            bin: card.bin,
            last4: card.last4,
            exp_month: card.expMonth,
            exp_year: card.expYear,
            channel: "card",
            card_type: `${card.brand} DEBIT`,
            bank: "TEST BANK",
            country_code: "NG",
            brand: card.brand,
            reusable: true,
            signature: `SIG_${transaction.accessCode.slice(10, 20)}`,
            account_name: null,
          }
        : {},
      customer: {
        id: customer,
        first_name: null,
        last_name: null,
        email: transaction.email,
        customer_code: `CUS_${customer.toString(36)}`,
        phone: null,
        metadata: null,
        risk_action: "default",
      },
      plan: null,
      split: transaction.split ? describeSplit(transaction) : {},
      order_id: null,
      paidAt: iso(transaction.paidAt),
      createdAt: iso(transaction.createdAt),
      requested_amount: transaction.requestedAmount,
      transaction_date: iso(transaction.createdAt),
      plan_object: {},
      subaccount: {},
    };
  }

  /** Queues a signed webhook; never waits for it (deliveries run in the background). */
  function sendWebhook(event: string, reference: string, data: object) {
    const url = webhookUrl;
    if (!url || webhooksPaused) return;
    const body = JSON.stringify({ event, data });
    const delivery: WebhookDelivery = {
      id: nextDelivery++,
      event,
      reference,
      url,
      body,
      signature: sign(body, options.secretKey),
      attempts: [],
      delivered: false,
      done: false,
    };
    deliveries.push(delivery);
    if (deliveries.length > 1000) deliveries.shift();
    track(deliver(delivery, stop.signal));
  }

  async function deliver(delivery: WebhookDelivery, signal: AbortSignal) {
    for (let attempt = 0; !signal.aborted; attempt++) {
      let status: number | null = null;
      let error: string | undefined;
      try {
        const response = await fetch(delivery.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-paystack-signature": delivery.signature,
          },
          body: delivery.body,
          signal: AbortSignal.any([signal, AbortSignal.timeout(webhookTimeout)]),
        });
        status = response.status;
        await response.body?.cancel();
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
      }
      if (signal.aborted) break;
      delivery.attempts.push({ at: new Date(), status, error });
      if (status !== null && status >= 200 && status < 300) {
        delivery.delivered = true;
        break;
      }
      const wait = retryDelays[attempt];
      if (wait === undefined) {
        log?.warn(
          { event: delivery.event, reference: delivery.reference, attempts: attempt + 1 },
          "the app never accepted a simulated Paystack webhook; giving up",
        );
        break;
      }
      try {
        await abortableSleep(wait, signal);
      } catch {
        break;
      }
    }
    delivery.done = true;
  }

  function find(reference: string): SimulatedTransaction {
    const transaction = byReference.get(reference);
    if (!transaction) throw new SimulatorError(404, "Transaction reference not found");
    return transaction;
  }

  function initialize(body: unknown): SimulatedTransaction {
    const parsed = initializeSchema.safeParse(body);
    if (!parsed.success) throw new SimulatorError(400, firstIssue(parsed.error));
    const input = parsed.data;
    const reference = input.reference ?? `T${randomBytes(8).toString("hex")}`;
    if (byReference.has(reference)) {
      throw new SimulatorError(400, "Duplicate Transaction Reference");
    }
    const split = input.split ? checkSplit(input.split, input.amount) : null;
    const transaction: SimulatedTransaction = {
      id: nextId++,
      reference,
      accessCode: newAccessCode(),
      email: input.email,
      amount: input.amount,
      requestedAmount: input.amount,
      currency: input.currency,
      channels: input.channels ?? [...channels.slice(0, 5)],
      metadata: input.metadata ?? {},
      label: input.label ?? null,
      callbackUrl: input.callback_url ?? null,
      // Paystack reports a transaction nobody has paid yet as abandoned.
      status: "abandoned",
      gatewayResponse: gatewayResponses.abandoned,
      paidAt: null,
      channel: null,
      card: null,
      createdAt: new Date(),
      attempts: [],
      refunds: [],
      split,
      reported: null,
    };
    remember(transaction);
    log?.info({ reference, amount: transaction.amount }, "simulated Paystack transaction created");
    return transaction;
  }

  /** Refuses what Paystack refuses: unknown subaccounts, shares beyond the amount. */
  function checkSplit(split: z.output<typeof splitSchema>, amount: number): SimulatedSplit {
    const codes = new Set<string>();
    for (const { subaccount } of split.subaccounts) {
      if (!subaccounts.has(subaccount) && !issuedHere(subaccount)) {
        throw new SimulatorError(400, `Subaccount ${subaccount} not found on this integration`);
      }
      if (codes.has(subaccount)) {
        throw new SimulatorError(
          400,
          `Subaccount ${subaccount} appears more than once in the split`,
        );
      }
      codes.add(subaccount);
    }
    const total = split.subaccounts.reduce((sum, { share }) => sum + share, 0);
    if (split.type === "flat" && total > amount) {
      throw new SimulatorError(
        400,
        `The split's shares (${total} kobo) cannot be more than the transaction amount (${amount} kobo)`,
      );
    }
    if (split.type === "percentage" && total > 100) {
      throw new SimulatorError(400, "The split's percentage shares cannot add up to more than 100");
    }
    if (split.bearer_type === "subaccount" && !codes.has(split.bearer_subaccount ?? "")) {
      throw new SimulatorError(400, "bearer_subaccount must be one of the split's subaccounts");
    }
    return {
      type: split.type,
      bearerType: split.bearer_type,
      bearerSubaccount: split.bearer_subaccount ?? null,
      subaccounts: split.subaccounts.map(({ subaccount, share }) => ({ subaccount, share })),
    };
  }

  /**
   * A transaction's split as verify and charge.success carry it: the split's type, bearer and
   * subaccounts with their shares (as the split objects of the multi-split API describe them),
   * and once paid, what each party got in kobo. With a flat split each subaccount gets its share;
   * the main account gets the rest, less Paystack's fee when it bears it.
   */
  function describeSplit(transaction: SimulatedTransaction) {
    const split = transaction.split;
    if (!split) return {};
    const amounts = split.subaccounts.map(({ subaccount, share }) => ({
      subaccount_code: subaccount,
      amount:
        split.type === "flat" ? share : Math.floor((transaction.requestedAmount * share) / 100),
    }));
    const toSubaccounts = amounts.reduce((sum, { amount }) => sum + amount, 0);
    const fee = transaction.paidAt ? fees(transaction.amount) : 0;
    return {
      type: split.type,
      currency: transaction.currency,
      bearer_type: split.bearerType,
      bearer_subaccount: split.bearerSubaccount,
      is_dynamic: true,
      subaccounts: split.subaccounts.map(({ subaccount, share }) => ({
        subaccount: describeSubaccount(subaccounts.get(subaccount)) ?? {
          subaccount_code: subaccount,
        },
        share,
      })),
      shares: transaction.paidAt
        ? {
            paystack: fee,
            integration: transaction.amount - toSubaccounts - fee,
            subaccounts: amounts,
          }
        : null,
    };
  }

  /** POST /subaccount and PUT /subaccount/:code: Paystack's checks, then resolves the account. */
  function checkSubaccount(body: unknown) {
    const given = (body ?? {}) as Record<string, unknown>;
    const parsed = subaccountSchema.safeParse({
      ...given,
      settlement_bank: given.settlement_bank ?? given.bank_code,
    });
    if (!parsed.success) throw new SimulatorError(400, firstIssue(parsed.error));
    const input = parsed.data;
    if (!bankByCode(input.settlement_bank)) {
      throw new SimulatorError(400, `Unknown bank code: ${input.settlement_bank}`);
    }
    if (input.account_number === unresolvableAccountNumber) {
      throw new SimulatorError(
        400,
        "Could not resolve account name. Check parameters or try again.",
      );
    }
    return input;
  }

  /**
   * Paystack keeps subaccounts for good, but this simulator forgets them when it restarts while
   * Oja's database still names them. So a code carries a signature with the secret key, and a
   * code this simulator issued is recognised after a restart (in a split, or to be updated).
   */
  function issueCode(): string {
    const token = randomBytes(8).toString("hex");
    return `ACCT_${token}${sign(token, options.secretKey).slice(0, 8)}`;
  }

  function issuedHere(code: string): boolean {
    const match = /^ACCT_([0-9a-f]{16})([0-9a-f]{8})$/.exec(code);
    return match?.[1] !== undefined && sign(match[1], options.secretKey).slice(0, 8) === match[2];
  }

  function keepSubaccount(
    code: string,
    input: z.output<typeof subaccountSchema>,
  ): SimulatedSubaccount {
    const now = new Date();
    const created: SimulatedSubaccount = {
      id: nextId++,
      subaccountCode: code,
      businessName: input.business_name,
      bankCode: input.settlement_bank,
      accountNumber: input.account_number,
      percentageCharge: input.percentage_charge,
      primaryContactEmail: input.primary_contact_email ?? null,
      createdAt: now,
      updatedAt: now,
    };
    subaccounts.set(created.subaccountCode, created);
    return created;
  }

  function createSubaccount(body: unknown): SimulatedSubaccount {
    const created = keepSubaccount(issueCode(), checkSubaccount(body));
    log?.info({ subaccount: created.subaccountCode }, "simulated Paystack subaccount created");
    return created;
  }

  function findSubaccount(idOrCode: string): SimulatedSubaccount {
    const found =
      subaccounts.get(idOrCode) ??
      [...subaccounts.values()].find(({ id }) => String(id) === idOrCode);
    if (!found) throw new SimulatorError(404, "Subaccount not found");
    return found;
  }

  function updateSubaccount(idOrCode: string, body: unknown): SimulatedSubaccount {
    if (!subaccounts.has(idOrCode) && issuedHere(idOrCode)) {
      return keepSubaccount(idOrCode, checkSubaccount(body));
    }
    const found = findSubaccount(idOrCode);
    const input = checkSubaccount(body);
    found.businessName = input.business_name;
    found.bankCode = input.settlement_bank;
    found.accountNumber = input.account_number;
    found.percentageCharge = input.percentage_charge;
    found.primaryContactEmail = input.primary_contact_email ?? found.primaryContactEmail;
    found.updatedAt = new Date();
    return found;
  }

  /** A subaccount as Paystack answers for it: `settlement_bank` is the bank's name. */
  function describeSubaccount(subaccount: SimulatedSubaccount | undefined) {
    if (!subaccount) return null;
    return {
      id: subaccount.id,
      integration: 100_001,
      domain: "test",
      subaccount_code: subaccount.subaccountCode,
      business_name: subaccount.businessName,
      description: null,
      primary_contact_name: null,
      primary_contact_email: subaccount.primaryContactEmail,
      primary_contact_phone: null,
      metadata: null,
      percentage_charge: subaccount.percentageCharge,
      settlement_bank: bankByCode(subaccount.bankCode)?.name ?? subaccount.bankCode,
      bank_id: Number(subaccount.bankCode),
      account_number: subaccount.accountNumber,
      currency: "NGN",
      settlement_schedule: "AUTO",
      active: true,
      is_verified: false,
      migrate: false,
      createdAt: iso(subaccount.createdAt),
      updatedAt: iso(subaccount.updatedAt),
    };
  }

  /** A payment attempt: success marks the transaction paid and sends charge.success. */
  function pay(transaction: SimulatedTransaction, outcome: CardOutcome, card?: CardDetails) {
    if (transaction.paidAt) {
      throw new SimulatorError(400, "Transaction has already been paid");
    }
    transaction.attempts.push({ outcome, at: new Date() });
    transaction.channel = "card";
    transaction.gatewayResponse = gatewayResponses[outcome];
    transaction.card = card ?? cardDetails(testCards[0].number, "12", "30");
    if (outcome !== "success") {
      transaction.status = "failed";
      return transaction;
    }
    transaction.status = "success";
    transaction.paidAt = new Date();
    // With the fees passed on, the shopper pays them on top; requested_amount keeps the ask.
    if (feesOnCustomer)
      transaction.amount = transaction.requestedAmount + fees(transaction.requestedAmount);
    sendWebhook("charge.success", transaction.reference, describe(transaction));
    return transaction;
  }

  /** The shopper closed the checkout: abandoned, unless it was already paid. */
  function cancel(transaction: SimulatedTransaction) {
    if (transaction.paidAt) return transaction;
    transaction.attempts.push({ outcome: "abandoned", at: new Date() });
    transaction.status = "abandoned";
    transaction.gatewayResponse = gatewayResponses.abandoned;
    return transaction;
  }

  function refund(body: unknown) {
    const parsed = refundSchema.safeParse(body);
    if (!parsed.success) throw new SimulatorError(400, firstIssue(parsed.error));
    const input = parsed.data;
    const key = String(input.transaction);
    const transaction =
      byReference.get(key) ?? [...byReference.values()].find(({ id }) => String(id) === key);
    if (!transaction) throw new SimulatorError(404, "Transaction not found");
    if (!transaction.paidAt) {
      throw new SimulatorError(400, "Only a successful transaction can be refunded");
    }
    if (input.currency && input.currency !== transaction.currency) {
      throw new SimulatorError(400, `Refund currency must be ${transaction.currency}`);
    }
    // A failed refund gives its amount back to the merchant and the transaction returns to
    // "Success" (https://support.paystack.com/en/articles/2130434), so it can be refunded again.
    const refunded = transaction.refunds
      .filter(({ status }) => status !== "failed")
      .reduce((sum, { amount }) => sum + amount, 0);
    const left = transaction.amount - refunded;
    if (left <= 0) throw new SimulatorError(400, "Transaction has been fully reversed");
    const amount = input.amount ?? left;
    if (amount > left) {
      throw new SimulatorError(
        400,
        `Refund amount cannot be more than the amount not yet refunded (${left} kobo)`,
      );
    }
    const now = new Date();
    const created: SimulatedRefund = {
      id: nextId++,
      amount,
      currency: transaction.currency,
      status: "pending",
      refundReference: null,
      merchantNote: input.merchant_note ?? null,
      customerNote: input.customer_note ?? null,
      createdAt: now,
      processedAt: null,
    };
    transaction.refunds.push(created);
    track(processRefund(transaction, created, refundOutcome, stop.signal));
    return { transaction, refund: created };
  }

  /**
   * A refund event in Paystack's documented shape: no refund id, the transaction's reference, the
   * amount as a string of digits, and the processor's `refund_reference` once there is one
   * (https://paystack.com/docs/payments/refunds/#listen-for-refund-status).
   */
  function refundEvent(transaction: SimulatedTransaction, created: SimulatedRefund) {
    sendWebhook(`refund.${created.status}`, transaction.reference, {
      status: created.status,
      transaction_reference: transaction.reference,
      refund_reference: created.refundReference,
      amount: String(created.amount),
      currency: created.currency,
      processor: "simulator",
      customer: { first_name: null, last_name: null, email: transaction.email },
      integration: 100_001,
      domain: "test",
    });
  }

  async function processRefund(
    transaction: SimulatedTransaction,
    created: SimulatedRefund,
    outcome: typeof refundOutcome,
    signal: AbortSignal,
  ) {
    refundEvent(transaction, created);
    try {
      await abortableSleep(refundDelay, signal);
    } catch {
      return;
    }
    created.status = outcome;
    created.refundReference = `${outcome === "processed" ? "" : "TRF_"}${created.id}${randomBytes(2).toString("hex")}`;
    if (created.status === "processed") created.processedAt = new Date();
    const refunded = transaction.refunds
      .filter(({ status }) => status === "processed")
      .reduce((sum, { amount }) => sum + amount, 0);
    // Paystack marks a fully refunded transaction reversed.
    if (refunded >= transaction.amount) transaction.status = "reversed";
    refundEvent(transaction, created);
  }

  /** A dispute event as Paystack documents it: the transaction nested under `transaction`. */
  function disputeEvent(
    event: "charge.dispute.create" | "charge.dispute.remind" | "charge.dispute.resolve",
    transaction: SimulatedTransaction,
    resolution: string | null,
  ) {
    const now = new Date();
    const resolved = event === "charge.dispute.resolve";
    sendWebhook(event, transaction.reference, {
      id: transaction.id + 1,
      refund_amount: transaction.amount,
      currency: transaction.currency,
      status: resolved ? "resolved" : "awaiting-merchant-feedback",
      resolution: resolved ? resolution : null,
      domain: "test",
      transaction: describe(transaction),
      transaction_reference: null,
      category: "chargeback",
      customer: describe(transaction).customer,
      bin: transaction.card?.bin ?? null,
      last4: transaction.card?.last4 ?? null,
      dueAt: new Date(now.getTime() + 2 * 24 * 60 * 60_000).toISOString(),
      resolvedAt: resolved ? now.toISOString() : null,
      evidence: null,
      attachments: null,
      note: null,
      history: [{ status: "pending", by: transaction.email, createdAt: now.toISOString() }],
      messages: [
        {
          sender: transaction.email,
          body: "Customer complained about debit without value",
          createdAt: now.toISOString(),
        },
      ],
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
  }

  function findRefund(id: string) {
    for (const transaction of byReference.values()) {
      const found = transaction.refunds.find((refund) => String(refund.id) === id);
      if (found) return { transaction, refund: found };
    }
    throw new SimulatorError(404, "Refund not found");
  }

  /** Refund as POST /refund answers it. */
  function describeRefund(transaction: SimulatedTransaction, created: SimulatedRefund) {
    return {
      transaction: {
        id: transaction.id,
        domain: "test",
        reference: transaction.reference,
        amount: transaction.amount,
        paid_at: iso(transaction.paidAt),
        channel: transaction.channel,
        currency: transaction.currency,
        authorization: { exp_month: null, exp_year: null, account_name: null },
        customer: { international_format_phone: null },
        plan: {},
        split: { split_code: null },
        subaccount: { currency: null },
        pos_transaction_data: null,
        source: null,
        fees_breakdown: null,
      },
      integration: 100_001,
      deducted_amount: 0,
      channel: null,
      merchant_note: created.merchantNote,
      customer_note: created.customerNote,
      status: created.status,
      refunded_by: "simulator",
      expected_at: new Date(created.createdAt.getTime() + refundDelay).toISOString(),
      currency: created.currency,
      domain: "test",
      amount: created.amount,
      fully_deducted: false,
      id: created.id,
      createdAt: iso(created.createdAt),
      updatedAt: iso(created.processedAt ?? created.createdAt),
    };
  }

  return {
    secretKey: options.secretKey,
    publicKey: options.publicKey,
    log,
    initialize,
    find,
    byAccessCode: (accessCode: string) => byAccessCode.get(accessCode),
    /** A transaction by reference, or undefined. */
    transaction: (reference: string) => byReference.get(reference),
    pay,
    cancel,
    refund,
    findRefund,
    describe,
    describeRefund,
    createSubaccount,
    updateSubaccount,
    findSubaccount,
    describeSubaccount,
    /** A subaccount by code, or undefined. */
    subaccount: (code: string) => subaccounts.get(code),
    /** Paystack's list of banks (GET /bank), for the Nigerian banks Oja offers. */
    banks: () =>
      nigerianBanks.map((bank, index) => ({
        id: index + 1,
        name: bank.name,
        slug: bank.slug,
        code: bank.code,
        longcode: "",
        gateway: null,
        pay_with_bank: false,
        active: true,
        is_deleted: false,
        country: "Nigeria",
        currency: "NGN",
        type: "nuban",
      })),
    /** Test hook: from now on successful payments carry the fees on top (Paystack's "pass fees"). */
    setFeesOnCustomer(on: boolean) {
      feesOnCustomer = on;
    },
    /** Test hook: stops sending webhooks (none are queued for later) until resumed. */
    pauseWebhooks(paused: boolean) {
      webhooksPaused = paused;
    },
    /** Test hook: how refunds made from now on end (processed, failed or needs-attention). */
    setRefundOutcome(outcome: "processed" | "failed" | "needs-attention") {
      refundOutcome = outcome;
    },
    /**
     * Test hook: the shopper disputes a paid transaction with their bank (`create`), Paystack
     * reminds the merchant (`remind`), or the dispute is closed with `resolution`
     * (`merchant-accepted`, `declined`, `auto-accepted`); an accepted one reverses the charge.
     */
    dispute(
      reference: string,
      step: "create" | "remind" | "resolve",
      resolution: "merchant-accepted" | "declined" | "auto-accepted" = "merchant-accepted",
    ) {
      const transaction = find(reference);
      if (!transaction.paidAt)
        throw new SimulatorError(400, "Only a paid transaction can be disputed");
      if (step === "resolve" && resolution !== "declined") transaction.status = "reversed";
      disputeEvent(`charge.dispute.${step}`, transaction, step === "resolve" ? resolution : null);
      return transaction;
    },
    /**
     * Test hook: completes a transaction as the hosted checkout would, without a browser.
     */
    complete(reference: string, outcome: Outcome) {
      const transaction = find(reference);
      return outcome === "abandoned" ? cancel(transaction) : pay(transaction, outcome);
    },
    /**
     * Test hook: from now on verify and webhooks report these instead of the truth (an empty
     * object reports the truth again).
     */
    report(reference: string, reported: SimulatedTransaction["reported"]) {
      const transaction = find(reference);
      const given = Object.fromEntries(
        Object.entries(reported ?? {}).filter(([, value]) => value !== undefined),
      );
      transaction.reported = Object.keys(given).length > 0 ? given : null;
      return transaction;
    },
    /** Test hook: sends a transaction's charge.success webhook again, `times` times at once. */
    resendChargeSuccess(reference: string, times = 1) {
      const transaction = find(reference);
      if (!transaction.paidAt) throw new SimulatorError(400, "Transaction has not been paid");
      for (let i = 0; i < times; i++) {
        sendWebhook("charge.success", reference, describe(transaction));
      }
    },
    deliveries: (): readonly WebhookDelivery[] => deliveries,
    setWebhookUrl(url: string | undefined) {
      webhookUrl = url;
    },
    /** Resolves once every webhook delivery and refund under way has finished. */
    idle,
    /** Forgets every transaction and stops deliveries under way. */
    async reset() {
      stop.abort();
      await idle();
      stop = new AbortController();
      byReference.clear();
      byAccessCode.clear();
      subaccounts.clear();
      deliveries.length = 0;
      feesOnCustomer = false;
      refundOutcome = "processed";
      webhooksPaused = false;
    },
    /** Stops webhook retries and pending refunds. */
    async close() {
      stop.abort();
      await idle();
    },
  };
}

/** Card details as Paystack reports them, from what the shopper typed. */
export function cardDetails(number: string, expMonth: string, expYear: string): CardDetails {
  const brand = number.startsWith("4")
    ? "visa"
    : /^5[1-5]/.test(number)
      ? "mastercard"
      : /^(506|507|650)/.test(number)
        ? "verve"
        : "card";
  return {
    bin: number.slice(0, 6),
    last4: number.slice(-4),
    expMonth: expMonth.padStart(2, "0"),
    expYear: expYear.length === 2 ? `20${expYear}` : expYear,
    brand,
  };
}
