import type { CartItem } from "#app/cart/cart.ts";
import { dispatchCart } from "#app/cart/cart-store.ts";
import { FixButton } from "#app/components/cart-fix-button.tsx";
import { kobo, koboToNaira } from "#app/money.ts";
import type { QuotedLine } from "#app/orders/checkout-quote.ts";

/**
 * What the cart page and checkout show for a line the server's quote flags (sold out, short of
 * stock, repriced, size gone) or a product no longer sold: each with one tap that fixes the cart.
 */

/** One tap that changes the cart so the line can be paid for. */
export function IssueFix({
  issue,
  line,
  item,
}: {
  issue: QuotedLine["issues"][number];
  line: QuotedLine;
  item: CartItem;
}) {
  switch (issue.kind) {
    case "price_changed":
      return (
        <FixButton
          dispatch={dispatchCart}
          change={{ type: "reprice", id: item.id, amount: koboToNaira(kobo(line.unitPriceKobo)) }}
        >
          Update my cart
        </FixButton>
      );
    case "size_unavailable":
      return (
        <label className="flex items-center gap-2">
          <span className="sr-only">Choose a size for {line.name}</span>
          <select
            defaultValue=""
            onChange={(event) =>
              dispatchCart({
                type: "setQuantityAndSize",
                item: { ...item, size: event.target.value },
              })
            }
            className="h-9 rounded-lg border border-line bg-surface px-2 text-ink"
          >
            <option value="" disabled>
              Choose a size
            </option>
            {issue.sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      );
    case "short_stock":
      return (
        <FixButton
          dispatch={dispatchCart}
          change={{ type: "setQuantityAndSize", item: { ...item, quantity: issue.available } }}
        >
          Change to {issue.available}
        </FixButton>
      );
    case "over_limit":
      return issue.allowed > 0 ? (
        <FixButton
          dispatch={dispatchCart}
          change={{ type: "setQuantityAndSize", item: { ...item, quantity: issue.allowed } }}
        >
          Change to {issue.allowed}
        </FixButton>
      ) : (
        <FixButton dispatch={dispatchCart} change={{ type: "remove", id: item.id }}>
          Remove it
        </FixButton>
      );
    case "out_of_stock":
      return (
        <FixButton dispatch={dispatchCart} change={{ type: "remove", id: item.id }}>
          Remove it
        </FixButton>
      );
    case "flash_hold_ended":
      return (
        <FixButton
          dispatch={dispatchCart}
          change={{ type: "endFlash", id: item.id, amount: koboToNaira(kobo(line.unitPriceKobo)) }}
        >
          Keep it at the usual price
        </FixButton>
      );
    case "flash_quantity":
      return (
        <FixButton
          dispatch={dispatchCart}
          change={{ type: "setQuantityAndSize", item: { ...item, quantity: issue.held } }}
        >
          Change to {issue.held}
        </FixButton>
      );
  }
}

export function UnavailableLines({ ids, items }: { ids: string[]; items: CartItem[] }) {
  return (
    <section
      aria-label="No longer available"
      className="space-y-3 rounded-xl border border-danger bg-danger-soft p-4"
    >
      <h2 className="font-semibold text-danger">No longer available</h2>
      <ul className="space-y-2">
        {ids.map((id) => {
          const item = items.find((candidate) => candidate.id === id);
          const name = typeof item?.name === "string" ? item.name : "A product in your cart";
          return (
            <li key={id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="text-ink">{name} isn't sold on Oja any more.</span>
              <button
                type="button"
                className="font-semibold text-danger underline underline-offset-2"
                onClick={() => dispatchCart({ type: "remove", id })}
              >
                Remove it<span className="sr-only"> ({name})</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
