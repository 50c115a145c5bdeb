import { sign } from "#server/paystack-simulator/index.ts";

/**
 * Webhook bodies in the shapes Paystack documents, with only the reference, amounts and dates
 * filled in by the test. Copied field for field from Paystack's own examples:
 * - refunds: https://paystack.com/docs/payments/refunds/#listen-for-refund-status (the events
 *   carry no refund id: `transaction_reference`, `refund_reference` (null while pending), the
 *   amount as a string of digits, `status`);
 * - disputes: https://paystack.com/docs/payments/webhooks/#types-of-events (`charge.dispute.*`:
 *   the transaction is nested under `transaction`, and the top-level `transaction_reference` is
 *   null);
 * - charge.success and `requested_amount`: https://paystack.com/docs/payments/webhooks/ and
 *   https://paystack.com/docs/api/transaction/#verify.
 * The same examples are in Paystack's snippet repository, PaystackOSS/doc-code-snippets
 * (doc/payments/refunds/events.js, doc/payments/webhooks/events.js).
 */
export type RefundEventName =
  | "refund.pending"
  | "refund.processing"
  | "refund.processed"
  | "refund.failed"
  | "refund.needs-attention";

export function refundEvent(
  event: RefundEventName,
  fields: { transactionReference: string; amountKobo: number; refundReference?: string | null },
) {
  const status = event.slice("refund.".length);
  return {
    event,
    data: {
      status,
      transaction_reference: fields.transactionReference,
      refund_reference: fields.refundReference ?? null,
      amount: String(fields.amountKobo),
      currency: "NGN",
      processor: "mpgs_zen",
      customer: { first_name: "Damilola", last_name: "Kwabena", email: "damilola@email.com" },
      integration: 412829,
      domain: "live",
    },
  };
}

export type DisputeEventName =
  | "charge.dispute.create"
  | "charge.dispute.remind"
  | "charge.dispute.resolve";

export function disputeEvent(
  event: DisputeEventName,
  fields: {
    transactionReference: string;
    amountKobo: number;
    status?: string;
    resolution?: string | null;
    dueAt?: string;
  },
) {
  const resolved = event === "charge.dispute.resolve";
  return {
    event,
    data: {
      id: 358950,
      refund_amount: fields.amountKobo,
      currency: "NGN",
      status: fields.status ?? (resolved ? "resolved" : "awaiting-merchant-feedback"),
      resolution: fields.resolution ?? (resolved ? "merchant-accepted" : null),
      domain: "live",
      transaction: {
        id: 896467688,
        domain: "live",
        status: resolved ? "reversed" : "success",
        reference: fields.transactionReference,
        amount: fields.amountKobo,
        message: null,
        gateway_response: "Approved",
        paid_at: "2026-11-24T13:45:57.000Z",
        created_at: "2026-11-24T13:45:57.000Z",
        channel: "card",
        currency: "NGN",
        ip_address: null,
        metadata: "",
        log: null,
        fees: 53,
        fees_split: null,
        authorization: {},
        customer: { international_format_phone: null },
        plan: {},
        subaccount: {},
        split: {},
        order_id: null,
        paidAt: "2026-11-24T13:45:57.000Z",
        requested_amount: fields.amountKobo,
        pos_transaction_data: null,
      },
      transaction_reference: null,
      category: "chargeback",
      customer: {
        id: 5406463,
        first_name: "John",
        last_name: "Doe",
        email: "example@test.com",
        customer_code: "CUS_6wbxh6689vt0n7s",
        phone: "08000000000",
        metadata: {},
        risk_action: "allow",
        international_format_phone: null,
      },
      bin: "123456",
      last4: "1234",
      dueAt: fields.dueAt ?? "2026-11-27T18:00:00.000Z",
      resolvedAt: resolved ? "2026-11-26T14:00:02.000Z" : null,
      evidence: null,
      attachments: null,
      note: null,
      history: [
        { status: "pending", by: "example@test.com", createdAt: "2026-11-24T13:46:57.000Z" },
      ],
      messages: [
        {
          sender: "example@test.com",
          body: "Customer complained about debit without value",
          createdAt: "2026-11-24T13:46:57.000Z",
        },
      ],
      created_at: "2026-11-24T13:46:57.000Z",
      updated_at: "2026-11-24T18:00:02.000Z",
    },
  };
}

/**
 * A charge.success body as Paystack documents it, for a transaction whose fees were passed on to
 * the shopper: `amount` is what was charged, `requested_amount` what the merchant asked.
 */
export function chargeSuccessEvent(fields: {
  reference: string;
  amountKobo: number;
  requestedAmountKobo: number;
}) {
  return {
    event: "charge.success",
    data: {
      id: 302961,
      domain: "live",
      status: "success",
      reference: fields.reference,
      amount: fields.amountKobo,
      message: null,
      gateway_response: "Approved by Financial Institution",
      paid_at: "2026-11-25T09:10:19.000Z",
      created_at: "2026-11-25T09:09:56.000Z",
      channel: "card",
      currency: "NGN",
      ip_address: "41.242.49.37",
      metadata: 0,
      fees: fields.amountKobo - fields.requestedAmountKobo,
      customer: {
        id: 68324,
        first_name: "BoJack",
        last_name: "Horseman",
        email: "bojack@horseman.com",
        customer_code: "CUS_qo38as2hpsgk2r0",
        phone: null,
        metadata: null,
        risk_action: "default",
      },
      authorization: {
        authorization_code: "AUTH_f5rnfq9p",
        bin: "539999",
        last4: "8877",
        exp_month: "08",
        exp_year: "2030",
        card_type: "mastercard DEBIT",
        bank: "Guaranty Trust Bank",
        country_code: "NG",
        brand: "mastercard",
        account_name: "BoJack Horseman",
      },
      plan: {},
      requested_amount: fields.requestedAmountKobo,
    },
  };
}

/** A body and its signature under `secretKey`, as Paystack would post it. */
export function signed(body: object, secretKey: string) {
  const text = JSON.stringify(body);
  return { body: text, signature: sign(text, secretKey) };
}
