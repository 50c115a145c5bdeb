import { eq } from "drizzle-orm";
import { Lock, ShoppingBag, Store, Truck } from "lucide-react";
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { data, Link, redirect, useFetcher, useNavigate } from "react-router";
import { addressesOf } from "#app/auth/addresses.server.ts";
import type { FieldErrors } from "#app/auth/forms.ts";
import { formatNigerianPhone } from "#app/auth/phone.ts";
import { clientIp } from "#app/auth/request-info.server.ts";
import { requireUser } from "#app/auth/session.server.ts";
import type { CartItem } from "#app/cart/cart.ts";
import { cartLines, quoteUrl } from "#app/cart/cart-quote.ts";
import { useCart } from "#app/cart/cart-store.ts";
import { lazyComponent, useLazyComponent } from "#app/components/lazy-component.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Field, FieldError, FormMessage, TextAreaField } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { usePaystackPayment } from "#app/components/use-paystack-payment.ts";
import { services } from "#app/context.server.ts";
import { users } from "#app/db/schema.server.ts";
import { describeFee, listNames } from "#app/delivery/areas.ts";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { formatNaira, kobo } from "#app/money.ts";
import {
  payAgain,
  type StartCheckoutResult,
  type StartedPayment,
  startCheckout,
} from "#app/orders/checkout.server.ts";
import {
  describeIssue,
  fulfilmentFieldName,
  isBlocking,
  notesFieldName,
  type Quote,
  type QuotedGroup,
  type QuotedLine,
} from "#app/orders/checkout-quote.ts";
import { confirmedCheckout, verifyAndConfirm } from "#app/orders/confirm.server.ts";
import { checkoutOfPayment, paymentSettled } from "#app/orders/orders.server.ts";
import {
  checkoutStartLimited,
  paymentReference,
  paymentServices,
} from "#app/orders/payment-services.server.ts";
import { PaymentProviderError } from "#app/payments/provider.server.ts";
import { koboPerPointSpent } from "#app/points/checkout-points.ts";
import { formatPoints, pointsText } from "#app/points/points-text.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/checkout";

export const headers = privatePageHeaders;

/**
 * /checkout: contact, delivery or pickup per business, notes, and a summary repriced by the
 * server; one payment for every business in the cart (decision 013). The cart lives in the
 * browser, so the page asks the server for a quote of it after hydration and whenever it changes.
 */
