import { ShoppingBag } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Link, useFetcher } from "react-router";
import {
  type CartItem,
  cartCount,
  cartTotalKobo,
  groupByBusiness,
  lineTotalKobo,
} from "#app/cart/cart.ts";
import { cartLines, quoteUrl } from "#app/cart/cart-quote.ts";
import { dispatchCart, useCart } from "#app/cart/cart-store.ts";
import { IssueFix, UnavailableLines } from "#app/components/cart-line-issues.tsx";
import { CartBusinessGroup, CartQuantity, cartItemText } from "#app/components/cart-quantity.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { nairaToKobo } from "#app/money.ts";
import {
  describeIssue,
  isBlocking,
  type Quote,
  type QuotedLine,
} from "#app/orders/checkout-quote.ts";

export function meta() {
  return [{ title: "Your cart · Oja" }];
}

function sizesOf(item: CartItem): string[] {
  const sizes = item.sizes;
  return Array.isArray(sizes)
    ? sizes.filter((size): size is string => typeof size === "string")
    : [];
}

/**
 * The cart as the server sees it now (issue 15): one call to the quote checkout uses, asked again
 * whenever the cart changes, so lines that sold out, fell short of the quantity asked or changed
 * price since they were added are flagged here, before checkout. The cart module itself still
 * checks no stock and calls nothing (spec): this page does.
 */
function useCartQuote(items: readonly CartItem[]) {
  const fetcher = useFetcher<{ quote?: Quote; error?: string }>();
  const lines = useMemo(() => JSON.stringify(cartLines(items)), [items]);
  const { load } = fetcher;
  useEffect(() => {
    if (items.length > 0) load(quoteUrl({ lines }));
  }, [items.length, lines, load]);
  return {
    quote: fetcher.data?.quote,
    failed: fetcher.state === "idle" && fetcher.data !== undefined && !fetcher.data.quote,
    checking: fetcher.state !== "idle",
  };
}

/** A sold-out line needs one thing said (and one fix: remove it); its price or size can wait. */
function shownIssues(line: QuotedLine | undefined): QuotedLine["issues"] {
  const issues = line?.issues ?? [];
  const soldOut = issues.filter((issue) => issue.kind === "out_of_stock");
  return soldOut.length > 0 ? soldOut : issues;
}

