import { Mail, Phone } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { auditSource } from "#app/auth/audit.server.ts";
import { type FieldErrors, fieldErrors } from "#app/auth/forms.ts";
import { formatNigerianPhone } from "#app/auth/phone.ts";
import { hasBusinessRole } from "#app/auth/roles.ts";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import {
  OrderClosingReason,
  OrderDispute,
  OrderHandover,
  OrderHistory,
  OrderItems,
  OrderRefunds,
  toOrderDetail,
} from "#app/components/order-detail.tsx";
import { OrderStatusBadge } from "#app/components/order-status.tsx";
import { toast } from "#app/components/toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FieldError, FormMessage, TextAreaField } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { SectionCard } from "#app/components/ui/section-card.tsx";
import {
  fulfilBusinessOrder,
  orderForBusiness,
  refundBusinessOrder,
} from "#app/console/orders.server.ts";
import { useConsole } from "#app/console/use-console.ts";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { formatNaira, kobo, parseNaira } from "#app/money.ts";
import { sendPendingRefunds } from "#app/orders/confirm.server.ts";
import { orderPaidKobo } from "#app/orders/order-total.ts";
import { paymentServices } from "#app/orders/payment-services.server.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/vendor-order";

/**
 * /vendor/{business}/orders/{number}: one order of the business: lines, the buyer's contact,
 * delivery or pickup, notes, refunds and history. Staff and up mark a paid order fulfilled;
 * managers and owners refund a paid or fulfilled order, all that is left or a part (decision
 * 027; refunding all of an order not handed over is the console's "cancel": decision 018).
 * Another business's number is a 404.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Order ${loaderData.order.number} · Console · Oja` : "Order · Oja" },
    { name: "robots", content: "noindex" },
  ];
}

const numberPattern = /^oja-[0-9a-z]{8}$/i;

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { membership } = await requireBusinessMember(context, request, params.business, "staff");
  if (!numberPattern.test(params.number)) throw notFound(url);
  const order = await orderForBusiness(services(context).db, membership.businessId, params.number);
  if (!order) throw notFound(url);
  const detail = toOrderDetail(order);
  const leftKobo = orderPaidKobo(order) - detail.refundedKobo;
  return data(
    {
      order: {
        ...detail,
        // What a manager may still refund (decision 027): a refunded order only when one of its
        // refunds failed.
        leftKobo,
        refundable: refundableStatuses.has(order.status) && leftKobo > 0,
        buyer: {
          name: order.buyerName,
          email: order.contactEmail,
          phone: formatNigerianPhone(order.contactPhone),
          phoneHref: `tel:${order.contactPhone}`,
        },
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const refundableStatuses = new Set(["paid", "fulfilled", "refunded"]);

const reason = z
  .string({ message: "Say why you refund this order" })
  .trim()
  .min(5, "Say why in a few words: the shopper reads this")
  .max(500, "Use at most 500 characters");

/** Naira as typed (at most two decimals) to kobo, through the one parser every money field uses. */
const partAmount = z
  .string({ message: "Enter how much to refund, like 2500.00" })
  .trim()
  .transform((text, ctx) => {
    const value = text === "" ? null : parseNaira(text);
    if (value === null) {
      ctx.addIssue({
        code: "custom",
        message:
          text === ""
            ? "Enter how much to refund, like 2500.00"
            : "Enter naira with at most two decimals, like 2500.50",
      });
      return z.NEVER;
    }
    if (value <= 0) {
      ctx.addIssue({ code: "custom", message: "Enter an amount above ₦0" });
      return z.NEVER;
    }
    return value;
  });

/** All that is left, or a part of it; what is left is checked on the server, on the locked order. */
const refundSchema = z.discriminatedUnion(
  "scope",
  [
    z.object({ scope: z.literal("all"), reason }),
    z.object({ scope: z.literal("part"), reason, amount: partAmount }),
  ],
  { message: "Choose to refund all that is left or a part" },
);

