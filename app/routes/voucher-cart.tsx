import { eq } from "drizzle-orm";
import { Gift, Lock, Ticket } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { data, Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import { formatNigerianPhone } from "#app/auth/phone.ts";
import { clientIp } from "#app/auth/request-info.server.ts";
import { currentUser, requireUser } from "#app/auth/session.server.ts";
import { type CartAction, type CartItem, groupByBusiness, lineTotalKobo } from "#app/cart/cart.ts";
import { cartLines } from "#app/cart/cart-quote.ts";
import { dispatchVoucherCart, useVoucherCart } from "#app/cart/cart-store.ts";
import { FixButton } from "#app/components/cart-fix-button.tsx";
import { CartBusinessGroup, CartQuantity, cartItemText } from "#app/components/cart-quantity.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { Field, FormMessage } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { usePaystackPayment } from "#app/components/use-paystack-payment.ts";
import { services } from "#app/context.server.ts";
import { users } from "#app/db/schema.server.ts";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { kobo, koboToNaira, nairaToKobo } from "#app/money.ts";
import type { StartedPayment } from "#app/orders/checkout.server.ts";
import { checkoutStartLimited, paymentServices } from "#app/orders/payment-services.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import {
  type StartVoucherCheckoutResult,
  startVoucherCheckout,
} from "#app/vouchers/checkout.server.ts";
import {
  describeVoucherIssue,
  isBlockingVoucherIssue,
  type VoucherLineIssue,
  type VoucherQuote,
  type VoucherQuotedLine,
} from "#app/vouchers/voucher-quote.ts";
import type { Route } from "./+types/voucher-cart";

export const headers = privatePageHeaders;

/**
 * /vouchers/cart: the voucher cart (issue 19), kept apart from the product cart under its own
 * local-storage key, with the spec cart's operations, and its checkout on the same page: the
 * server reprices it (asked again whenever it changes), and one payment pays every business's
 * vouchers. Anyone may fill it; paying needs an account, since the vouchers live in it.
 */