function CartLine({ item, quoted }: { item: CartItem; quoted: QuotedLine | undefined }) {
  const name = cartItemText(item, "name") ?? "Product";
  const image = cartItemText(item, "image");
  const sizes = sizesOf(item);
  const href =
    cartItemText(item, "businessSlug") && cartItemText(item, "productSlug")
      ? `/${cartItemText(item, "businessSlug")}/products/${cartItemText(item, "productSlug")}`
      : undefined;
  return (
    <li className="flex gap-3 py-4" data-testid="cart-line">
      <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-surface-sunken">
        {image ? (
          <img src={image} alt="" width={80} height={80} className="size-full object-cover" />
        ) : null}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 font-semibold break-words text-ink">
            {href ? (
              <Link to={href} className="hover:underline">
                {name}
              </Link>
            ) : (
              name
            )}
          </h3>
          <Money kobo={lineTotalKobo(item)} className="shrink-0 font-semibold text-ink" />
        </div>
        <p className="text-sm text-ink-muted">
          <Money kobo={nairaToKobo(item.amount)} /> each
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {sizes.length > 0 ? (
            <label className="flex items-center gap-2 text-sm text-ink-muted">
              Size
              <select
                value={item.size ?? ""}
                onChange={(event) =>
                  dispatchCart({
                    type: "setQuantityAndSize",
                    item: { ...item, size: event.target.value },
                  })
                }
                className="h-9 rounded-lg border border-line bg-surface px-2 text-ink"
              >
                {sizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <CartQuantity item={item} name={name} dispatch={dispatchCart} />
        </div>
        {shownIssues(quoted).map((issue) => (
          <div
            key={issue.kind}
            className={
              isBlocking(issue)
                ? "mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger"
                : "mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-points-soft px-3 py-2 text-sm text-ink"
            }
          >
            <span>{quoted ? describeIssue(issue, quoted) : null}</span>
            {quoted ? <IssueFix issue={issue} line={quoted} item={item} /> : null}
          </div>
        ))}
      </div>
    </li>
  );
}

export default function Cart() {
  const items = useCart();
  const hydrated = useHydrated();
  const groups = groupByBusiness(items);
  const { quote, failed, checking } = useCartQuote(items);
  const quotedLines = new Map(
    quote?.groups.flatMap((group) => group.lines.map((line) => [line.productId, line])) ?? [],
  );
  const unavailable = quote?.unavailable.filter((id) => items.some((item) => item.id === id)) ?? [];
  const needsChanges = Boolean(quote?.blocked) || unavailable.length > 0;

  if (!hydrated) {
    return (
      // Laid out like the cart it becomes, and as tall as the screen: the lines arriving from
      // local storage move nothing already painted (no layout shift; bench/vitals).
      <div className="mx-auto min-h-svh max-w-5xl px-4 py-8" aria-busy="true">
        <h1 className="text-2xl font-bold text-ink">Your cart</h1>
        <p className="mt-4 text-ink-muted">Loading your cart…</p>
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <div className="mx-auto min-h-svh max-w-3xl px-4 py-16 text-center">
        <ShoppingBag aria-hidden="true" className="mx-auto size-12 text-ink-muted" />
        <h1 className="mt-4 text-2xl font-bold text-ink">Your cart is empty</h1>
        <p className="mt-2 text-ink-muted">Products you add from any business on Oja land here.</p>
        <ButtonLink to="/" className="mt-6">
          Start shopping
        </ButtonLink>
      </div>
    );
  }

  const count = cartCount(items);
  return (
    <div className="mx-auto grid min-h-svh max-w-5xl content-start gap-6 px-4 py-8 lg:grid-cols-[1fr_20rem]">
      <div>
        <h1 className="text-2xl font-bold text-ink">
          Your cart{" "}
          <span className="text-base font-normal text-ink-muted">
            ({count} {count === 1 ? "item" : "items"})
          </span>
        </h1>
        {unavailable.length > 0 ? (
          <div className="mt-4">
            <UnavailableLines ids={unavailable} items={items} />
          </div>
        ) : null}
        {groups.map((group) => (
          <CartBusinessGroup
            key={group.businessId}
            group={group}
            line={(item) => (
              <CartLine key={item.id} item={item} quoted={quotedLines.get(item.id)} />
            )}
            footer={(businessName) => (
              <p className="flex justify-between border-t border-line py-3 text-sm">
                <span className="text-ink-muted">Subtotal from {businessName}</span>
                <Money kobo={group.subtotalKobo} className="font-semibold text-ink" />
              </p>
            )}
          />
        ))}
      </div>
      <aside aria-labelledby="summary-title" className="lg:pt-12">
        <div className="rounded-card border border-line bg-surface p-4 lg:sticky lg:top-24">
          <h2 id="summary-title" className="font-semibold text-ink">
            Summary
          </h2>
          <p className="mt-3 flex justify-between text-lg">
            <span>Total</span>
            <Money kobo={cartTotalKobo(items)} className="font-bold" />
          </p>
          <p className="mt-1 text-xs text-ink-muted" aria-live="polite">
            {checking && !quote
              ? "Checking prices and stock…"
              : failed
                ? "Prices and stock couldn't be checked just now; checkout checks them again."
                : "Prices and stock are checked again at checkout. Delivery is chosen per business."}
          </p>
          {needsChanges ? (
            <p className="mt-2 text-sm font-medium text-danger" role="status">
              Some lines need a change before you can pay: see the notes beside them.
            </p>
          ) : null}
          <ButtonLink to="/checkout" size="lg" className="mt-4 w-full">
            Checkout
          </ButtonLink>
        </div>
      </aside>
    </div>
  );
}
