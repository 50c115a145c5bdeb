import { Clock, Lock } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { Form, useFetcher, useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { usePaystackPayment } from "#app/components/use-paystack-payment.ts";
import { kobo } from "#app/money.ts";
import type { PayAgainResult } from "#app/orders/checkout.server.ts";

/**
 * The parts of a checkout's page (/checkout/{id}, /voucherpay/{id}) before it is paid: paying
 * again or cancelling while the hold lasts, and what became of the money when it was not
 * completed. "Cancel" posts `intent=cancel` to the page's own action.
 */
export interface UnpaidCheckout {
  checkoutId: string;
  email: string;
  totalKobo: number;
  holdExpiresAt: string | null;
  inlineScriptUrl: string;
  unconfirmed: boolean;
  charged: boolean;
  wholeRefund: { status: string; amountKobo: number } | null;
}

export function WaitingHeader({
  checkout: loaderData,
  title,
  held,
}: {
  checkout: UnpaidCheckout;
  title: string;
  /** What is kept for the shopper while they pay: "products", "vouchers". */
  held: string;
}) {
  const payFetcher = useFetcher<{ result?: PayAgainResult }>();
  const revalidator = useRevalidator();
  const onNotPaid = useCallback(() => revalidator.revalidate(), [revalidator]);
  const payment = usePaystackPayment(loaderData.inlineScriptUrl, onNotPaid);
  const result = payFetcher.data?.result;
  const handled = useRef<unknown>(null);
  const { pay } = payment;
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) pay(result.payment);
    // The time to pay ran out while the page was open: show what the order can do now.
    else if (result.status === 409) revalidator.revalidate();
  }, [result, pay, revalidator]);
  const busy = payFetcher.state !== "idle" || payment.busy;
  const failure = result && !result.ok && "message" in result ? result.message : undefined;
  const holdUntil = loaderData.holdExpiresAt
    ? new Intl.DateTimeFormat("en-NG", { timeStyle: "short", timeZone: "Africa/Lagos" }).format(
        new Date(loaderData.holdExpiresAt),
      )
    : null;
  return (
    <header className="space-y-3">
      <div className="flex items-start gap-3">
        <Clock aria-hidden="true" className="mt-1 size-7 shrink-0 text-points" />
        <div>
          <h1 className="text-2xl font-bold text-ink">{title}</h1>
          <p className="mt-1 text-ink-muted">
            {holdUntil
              ? `Its ${held} are kept for you until ${holdUntil} (Lagos time).`
              : "Pay to send it to the businesses. What is left is checked again when you pay."}
          </p>
        </div>
      </div>
      {loaderData.unconfirmed ? (
        <p role="status" className="rounded-xl bg-points-soft px-4 py-3 text-ink">
          We're still checking your latest payment with Paystack. If money left your account, this
          page shows it as paid within a few minutes: there's no need to pay again.
        </p>
      ) : null}
      {loaderData.wholeRefund ? (
        <p className="rounded-xl bg-surface-sunken px-4 py-3 text-ink">
          An earlier payment couldn't be used for this order:{" "}
          <ClosedPayment checkout={loaderData} />
        </p>
      ) : null}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <div className="flex flex-wrap gap-3">
        <Button
          size="lg"
          disabled={busy}
          onClick={() =>
            payFetcher.submit(
              { intent: "pay-again", checkoutId: loaderData.checkoutId },
              { method: "post", action: "/checkout" },
            )
          }
        >
          <Lock aria-hidden="true" className="size-4" />
          {busy ? "Paying…" : "Pay "}
          {busy ? null : <Money kobo={kobo(loaderData.totalKobo)} />}
        </Button>
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" variant="secondary" size="lg" disabled={busy}>
            Cancel order
          </Button>
        </Form>
      </div>
    </header>
  );
}

/** What became of the money of a checkout that was not completed; "nothing" only when true. */
export function ClosedPayment({ checkout: loaderData }: { checkout: UnpaidCheckout }) {
  const refund = loaderData.wholeRefund;
  if (refund) {
    const amount = <Money kobo={kobo(refund.amountKobo)} />;
    if (refund.status === "processed") return <>Your payment of {amount} was returned to you.</>;
    if (refund.status === "pending")
      return <>Your payment of {amount} is on its way back to you.</>;
    return (
      <>
        Returning your payment of {amount} is taking longer than it should. Our team is on it and
        will contact you at {loaderData.email}.
      </>
    );
  }
  if (loaderData.charged) {
    return (
      <>
        A payment was taken but couldn't be used for these orders. Our team has been alerted and
        will return it to you.
      </>
    );
  }
  return <>Nothing was charged.</>;
}
