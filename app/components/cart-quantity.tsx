import { Minus, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import type { CartAction, CartGroup, CartItem } from "#app/cart/cart.ts";

/** A text field the item was added with ("name", "businessName"…), when it has one. */
export function cartItemText(item: CartItem, field: string): string | undefined {
  const value = item[field];
  return typeof value === "string" && value ? value : undefined;
}

/**
 * One business's lines in a cart page (product or voucher cart): its name as the heading,
 * `line` for each item, and what follows them (`footer`, e.g. the subtotal).
 */
export function CartBusinessGroup({
  group,
  line,
  footer,
}: {
  group: CartGroup;
  line: (item: CartItem) => ReactNode;
  footer?: (businessName: string) => ReactNode;
}) {
  const first = group.items[0];
  const businessName = (first && cartItemText(first, "businessName")) ?? "Business";
  const headingId = `business-${group.businessId}`;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-card border border-line bg-surface px-4"
    >
      <h2 id={headingId} className="border-b border-line py-3 font-semibold text-ink">
        {businessName}
      </h2>
      <ul className="divide-y divide-line">{group.items.map(line)}</ul>
      {footer?.(businessName)}
    </section>
  );
}

/**
 * A cart line's controls, for either cart (the product cart and the voucher cart dispatch to
 * their own store): one fewer, the quantity, one more, and remove. Each button names the line,
 * so a screen reader hears which line it changes.
 */
export function CartQuantity({
  item,
  name,
  dispatch,
}: {
  item: CartItem;
  name: string;
  dispatch: (action: CartAction) => void;
}) {
  return (
    <>
      <fieldset className="flex items-center rounded-lg border border-line">
        <legend className="sr-only">Quantity of {name}</legend>
        <button
          type="button"
          aria-label={`Remove one ${name}`}
          onClick={() => dispatch({ type: "removeOne", id: item.id })}
          className="flex size-9 items-center justify-center rounded-l-lg hover:bg-surface-sunken"
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <output
          aria-live="polite"
          aria-label={`Quantity of ${name}`}
          className="min-w-8 text-center font-semibold"
        >
          {item.quantity}
        </output>
        <button
          type="button"
          aria-label={`Add one ${name}`}
          onClick={() => dispatch({ type: "add", product: item })}
          className="flex size-9 items-center justify-center rounded-r-lg hover:bg-surface-sunken"
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </fieldset>
      <button
        type="button"
        onClick={() => dispatch({ type: "remove", id: item.id })}
        className="inline-flex items-center gap-1 text-sm text-danger hover:underline"
      >
        <Trash2 aria-hidden="true" className="size-4" /> Remove
        <span className="sr-only"> {name}</span>
      </button>
    </>
  );
}