type ActionResult = { ok: boolean; message: string; errors?: FieldErrors };

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const { user, membership } = await requireBusinessMember(
    context,
    request,
    params.business,
    "staff",
  );
  if (!numberPattern.test(params.number)) throw notFound(url);
  const app = services(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const actor = {
    businessId: membership.businessId,
    number: params.number,
    actorId: user.id,
    source: auditSource(request),
    publicUrl: app.settings.publicUrl,
  };
  const refused = (status: number, message: string, errors?: FieldErrors) =>
    data<ActionResult>({ ok: false, message, errors }, { status });

  if (intent === "fulfil") {
    const result = await fulfilBusinessOrder(app.db, actor);
    if (!result.ok && result.status === 404) throw notFound(url);
    if (!result.ok) return refused(result.status, result.message);
    app.emailQueued();
    return data<ActionResult>({ ok: true, message: "Marked fulfilled. The shopper was emailed." });
  }

  if (intent === "refund") {
    // Refunds are for managers and owners; to staff this action doesn't exist.
    if (!hasBusinessRole(membership.role, "manager")) throw notFound(url);
    const parsed = refundSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      return refused(400, "Check the refund and try again.", fieldErrors(parsed.error));
    }
    const result = await refundBusinessOrder(app.db, {
      ...actor,
      reason: parsed.data.reason,
      amountKobo: parsed.data.scope === "part" ? parsed.data.amount : undefined,
    });
    if (!result.ok && result.status === 404) throw notFound(url);
    if (!result.ok && result.status === 400) {
      return refused(400, "Check the refund and try again.", { [result.field]: result.message });
    }
    if (!result.ok) return refused(result.status, result.message);
    app.emailQueued();
    let sent = 0;
    try {
      sent = await sendPendingRefunds(paymentServices(app), { refundId: result.refundId });
    } catch (error) {
      // The refund is recorded and queued; the payment job sends it again.
      app.log.error({ err: error, refundId: result.refundId }, "sending a console refund failed");
    }
    const amount = formatNaira(kobo(result.amountKobo));
    const done =
      result.leftKobo === 0
        ? `Refunded ${amount}: nothing is left to refund.`
        : `Refunded ${amount}; ${formatNaira(kobo(result.leftKobo))} is left.`;
    return data<ActionResult>({
      ok: true,
      message:
        sent > 0
          ? `${done} The money is on its way back and the shopper was emailed.`
          : `${done} The shopper was emailed. The payment provider hasn't taken the refund yet: Oja tries again every minute.`,
    });
  }

  return refused(400, "Unknown action.");
}

export default function VendorOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const { business, role } = useConsole();
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const canRefund = hasBusinessRole(role, "manager");

  useEffect(() => {
    if (actionData?.ok) toast.success(actionData.message);
  }, [actionData]);

  return (
    <div className="space-y-5">
      <div>
        <Link
          to={`/vendor/${business.slug}/orders`}
          className="text-sm text-ink-muted hover:underline"
        >
          Orders
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-semibold text-ink sm:text-2xl">
            Order <span className="font-mono">{order.number}</span>
          </h1>
          <OrderStatusBadge status={order.status} refundedKobo={order.refundedKobo} />
        </div>
      </div>

      {actionData && !actionData.ok && !actionData.errors ? (
        <FormMessage tone="error">{actionData.message}</FormMessage>
      ) : null}

      {order.status === "pending_payment" ? (
        <p className="rounded-xl bg-points-soft px-4 py-3 text-ink">
          The shopper hasn't paid yet. Hand nothing over until this order shows "Paid"; unpaid
          orders are cancelled after a day.
        </p>
      ) : null}
      <OrderClosingReason order={order} />
      <OrderDispute
        order={order}
        wording={{
          open: "The shopper asked their bank to reverse this payment. Hold anything not yet handed over, and send Oja proof of delivery or service.",
          resolved: "The bank has decided on the shopper's dispute.",
        }}
      />

      {order.status === "paid" && order.fulfilment !== null ? (
        <section
          aria-labelledby="actions-heading"
          className="space-y-4 rounded-xl border border-brand bg-surface p-4"
        >
          <h2 id="actions-heading" className="text-lg font-semibold text-ink">
            Hand it over
          </h2>
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <p className="min-w-0 flex-1 text-ink">
              {order.fulfilment === "delivery"
                ? "Sent it on its way? The shopper is told it's coming."
                : "Ready to collect? The shopper is told to come for it."}
            </p>
            <Button type="submit" name="intent" value="fulfil" disabled={busyIntent === "fulfil"}>
              {busyIntent === "fulfil" ? "Saving…" : "Mark fulfilled"}
            </Button>
          </Form>
        </section>
      ) : null}

      {canRefund && order.refundable ? (
        <RefundForm
          // A fresh, empty form after each refund made.
          key={order.refunds.length}
          order={order}
          errors={actionData?.ok ? undefined : actionData?.errors}
          busy={busyIntent === "refund"}
        />
      ) : null}

      <OrderItems order={order} />
      <OrderRefunds
        order={order}
        showLeft
        refundState={{
          pending: "on its way to the shopper",
          processed: "returned to the shopper",
          failed: "failed: contact Oja",
          needs_attention: "held up at the bank: contact Oja",
        }}
      />

      <div className="grid gap-5 md:grid-cols-2">
        <SectionCard headingId="buyer-heading" title="Buyer">
          <p className="mt-2 font-medium text-ink">{order.buyer.name ?? "Deleted account"}</p>
          <p className="mt-1 flex items-center gap-2 text-ink">
            <Mail aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
            <a href={`mailto:${order.buyer.email}`} className="break-all hover:underline">
              {order.buyer.email}
            </a>
          </p>
          <p className="mt-1 flex items-center gap-2 text-ink">
            <Phone aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
            <a href={order.buyer.phoneHref} className="hover:underline">
              {order.buyer.phone}
            </a>
          </p>
        </SectionCard>

        <OrderHandover order={order} pickup={<>The shopper collects it from {business.name}.</>}>
          <p className="mt-2 text-sm text-ink-muted">
            {order.notes ? `Shopper's note: ${order.notes}` : "No note from the shopper."}
          </p>
        </OrderHandover>
      </div>

      <OrderHistory order={order} />
    </div>
  );
}

