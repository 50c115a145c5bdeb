import { eq } from "drizzle-orm";
import { CircleCheck, Lock, RotateCcw } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import { formatNigerianPhone } from "#app/auth/phone.ts";
import { clientIp } from "#app/auth/request-info.server.ts";
import { currentUser } from "#app/auth/session.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormMessage } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { StatusPill } from "#app/components/ui/status-pill.tsx";
import { usePaystackPayment } from "#app/components/use-paystack-payment.ts";
import { services } from "#app/context.server.ts";
import { users } from "#app/db/schema.server.ts";
import { notFound } from "#app/errors.ts";
import {
  billPaymentByReference,
  billToPay,
  type StartBillResult,
  type StartedBillPayment,
  startBillPayment,
} from "#app/invoices/bill-payments.server.ts";
import { notPayableMessages, payLinkRange } from "#app/invoices/invoice-state.ts";
import type { Brand } from "#app/layouts/custom.tsx";
import { formatNaira, type Kobo, koboToNaira } from "#app/money.ts";
import { confirmedCheckout, verifyAndConfirm } from "#app/orders/confirm.server.ts";
import {
  checkoutStartLimited,
  paymentReference,
  paymentServices,
} from "#app/orders/payment-services.server.ts";
import { PaymentProviderError } from "#app/payments/provider.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/pay";

export const headers = privatePageHeaders;