export function meta() {
  return [{ title: "Your voucher cart · Oja" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const { db, payments } = services(context);
  const [profile] = user
    ? await db.select({ phone: users.phone }).from(users).where(eq(users.id, user.id))
    : [];
  return data(
    {
      contact: user
        ? {
            email: user.email,
            phone: profile?.phone ? formatNigerianPhone(profile.phone) : "",
          }
        : null,
      inlineScriptUrl: payments.browser.inlineScriptUrl,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData();
  if (form.get("intent") !== "pay") return data({ error: "Unknown action" }, { status: 400 });
  const address = clientIp(request);
  const result: StartVoucherCheckoutResult =
    (await checkoutStartLimited(services(context), user, address)) ??
    (await startVoucherCheckout(
      paymentServices(services(context)),
      { id: user.id, clientAddress: address },
      form,
    ));
  return data({ result }, { status: result.ok ? 200 : result.status });
}

const quoteUrl = (lines: string) => `/api/vouchers/quote?${new URLSearchParams({ lines })}`;

export default function VoucherCart({ loaderData }: Route.ComponentProps) {
  const items = useVoucherCart();
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <div className="mx-auto min-h-svh max-w-5xl px-4 py-8" aria-busy="true">
        <h1 className="text-2xl font-bold text-ink">Your voucher cart</h1>
        <p className="mt-4 text-ink-muted">Loading your voucher cart…</p>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="mx-auto min-h-svh max-w-3xl px-4 py-16 text-center">
        <Ticket aria-hidden="true" className="mx-auto size-12 text-ink-muted" />
        <h1 className="mt-4 text-2xl font-bold text-ink">Your voucher cart is empty</h1>
        <p className="mt-2 text-ink-muted">
          Vouchers you add from any business land here, apart from your product cart. Pay for them
          all at once and get each code straight away.
        </p>
        <ButtonLink to="/vouchers" className="mt-6">
          Find vouchers
        </ButtonLink>
      </div>
    );
  }
  return <VoucherCartForm items={items} loaderData={loaderData} />;
}

function VoucherCartForm({
  items,
  loaderData,
}: {
  items: CartItem[];
  loaderData: Route.ComponentProps["loaderData"];
}) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const asGift = searchParams.get("gift") === "1";
  const quoteFetcher = useFetcher<{ quote?: VoucherQuote; error?: string }>();
  const payFetcher = useFetcher<{ result?: StartVoucherCheckoutResult }>();
  const lines = useMemo(() => JSON.stringify(cartLines(items)), [items]);
  const { load } = quoteFetcher;
  useEffect(() => {
    load(quoteUrl(lines));
  }, [lines, load]);
  const quote = quoteFetcher.data?.quote;
  const quoted = new Map(
    quote?.groups.flatMap((group) => group.lines.map((line) => [line.offerId, line])) ?? [],
  );
  const unavailable = quote?.unavailable ?? [];

  // Not paid (closed popup, declined card): the orders are saved, their page offers to pay again.
  const showSaved = useCallback(
    (payment: { checkoutId: string }) => navigate(`/voucherpay/${payment.checkoutId}`),
    [navigate],
  );
  const payment = usePaystackPayment<StartedPayment>(loaderData.inlineScriptUrl, showSaved);
  const payResult = payFetcher.data?.result;
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
      load(quoteUrl(lines));
    }
  }, [payResult, pay, showSaved, lines, load]);
  const errors: FieldErrors =
    payResult && !payResult.ok && payResult.status === 400 ? payResult.errors : {};
  const failure =
    payResult &&
    !payResult.ok &&
    (payResult.status === 409 || payResult.status === 429) &&
    refusedLines === lines
      ? payResult.message
      : undefined;
  const paying = payFetcher.state !== "idle" || payment.busy;
  const blocked = Boolean(quote?.blocked);
  // Vouchers, not lines: two of one offer are two codes.
  const count = items.reduce((sum, item) => sum + item.quantity, 0);

  return (
    <div className="mx-auto grid min-h-svh max-w-5xl content-start gap-6 px-4 py-8 lg:grid-cols-[1fr_22rem]">
      <div>
        <h1 className="text-2xl font-bold text-ink">
          Your voucher cart{" "}
          <span className="text-base font-normal text-ink-muted">
            ({count} {count === 1 ? "voucher" : "vouchers"})
          </span>
        </h1>
        {unavailable.length > 0 ? (
          <div className="mt-4">
            <FormMessage tone="error">
              {unavailable.length === 1 ? "A voucher" : "Some vouchers"} in your cart{" "}
              {unavailable.length === 1 ? "is" : "are"} no longer sold on Oja.{" "}
              <button
                type="button"
                className="font-semibold underline underline-offset-2"
                onClick={() => {
                  for (const id of unavailable) dispatchVoucherCart({ type: "remove", id });
                }}
              >
                Remove {unavailable.length === 1 ? "it" : "them"}
              </button>
            </FormMessage>
          </div>
        ) : null}
        {groupByBusiness(items).map((group) => (
          <CartBusinessGroup
            key={group.businessId}
            group={group}
            line={(item) => (
              <VoucherCartLine key={item.id} item={item} quoted={quoted.get(item.id)} />
            )}
          />
        ))}
      </div>
      <aside aria-labelledby="pay-title" className="lg:pt-12">
        <payFetcher.Form
          method="post"
          noValidate
          className="space-y-4 rounded-card border border-line bg-surface p-4 lg:sticky lg:top-24"
        >
          <h2 id="pay-title" className="font-semibold text-ink">
            Pay for your vouchers
          </h2>
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="lines" value={lines} />
          <input type="hidden" name="expectedTotalKobo" value={quote?.totalKobo ?? 0} />
          <p className="flex justify-between text-lg">
            <span>Total</span>
            {quote ? (
              <Money kobo={kobo(quote.totalKobo)} className="font-bold" />
            ) : quoteFetcher.data?.error ? null : (
              <span className="text-sm text-ink-muted">Checking prices…</span>
            )}
          </p>
          {asGift ? (
            <p className="flex gap-2 rounded-lg bg-brand-soft px-3 py-2 text-sm text-ink">
              <Gift aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Buying a gift: once paid, send each voucher to a friend with a message, on the day you
              choose.
            </p>
          ) : null}
          {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
          {quoteFetcher.data?.error ? (
            <FormMessage tone="error">{quoteFetcher.data.error}</FormMessage>
          ) : null}
          {blocked ? (
            <p className="text-sm font-medium text-danger" role="status">
              Some lines need a change before you can pay: see the notes beside them.
            </p>
          ) : null}
          {loaderData.contact ? (
            <>
              <Field
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={loaderData.contact.email}
                error={errors.email}
                hint="Your codes and receipt go here."
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
              {errors.lines ? <FormMessage tone="error">{errors.lines}</FormMessage> : null}
              <Button
                type="submit"
                size="lg"
                className="w-full"
                disabled={paying || !quote || blocked}
              >
                <Lock aria-hidden="true" className="size-4" />
                {paying ? "Paying…" : "Pay "}
                {paying || !quote ? null : <Money kobo={kobo(quote.totalKobo)} />}
              </Button>
              <p className="text-xs text-ink-muted">
                One payment with Paystack for every business. Your codes are issued the moment it
                goes through.
              </p>
            </>
          ) : (
            <>
              <p className="text-sm text-ink-muted">
                Vouchers are kept in your Oja account, so sign in (or create an account) to pay.
                Your cart stays as it is.
              </p>
              <ButtonLink
                to={`/Login?redirectTo=${encodeURIComponent("/vouchers/cart")}`}
                size="lg"
                className="w-full"
              >
                Sign in to pay
              </ButtonLink>
            </>
          )}
        </payFetcher.Form>
      </aside>
    </div>
  );
}