export function meta() {
  return [{ title: "Checkout · Oja" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { db, payments } = services(context);
  const [[profile], addressRows] = await Promise.all([
    db.select({ phone: users.phone }).from(users).where(eq(users.id, user.id)),
    addressesOf(db, user.id),
  ]);
  const address = addressRows.find((row) => row.isDefault) ?? addressRows[0];
  return data(
    {
      contact: {
        email: user.email,
        phone: profile?.phone ? formatNigerianPhone(profile.phone) : "",
        name: user.name,
      },
      address: address
        ? {
            recipient: address.recipient,
            line1: address.line1,
            line2: address.line2,
            area: "",
            city: address.city,
            state: address.state,
          }
        : null,
      inlineScriptUrl: payments.browser.inlineScriptUrl,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const intentSchema = z.enum(["pay", "pay-again", "confirm"]);

/** When Paystack can't be asked right after paying: what the shopper needs to know. */
const confirmFailedMessage =
  "We couldn't confirm your payment with Paystack just now. If money left your account, your order updates by itself within a few minutes: there's no need to pay again.";

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const paying = paymentServices(services(context));
  const form = await request.formData();
  const intent = intentSchema.safeParse(form.get("intent"));
  if (!intent.success) return data({ error: "Unknown action" }, { status: 400 });
  const address = clientIp(request);
  switch (intent.data) {
    case "pay": {
      const result =
        (await checkoutStartLimited(services(context), user, address)) ??
        (await startCheckout(paying, { id: user.id, clientAddress: address }, form));
      return data({ intent: "pay" as const, result }, { status: result.ok ? 200 : result.status });
    }
    case "pay-again": {
      const checkoutId = String(form.get("checkoutId") ?? "");
      const result =
        (await checkoutStartLimited(services(context), user, address)) ??
        (await payAgain(paying, user, checkoutId));
      return data(
        { intent: "pay-again" as const, result },
        { status: result.ok ? 200 : result.status },
      );
    }
    case "confirm": {
      const reference = paymentReference.safeParse(form.get("reference"));
      if (!reference.success) {
        return data({ intent: "confirm" as const, message: "Unknown payment" }, { status: 400 });
      }
      let confirmation: Awaited<ReturnType<typeof verifyAndConfirm>>;
      try {
        confirmation = await verifyAndConfirm(paying, reference.data);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        // Paystack didn't answer or refused: the payment may well have gone through, and the
        // webhook or the reconciliation job will still confirm it. Say so; never a crash.
        paying.log.warn({ err: error, reference: reference.data }, "confirming a payment failed");
        const checkoutId = await checkoutOfPayment(paying.db, reference.data);
        // The webhook may have confirmed it meanwhile: then there is nothing to warn about.
        if (checkoutId && (await paymentSettled(paying.db, reference.data))) {
          throw redirect(`/checkout/${checkoutId}`);
        }
        return data(
          {
            intent: "confirm" as const,
            message: confirmFailedMessage,
            checkoutId,
          },
          { status: 502 },
        );
      }
      const checkoutId = confirmedCheckout(confirmation);
      if (!checkoutId) {
        return data({ intent: "confirm" as const, message: "Unknown payment" }, { status: 404 });
      }
      // The status page belongs to the checkout's shopper; it says what happened either way.
      throw redirect(`/checkout/${checkoutId}`);
    }
  }
}

type LoaderData = Route.ComponentProps["loaderData"];

/** How long typing in the city or area waits before the delivery fees are asked again. */
const placeSettleMs = 400;

/** Whether the business may deliver to the address (once it is known). */
const mayDeliver = (group: QuotedGroup) =>
  group.delivery.kind === "available" || group.delivery.kind === "needs_address";

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const items = useCart();
  if (!hydrated) return <CheckoutFrame busy>Loading your cart…</CheckoutFrame>;
  if (items.length === 0) {
    return (
      <CheckoutFrame>
        <EmptyState
          icon={ShoppingBag}
          title="Your cart is empty"
          action={<ButtonLink to="/">Start shopping</ButtonLink>}
        >
          Add products from any business on Oja, then come back here to pay for them all at once.
        </EmptyState>
      </CheckoutFrame>
    );
  }
  return <CheckoutForm items={items} loaderData={loaderData} />;
}

function CheckoutFrame({ children, busy }: { children: React.ReactNode; busy?: boolean }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10" aria-busy={busy || undefined}>
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Checkout</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}

function CheckoutForm({ items, loaderData }: { items: CartItem[]; loaderData: LoaderData }) {
  const quoteFetcher = useFetcher<{
    quote?: Quote;
    points?: { offered: number; spendable: number };
    error?: string;
  }>();
  const payFetcher = useFetcher<{ result?: StartCheckoutResult }>();
  const navigate = useNavigate();
  const [fulfilment, setFulfilment] = useState<Record<string, "delivery" | "pickup">>({});
  const lines = useMemo(() => JSON.stringify(cartLines(items)), [items]);
  // The delivery address's city and area price each business's delivery (decision 021); the
  // quote follows them once typing settles, or at once when the field is left.
  const [place, setPlace] = useState({
    city: loaderData.address?.city ?? "",
    area: loaderData.address?.area ?? "",
  });
  const [settledPlace, setSettledPlace] = useState(place);
  useEffect(() => {
    const timer = setTimeout(() => setSettledPlace(place), placeSettleMs);
    return () => clearTimeout(timer);
  }, [place]);
  const pickupIds = Object.entries(fulfilment)
    .filter(([, choice]) => choice === "pickup")
    .map(([id]) => id)
    .sort()
    .join(",");
  const currentQuoteUrl = quoteUrl({
    lines,
    city: settledPlace.city,
    area: settledPlace.area,
    pickup: pickupIds ? pickupIds.split(",") : [],
  });
  // Not paid (cancelled, declined): the orders are saved; their page offers to pay again.
  const showSaved = useCallback(
    (payment: { checkoutId: string }) => navigate(`/checkout/${payment.checkoutId}`),
    [navigate],
  );
  const payment = usePaystackPayment<StartedPayment>(loaderData.inlineScriptUrl, showSaved);

  // Ask for a fresh quote whenever the cart (a fix below changes it), the address's city or
  // area, or a choice of pickup changes.
  const { load: loadQuote } = quoteFetcher;
  useEffect(() => {
    loadQuote(currentQuoteUrl);
  }, [currentQuoteUrl, loadQuote]);

  const payResult = payFetcher.data?.result;
  const quote = quoteFetcher.data?.quote;
  // Points off (decision 057): the most the shopper may use on this quote, when they choose to.
  const [withPoints, setWithPoints] = useState(false);
  const points = quoteFetcher.data?.points;
  const [UnavailableLines, wakeUnavailableLines] = useLazyComponent(unavailableLines);
  const anyUnavailable = (quote?.unavailable.length ?? 0) > 0;
  useEffect(() => {
    if (anyUnavailable) wakeUnavailableLines();
  }, [anyUnavailable, wakeUnavailableLines]);
  const pointsOffered = points?.offered ?? 0;
  const pointsUsed = withPoints ? pointsOffered : 0;
  const payKobo = (quote?.totalKobo ?? 0) - pointsUsed * koboPerPointSpent;
  const errors: FieldErrors =
    payResult && !payResult.ok && payResult.status === 400 ? payResult.errors : {};

  // Each payment the server starts opens the popup once; a saved but unstarted one shows its page;
  // a refusal because the cart changed under it asks for a fresh quote.
  const handled = useRef<unknown>(null);
  const [refusedLines, setRefusedLines] = useState<string | null>(null);
  const { pay } = payment;
  useEffect(() => {
    if (!payResult || handled.current === payResult) return;
    handled.current = payResult;
    if (payResult.ok) pay(payResult.payment);
    else if (payResult.status === 502) showSaved(payResult);
    else if (payResult.status === 409 || payResult.status === 429) {
      setRefusedLines(lines);
      loadQuote(currentQuoteUrl);
    }
  }, [payResult, pay, showSaved, lines, loadQuote, currentQuoteUrl]);

  const paying = payFetcher.state !== "idle" || payment.busy;
  // The address stays while a business that delivers is wanted for delivery, even where it
  // doesn't deliver to the address given: changing the address is the way to get delivery.
  const anyDelivery = quote?.groups.some(
    (group) =>
      (fulfilment[group.business.id] ?? "delivery") === "delivery" &&
      group.delivery.kind !== "pickup_only",
  );
  // The refusal's message stays until the cart it was about is changed.
  const failure =
    payResult &&
    !payResult.ok &&
    (payResult.status === 409 || payResult.status === 429) &&
    refusedLines === lines
      ? payResult.message
      : undefined;

  return (
    <CheckoutFrame>
      <payFetcher.Form method="post" noValidate className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name="lines" value={lines} />
        <input type="hidden" name="expectedTotalKobo" value={payKobo} />
        <input type="hidden" name="usePoints" value={pointsUsed} />
        <div className="space-y-6">
          {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
          <Panel title="Contact">
            <p className="text-sm text-ink-muted">
              Your receipt goes to this email; businesses call this number about your order.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={loaderData.contact.email}
                error={errors.email}
                required
              />
              <Field
                label="Phone"
                name="phone"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                placeholder="0803 123 4567"
                defaultValue={loaderData.contact.phone}
                error={errors.phone}
                required
              />
            </div>
          </Panel>

          {quote ? (
            quote.groups.map((group) => (
              <BusinessOrder
                key={group.business.id}
                group={group}
                items={items}
                fulfilment={fulfilment[group.business.id] ?? "delivery"}
                onFulfilment={(value) =>
                  setFulfilment((current) => ({ ...current, [group.business.id]: value }))
                }
                errors={errors}
              />
            ))
          ) : (
            <Panel title="Your orders">
              <p className="text-sm text-ink-muted" aria-live="polite">
                {quoteFetcher.data?.error ?? "Checking prices and stock…"}
              </p>
            </Panel>
          )}
          {quote && quote.unavailable.length > 0 && UnavailableLines ? (
            <UnavailableLines ids={quote.unavailable} items={items} />
          ) : null}

          {anyDelivery ? (
            <Panel title="Delivery address">
              <DeliveryAddressFields
                address={loaderData.address}
                recipient={loaderData.contact.name}
                errors={errors}
                onPlace={(change, settle) => {
                  const next = { ...place, ...change };
                  setPlace(next);
                  if (settle) setSettledPlace(next);
                }}
              />
            </Panel>
          ) : null}
        </div>

        <aside className="lg:sticky lg:top-6 lg:self-start">
          <Panel title="Summary">
            {quote ? (
              <dl className="space-y-2 text-sm">
                {quote.groups.map((group) => (
                  <Fragment key={group.business.id}>
                    <div className="flex justify-between gap-3">
                      <dt className="text-ink-muted">{group.business.name}</dt>
                      <dd>
                        <Money kobo={kobo(group.subtotalKobo)} />
                      </dd>
                    </div>
                    {group.fulfilment === "delivery" && group.delivery.kind === "available" ? (
                      <div className="flex justify-between gap-3 pl-3">
                        <dt className="text-ink-muted">Delivery</dt>
                        <dd>{describeFee(group.deliveryFeeKobo)}</dd>
                      </div>
                    ) : null}
                  </Fragment>
                ))}
                {pointsUsed > 0 ? (
                  <div className="flex justify-between gap-3">
                    <dt className="text-ink-muted">Points</dt>
                    <dd>
                      −<Money kobo={kobo(pointsUsed * koboPerPointSpent)} />
                    </dd>
                  </div>
                ) : null}
                <div className="flex justify-between gap-3 border-t border-line pt-2 text-base font-bold text-ink">
                  <dt>Total</dt>
                  <dd data-testid="checkout-total">
                    <Money kobo={kobo(payKobo)} />
                  </dd>
                </div>
              </dl>
            ) : (
              <p className="text-sm text-ink-muted">Working out your total…</p>
            )}
            {pointsOffered > 0 ? (
              <label className="flex min-h-11 items-start gap-3 rounded-lg bg-points-soft px-3 py-2 text-sm text-ink">
                <input
                  type="checkbox"
                  checked={withPoints}
                  onChange={(event) => setWithPoints(event.target.checked)}
                  className="mt-0.5 size-5 accent-brand"
                />
                <span>
                  <span className="font-semibold">
                    Use {pointsText(pointsOffered)}: −
                    <Money kobo={kobo(pointsOffered * koboPerPointSpent)} />
                  </span>{" "}
                  (of your {formatPoints(points?.spendable ?? 0)}; points pay up to half)
                </span>
              </label>
            ) : null}
            {quote?.blocked ? (
              <p className="text-sm text-danger" role="status">
                Fix the lines marked in your orders to pay.
              </p>
            ) : null}
            <Button
              type="submit"
              size="lg"
              className="w-full"
              disabled={!quote || quote.blocked || paying || quoteFetcher.state !== "idle"}
            >
              <Lock aria-hidden="true" className="size-4" />
              {paying ? "Paying…" : quote ? `Pay ${formatNaira(kobo(payKobo))}` : "Pay"}
            </Button>
            <p className="text-xs text-ink-muted">
              One payment through Paystack for every business above: card, bank transfer, USSD, QR
              or mobile money. Each business gets its own order.
            </p>
          </Panel>
        </aside>
      </payFetcher.Form>
    </CheckoutFrame>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      className="space-y-4 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function BusinessOrder({
  group,
  items,
  fulfilment,
  onFulfilment,
  errors,
}: {
  group: QuotedGroup;
  items: CartItem[];
  fulfilment: "delivery" | "pickup";
  onFulfilment: (value: "delivery" | "pickup") => void;
  errors: FieldErrors;
}) {
  const { business } = group;
  const fulfilmentError = errors[fulfilmentFieldName(business.id)];
  const notesError = errors[notesFieldName(business.id)];
  // Where the business doesn't deliver to the address, pickup is the one choice left.
  const chosen = mayDeliver(group) ? fulfilment : "pickup";
  const fulfilmentRadio = (value: "delivery" | "pickup") => ({
    name: fulfilmentFieldName(business.id),
    value,
    checked: chosen === value,
    onChange: () => onFulfilment(value),
  });
  return (
    <section
      aria-label={`Order from ${business.name}`}
      className="space-y-4 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-lg font-semibold text-ink">
          <Link to={`/${business.slug}`} className="hover:underline">
            {business.name}
          </Link>
        </h2>
        <Money kobo={kobo(group.subtotalKobo)} className="font-semibold text-ink" />
      </div>
      <ul className="divide-y divide-line">
        {group.lines.map((line) => (
          <SummaryLine
            key={line.productId}
            line={line}
            item={items.find((item) => item.id === line.productId)}
            businessSlug={business.slug}
          />
        ))}
      </ul>
      {group.fulfilment === "delivery" && group.delivery.kind === "available" ? (
        <div className="flex justify-between gap-3 border-t border-line pt-3 text-sm text-ink">
          <span>
            Delivery · {group.delivery.estimate}
            {group.deliveryFeeKobo === 0 && group.delivery.areaFeeKobo > 0 ? (
              <span className="text-ink-muted"> (free on this order)</span>
            ) : null}
          </span>
          <span data-testid="delivery-fee">{describeFee(group.deliveryFeeKobo)}</span>
        </div>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink">How do you want it?</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <ChoiceCard
            {...fulfilmentRadio("delivery")}
            disabled={!mayDeliver(group)}
            icon={<Truck aria-hidden="true" className="size-5" />}
            title="Delivery"
            detail={deliveryDetail(group)}
          />
          <ChoiceCard
            {...fulfilmentRadio("pickup")}
            icon={<Store aria-hidden="true" className="size-5" />}
            title="Pickup"
            detail={`${group.pickup.address} · ${group.pickup.hours}`}
          />
        </div>
        {!mayDeliver(group) && "reason" in group.delivery ? (
          <p className="text-sm text-ink" role="status">
            Pickup only. {group.delivery.reason}
          </p>
        ) : null}
        {fulfilmentError ? <FieldError>{fulfilmentError}</FieldError> : null}
      </fieldset>
      <TextAreaField
        label={
          <>
            Notes for {business.name} <span className="font-normal text-ink-muted">(optional)</span>
          </>
        }
        name={notesFieldName(business.id)}
        rows={2}
        maxLength={500}
        error={notesError}
      />
    </section>
  );
}

/** What delivery from the business costs and takes, or why it isn't offered. */
function deliveryDetail(group: QuotedGroup): string {
  const { delivery } = group;
  switch (delivery.kind) {
    case "available": {
      const free =
        delivery.freeDeliveryFromKobo !== null && group.deliveryFeeKobo > 0
          ? ` · free from ${formatNaira(kobo(delivery.freeDeliveryFromKobo))}`
          : "";
      return `${describeFee(delivery.feeKobo)} · ${delivery.estimate}${free}`;
    }
    case "needs_address":
      return `Enter your city below to see the fee (${listNames(delivery.cities)})`;
    case "not_served":
      return "Not available to this address";
    case "pickup_only":
      return "Not offered by this business";
  }
}

function ChoiceCard({
  name,
  value,
  checked,
  disabled,
  onChange,
  icon,
  title,
  detail,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  icon: React.ReactNode;
  title: string;
  detail: string;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus has-[:disabled]:cursor-not-allowed has-[:disabled]:bg-surface-sunken">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        className="mt-1 size-4 accent-brand"
      />
      <span className="text-ink">{icon}</span>
      <span className="min-w-0">
        <span className="block font-medium text-ink">{title}</span>
        <span className="block text-sm text-ink-muted">{detail}</span>
      </span>
    </label>
  );
}

/**
 * The cart's fixes (decision 014's one-tap repairs), loaded when a quote first flags a line: most
 * checkouts never need them, and the page stays within its script budget. The issue's words show
 * at once; its button follows the moment the chunk arrives.
 */
const issueFix = lazyComponent(() =>
  import("#app/components/cart-line-issues.tsx").then((module) => module.IssueFix),
);
const unavailableLines = lazyComponent(() =>
  import("#app/components/cart-line-issues.tsx").then((module) => module.UnavailableLines),
);

function SummaryLine({
  line,
  item,
  businessSlug,
}: {
  line: QuotedLine;
  item: CartItem | undefined;
  businessSlug: string;
}) {
  const image = typeof item?.image === "string" ? item.image : undefined;
  const [IssueFix, wakeIssueFix] = useLazyComponent(issueFix);
  const flagged = line.issues.length > 0;
  useEffect(() => {
    if (flagged) wakeIssueFix();
  }, [flagged, wakeIssueFix]);
  return (
    <li className="flex gap-3 py-3" data-testid="checkout-line">
      <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-surface-sunken">
        {image ? (
          <img src={image} alt="" width={64} height={64} className="size-full object-cover" />
        ) : null}
      </div>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-start justify-between gap-3">
          <p className="font-medium text-ink">
            <Link to={`/${businessSlug}/products/${line.productSlug}`} className="hover:underline">
              {line.name}
            </Link>
          </p>
          <Money kobo={kobo(line.lineTotalKobo)} className="shrink-0 font-medium text-ink" />
        </div>
        <p className="text-sm text-ink-muted">
          {line.quantity} × <Money kobo={kobo(line.unitPriceKobo)} />
          {line.size ? ` · Size ${line.size}` : null}
        </p>
        {line.issues.map((issue) => (
          <div
            key={issue.kind}
            className={
              isBlocking(issue)
                ? "flex flex-wrap items-center gap-2 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger"
                : "flex flex-wrap items-center gap-2 rounded-lg bg-points-soft px-3 py-2 text-sm text-ink"
            }
          >
            <span>{describeIssue(issue, line)}</span>
            {item && IssueFix ? <IssueFix issue={issue} line={line} item={item} /> : null}
          </div>
        ))}
      </div>
    </li>
  );
}

function DeliveryAddressFields({
  address,
  recipient,
  errors,
  onPlace,
}: {
  address: LoaderData["address"];
  recipient: string;
  errors: FieldErrors;
  /** The city or area changed; `settle` when the field was left, so fees update at once. */
  onPlace: (change: { city?: string; area?: string }, settle: boolean) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label="Recipient"
        name="recipient"
        autoComplete="name"
        defaultValue={address?.recipient ?? recipient}
        error={errors.recipient}
        className="sm:col-span-2"
        required
      />
      <Field
        label="Street address"
        name="line1"
        autoComplete="address-line1"
        defaultValue={address?.line1}
        error={errors.line1}
        className="sm:col-span-2"
        required
      />
      <Field
        label="Apartment, landmark (optional)"
        name="line2"
        autoComplete="address-line2"
        defaultValue={address?.line2}
        error={errors.line2}
        className="sm:col-span-2"
      />
      <Field
        label="City"
        name="city"
        autoComplete="address-level2"
        defaultValue={address?.city}
        error={errors.city}
        onChange={(event) => onPlace({ city: event.currentTarget.value }, false)}
        onBlur={(event) => onPlace({ city: event.currentTarget.value }, true)}
        required
      />
      <Field
        label="State"
        name="state"
        autoComplete="address-level1"
        defaultValue={address?.state}
        error={errors.state}
        required
      />
      <Field
        label="Area (optional)"
        name="area"
        autoComplete="address-level3"
        placeholder="e.g. Lekki Phase 1, Wuse 2"
        hint="Some businesses charge by area."
        className="sm:col-span-2"
        defaultValue={address?.area}
        error={errors.area}
        onChange={(event) => onPlace({ area: event.currentTarget.value }, false)}
        onBlur={(event) => onPlace({ area: event.currentTarget.value }, true)}
      />
    </div>
  );
}