/**
 * /pay/{id} (custom layout, issue 24): pay a business's invoice or pay link, signed in or not.
 * The page wears the business's brand, says what is paid and how much, and asks for the
 * payer's email (the receipt) and phone; an open link asks for the amount. Paying goes through
 * the same Paystack path as checkout: the popup when the page runs its script, the provider's
 * own page without it (the plain form's post is redirected there), and the one confirmation
 * (decision 060). After paying, `?payment={reference}` shows what became of the payment.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Pay ${loaderData.brand.name} · Oja` : "Pay · Oja";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { db, payments } = services(context);
  const bill = await billToPay(db, params.id);
  if (!bill) throw notFound(url);
  const user = currentUser(context);
  const [profile] = user
    ? await db.select({ phone: users.phone }).from(users).where(eq(users.id, user.id))
    : [];
  const business = bill.kind === "invoice" ? bill.invoice.business : bill.link.business;
  const reference = paymentReference.safeParse(url.searchParams.get("payment"));
  const paid = reference.success
    ? await billPaymentByReference(db, params.id, reference.data)
    : null;
  const brand: Brand = {
    name: business.name,
    slug: business.slug,
    color: business.brandColor,
    logoUrl: business.logoUrl,
  };
  return data(
    {
      brand,
      publicId: params.id,
      bill,
      paid,
      contact: {
        email: user?.email ?? (bill.kind === "invoice" ? bill.invoice.customerEmail : ""),
        phone: profile?.phone ? formatNigerianPhone(profile.phone) : "",
      },
      inlineScriptUrl: payments.browser.inlineScriptUrl,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = z.enum(["pay", "confirm"]).safeParse(form.get("intent"));
  if (!intent.success) return data({ intent: "pay" as const, message: "Unknown action" }, 400);
  const paying = paymentServices(services(context));
  if (intent.data === "confirm") {
    const reference = paymentReference.safeParse(form.get("reference"));
    if (!reference.success)
      return data({ intent: "confirm" as const, message: "Unknown payment" }, 400);
    try {
      const confirmation = await verifyAndConfirm(paying, reference.data);
      if (confirmation.kind === "unknown" || confirmedCheckout(confirmation)) throw notFound(url);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      paying.log.warn(
        { err: error, reference: reference.data },
        "confirming a bill payment failed",
      );
      // The webhook or the reconciliation job still confirms it; the page says it's on its way.
    }
    throw redirect(`/pay/${params.id}?${new URLSearchParams({ payment: reference.data })}`);
  }
  const user = currentUser(context);
  const address = clientIp(request);
  // Starting a payment is limited like checkout's: per account, or per address for a guest.
  const limited = await checkoutStartLimited(
    services(context),
    { id: user?.id ?? `guest:${address ?? "unknown"}` },
    address,
  );
  const result: StartBillResult =
    limited ?? (await startBillPayment(paying, params.id, form, user ? { id: user.id } : null));
  if (!result.ok && result.status === 404) throw notFound(url);
  // Without the page's script the plain form's post goes on to the provider's own page.
  if (result.ok && form.get("popup") !== "1") throw redirect(result.payment.authorizationUrl);
  return data({ intent: "pay" as const, result }, { status: result.ok ? 200 : result.status });
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function Pay({ loaderData, actionData }: Route.ComponentProps) {
  const { bill, paid, brand } = loaderData;
  const title = bill.kind === "invoice" ? `Invoice ${bill.invoice.label}` : bill.link.description;
  const state = bill.kind === "invoice" ? bill.invoice.state : bill.link.state;
  const payable = bill.kind === "invoice" ? bill.invoice.payable : bill.link.payable;
  return (
    <div className="mx-auto w-full max-w-lg space-y-5 px-4 py-6 sm:py-10">
      <header className="space-y-1">
        <p className="text-sm font-medium text-ink-muted">
          Payment to{" "}
          <Link to={`/${brand.slug}`} className="text-ink underline-offset-2 hover:underline">
            {brand.name}
          </Link>
        </p>
        <h1 className="text-2xl font-bold text-ink break-words">{title}</h1>
      </header>
      {paid ? <PaymentOutcome paid={paid} brand={brand.name} /> : null}
      <section
        aria-label="What you pay"
        className="space-y-3 rounded-xl border border-line bg-surface p-4 sm:p-5"
      >
        {bill.kind === "invoice" ? (
          <InvoiceSummary invoice={bill.invoice} publicId={loaderData.publicId} />
        ) : (
          <LinkSummary link={bill.link} />
        )}
      </section>
      {payable && !paid ? (
        <PayForm loaderData={loaderData} actionData={actionData} />
      ) : !payable && state in notPayableMessages ? (
        <FormMessage tone="error">
          {notPayableMessages[state as keyof typeof notPayableMessages]}
        </FormMessage>
      ) : null}
      <p className="flex items-center gap-1.5 text-sm text-ink-muted">
        <Lock aria-hidden="true" className="size-4" />
        Paid securely with Paystack. Oja never sees your card details.
      </p>
    </div>
  );
}

function InvoiceSummary({
  invoice,
  publicId,
}: {
  invoice: Extract<LoaderData["bill"], { kind: "invoice" }>["invoice"];
  publicId: string;
}) {
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-ink-muted">Billed to {invoice.customerName}</span>
        <InvoiceStatePill state={invoice.state} />
      </div>
      <div className="flex items-baseline justify-between gap-3 border-t border-line pt-3">
        <span className="font-semibold text-ink">Total</span>
        <Money kobo={invoice.totalKobo} className="text-xl font-bold text-ink" />
      </div>
      <p className="text-sm text-ink-muted">
        {invoice.state === "paid" ? "Paid" : `Due ${formatDay(invoice.dueOn)}`} ·{" "}
        <Link to={`/invoices/${publicId}`} className="font-medium text-brand underline">
          See the invoice
        </Link>
      </p>
    </>
  );
}

function InvoiceStatePill({ state }: { state: string }) {
  if (state === "paid") return <StatusPill label="Paid" tone="good" />;
  if (state === "void") return <StatusPill label="Void" tone="neutral" />;
  if (state === "overdue") return <StatusPill label="Overdue" tone="bad" />;
  return <StatusPill label="Awaiting payment" tone="neutral" />;
}

function LinkSummary({ link }: { link: Extract<LoaderData["bill"], { kind: "payLink" }>["link"] }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <span className="font-semibold text-ink">Amount</span>
      {link.amountKobo !== null ? (
        <Money kobo={link.amountKobo} className="text-xl font-bold text-ink" />
      ) : (
        <span className="text-ink">{openRange(link.minAmountKobo, link.maxAmountKobo)}</span>
      )}
    </div>
  );
}

function openRange(min: Kobo | null, max: Kobo | null): string {
  const range = payLinkRange(min, max);
  return range ? `You choose, ${range}` : "You choose";
}

function PaymentOutcome({ paid, brand }: { paid: NonNullable<LoaderData["paid"]>; brand: string }) {
  if (paid.status === "success") {
    return (
      <div role="status" className="rounded-xl border border-line bg-brand-soft p-4">
        <p className="flex items-center gap-2 text-lg font-semibold text-ink">
          <CircleCheck aria-hidden="true" className="size-6 text-positive" />
          Payment received
        </p>
        <p className="mt-1 text-ink">
          You paid <Money kobo={paid.amountKobo} /> to {brand}. Your receipt is on its way to{" "}
          {paid.payerEmail}.
        </p>
        <p className="mt-1 text-sm text-ink-muted">Reference {paid.reference}</p>
      </div>
    );
  }
  if (paid.status === "duplicate" || paid.status === "mismatch") {
    return (
      <div role="status" className="rounded-xl border border-line bg-surface-muted p-4">
        <p className="flex items-center gap-2 text-lg font-semibold text-ink">
          <RotateCcw aria-hidden="true" className="size-5" />
          Your payment is being returned
        </p>
        <p className="mt-1 text-ink">
          It arrived when this could no longer be paid, so <Money kobo={paid.amountKobo} /> goes
          back to the card or account you paid with. We emailed {paid.payerEmail} the details.
        </p>
      </div>
    );
  }
  return (
    <FormMessage tone="error">
      We haven't had word from Paystack about this payment yet. If money left your account, this
      page shows it within a few minutes: there's no need to pay again.
    </FormMessage>
  );
}

function PayForm({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { bill, contact } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const navigation = useNavigation();
  const payment = usePaystackPayment<StartedBillPayment>(
    loaderData.inlineScriptUrl,
    useCallback(() => {}, []),
    {
      confirmAction: `/pay/${loaderData.publicId}`,
      keptWords: "Nothing was taken",
    },
  );
  const answer = fetcher.data ?? actionData;
  const result = answer && "result" in answer ? answer.result : undefined;
  const opened = useRef<unknown>(null);
  useEffect(() => {
    if (!result?.ok || opened.current === result) return;
    opened.current = result;
    payment.pay(result.payment);
  }, [result, payment]);
  const errors = result && !result.ok && result.status === 400 ? result.errors : {};
  const message =
    result && !result.ok && "message" in result
      ? result.message
      : answer && "message" in answer
        ? answer.message
        : undefined;
  const busy = fetcher.state !== "idle" || navigation.state !== "idle" || payment.busy;
  const amountKobo = bill.kind === "invoice" ? bill.invoice.totalKobo : bill.link.amountKobo;
  return (
    <Form
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        // With the script running, the popup opens on this page; without, the post goes on.
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        form.set("popup", "1");
        fetcher.submit(form, { method: "post" });
      }}
    >
      <input type="hidden" name="intent" value="pay" />
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      {bill.kind === "payLink" && bill.link.amountKind === "open" ? (
        <Field
          label="Amount (₦)"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="5000"
          defaultValue={
            bill.link.minAmountKobo !== null ? String(koboToNaira(bill.link.minAmountKobo)) : ""
          }
          error={errors.amount}
        />
      ) : null}
      <Field
        label="Your email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={contact.email}
        hint="Your receipt goes here."
        error={errors.email}
      />
      <Field
        label="Phone (optional)"
        name="phone"
        type="tel"
        autoComplete="tel"
        defaultValue={contact.phone}
        hint="In case the business needs to reach you."
        error={errors.phone}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy
          ? "Opening the payment…"
          : amountKobo !== null
            ? `Pay ${formatNaira(amountKobo)}`
            : "Pay"}
      </Button>
    </Form>
  );
}