function VoucherCartLine({
  item,
  quoted,
}: {
  item: CartItem;
  quoted: VoucherQuotedLine | undefined;
}) {
  const name = cartItemText(item, "name") ?? "Voucher";
  return (
    <li className="py-4" data-testid="voucher-cart-line">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-ink">
            <Link to={`/vouchers/${item.id}`} className="hover:underline">
              {name}
            </Link>
          </h3>
          <p className="text-sm text-ink-muted">
            <Money kobo={nairaToKobo(item.amount)} /> each
            {quoted ? (
              <>
                {" "}
                · worth <Money kobo={kobo(quoted.valueKobo)} />
              </>
            ) : null}
          </p>
        </div>
        <Money kobo={lineTotalKobo(item)} className="shrink-0 font-semibold text-ink" />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <CartQuantity item={item} name={name} dispatch={dispatchVoucherCart} />
      </div>
      {quoted?.issues.map((issue) => (
        <div
          key={issue.kind}
          className={
            isBlockingVoucherIssue(issue)
              ? "mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger"
              : "mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-points-soft px-3 py-2 text-sm text-ink"
          }
        >
          <span>{describeVoucherIssue(issue, quoted)}</span>
          <IssueFix issue={issue} line={quoted} item={item} />
        </div>
      ))}
    </li>
  );
}

/** The one tap that changes the voucher cart so the line can be paid for. */
function IssueFix({
  issue,
  line,
  item,
}: {
  issue: VoucherLineIssue;
  line: VoucherQuotedLine;
  item: CartItem;
}) {
  const remove: CartAction = { type: "remove", id: item.id };
  const change = (quantity: number): CartAction =>
    quantity > 0 ? { type: "setQuantityAndSize", item: { ...item, quantity } } : remove;
  switch (issue.kind) {
    case "price_changed":
      return (
        <FixButton
          dispatch={dispatchVoucherCart}
          change={{ type: "reprice", id: item.id, amount: koboToNaira(kobo(line.unitPriceKobo)) }}
        >
          Update my cart
        </FixButton>
      );
    case "not_on_sale":
      return (
        <FixButton dispatch={dispatchVoucherCart} change={remove}>
          Remove it
        </FixButton>
      );
    case "short":
      return (
        <FixButton dispatch={dispatchVoucherCart} change={change(issue.available)}>
          Change to {issue.available}
        </FixButton>
      );
    case "limit":
      return (
        <FixButton dispatch={dispatchVoucherCart} change={change(issue.allowed)}>
          {issue.allowed > 0 ? `Change to ${issue.allowed}` : "Remove it"}
        </FixButton>
      );
  }
}