type RefundableOrder = Route.ComponentProps["loaderData"]["order"];

/**
 * Refund all that is left of the order or a part of it, with a reason the shopper reads. Opened
 * on purpose (a disclosure), as a refund can't be taken back. Without JavaScript it is the same
 * form: the amount is read only when "Refund part" is chosen.
 */
function RefundForm({
  order,
  errors,
  busy,
}: {
  order: RefundableOrder;
  errors: FieldErrors | undefined;
  busy: boolean;
}) {
  const partRef = useRef<HTMLInputElement>(null);
  const left = <Money kobo={kobo(order.leftKobo)} />;
  const refundedBefore = order.refundedKobo > 0;
  return (
    <section
      aria-labelledby="refund-heading"
      className="space-y-3 rounded-xl border border-line bg-surface p-4"
    >
      <h2 id="refund-heading" className="text-lg font-semibold text-ink">
        Refund
      </h2>
      <details className="rounded-lg border border-line p-3" open={Boolean(errors)}>
        <summary className="cursor-pointer font-medium text-ink">
          {order.status === "paid" && !refundedBefore ? "Cancel and refund" : "Refund money"}
        </summary>
        <Form method="post" className="mt-3 space-y-4">
          <p className="text-sm text-ink-muted">
            {order.status === "paid"
              ? "Refunding all that is left cancels the order and puts its stock back on the shelf. A part refund keeps the order: you still hand it over, and stock doesn't change."
              : order.status === "fulfilled"
                ? "The order was handed over, so no stock goes back on the shelf, whatever you refund."
                : "An earlier refund of this order failed, so its money is still to go back."}{" "}
            The money goes back through the payment provider and the shopper is emailed your reason.
          </p>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-ink">How much</legend>
            <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-line p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus">
              <input
                type="radio"
                name="scope"
                value="all"
                defaultChecked
                className="size-4 accent-brand"
              />
              <span className="font-medium text-ink">Refund all ({left} left)</span>
            </label>
            <div className="space-y-3 rounded-lg border border-line p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
              <label className="flex cursor-pointer items-center gap-3">
                <input
                  ref={partRef}
                  type="radio"
                  name="scope"
                  value="part"
                  className="size-4 accent-brand"
                />
                <span className="font-medium text-ink">Refund part</span>
              </label>
              <Field
                label="Amount to refund (₦)"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                placeholder="2500.00"
                hint={<>In naira, at most {left}.</>}
                error={errors?.amount}
                onFocus={() => {
                  if (partRef.current) partRef.current.checked = true;
                }}
              />
            </div>
            {errors?.scope ? <FieldError>{errors.scope}</FieldError> : null}
          </fieldset>
          <TextAreaField
            label="Reason for the shopper"
            name="reason"
            rows={2}
            maxLength={500}
            required
            error={errors?.reason}
          />
          <Button type="submit" name="intent" value="refund" variant="danger" disabled={busy}>
            {busy ? "Refunding…" : "Refund"}
          </Button>
        </Form>
      </details>
    </section>
  );
}
