import { type Kobo, kobo, nairaToKobo } from "../money.ts";

/**
 * The cart of the spec (section 3, 4 and 9): a list of items held in the browser. `amount` is the
 * unit price in naira for the spec's sake; every sum is done in kobo so 0.1 + 0.2 stays 0.30.
 * The cart itself checks no stock and caps no quantity; checkout reprices and checks everything.
 */
/** A product as handed to the cart: the spec's fields plus any others (name, image…). */
export interface CartProduct {
  id: string;
  /** Unit price in naira. */
  amount: number;
  businessId: string;
  size?: string | null;
  quantity?: number;
  [field: string]: unknown;
}

export interface CartItem extends CartProduct {
  quantity: number;
  size: string | null;
}

export type CartAction =
  | { type: "add"; product: CartProduct }
  | { type: "removeOne"; id: string }
  | { type: "remove"; id: string }
  | { type: "setQuantityAndSize"; item: CartProduct & { quantity: number } }
  /** Checkout's one-tap fix when the price changed: the cart shows what will be charged. */
  | { type: "reprice"; id: string; amount: number }
  /**
   * A flash sale hold (decision 054): the product's line becomes the held units at the sale's
   * price, whatever the line was before (the cart holds one line per product).
   */
  | { type: "holdFlash"; item: CartProduct & { quantity: number; flashHold: string } }
  /** A flash hold that ran out: the line stays, at the product's own price. */
  | { type: "endFlash"; id: string; amount: number };

function withChanges(
  item: CartItem,
  changes: Pick<CartItem, "quantity"> & Partial<CartItem>,
): CartItem {
  return Object.assign({}, item, changes);
}

function hasQuantity(item: CartItem): boolean {
  return Number.isInteger(item.quantity) && item.quantity > 0;
}

export function cartReducer(items: readonly CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case "add": {
      const existing = items.find((item) => item.id === action.product.id);
      if (!existing) {
        return [...items, { ...action.product, size: action.product.size ?? null, quantity: 1 }];
      }
      // An item stored without a usable quantity is repaired to 1 rather than added twice.
      return items.map((item) =>
        item === existing
          ? withChanges(item, { quantity: hasQuantity(item) ? item.quantity + 1 : 1 })
          : item,
      );
    }
    case "removeOne":
      return items.flatMap((item) => {
        if (item.id !== action.id) return [item];
        return hasQuantity(item) && item.quantity > 1
          ? [withChanges(item, { quantity: item.quantity - 1 })]
          : [];
      });
    case "remove":
      return items.filter((item) => item.id !== action.id);
    case "setQuantityAndSize": {
      const { item: given } = action;
      const existing = items.find((item) => item.id === given.id);
      if (!existing) return [...items, { ...given, size: given.size ?? null }];
      return items.map((item) =>
        item === existing
          ? withChanges(item, { quantity: given.quantity, size: given.size ?? null })
          : item,
      );
    }
    case "reprice":
      return items.map((item) =>
        item.id === action.id ? Object.assign({}, item, { amount: action.amount }) : item,
      );
    case "holdFlash": {
      const line = { ...action.item, size: action.item.size ?? null };
      const found = items.some((item) => item.id === line.id);
      return found ? items.map((item) => (item.id === line.id ? line : item)) : [...items, line];
    }
    case "endFlash":
      return items.map((item) => {
        if (item.id !== action.id) return item;
        const { flashHold: _ended, ...rest } = item;
        return { ...rest, amount: action.amount };
      });
    default: {
      const unknown: never = action;
      throw new Error(`Unknown cart action ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Turns whatever is stored under `cart` into items. Anything unreadable gives an empty cart;
 * an entry without an id or business is dropped; a bad amount counts as ₦0 and a bad quantity
 * as 1, so one damaged entry never hides the rest.
 */
export function parseStoredCart(stored: string | null): CartItem[] {
  if (!stored) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): CartItem[] => {
    if (!entry || typeof entry !== "object") return [];
    const fields = entry as Record<string, unknown>;
    const id = typeof fields.id === "number" ? String(fields.id) : fields.id;
    if (typeof id !== "string" || !id || typeof fields.businessId !== "string") return [];
    const amount = Number(fields.amount);
    const quantity = Number(fields.quantity);
    return [
      {
        ...fields,
        id,
        businessId: fields.businessId,
        size: typeof fields.size === "string" ? fields.size : null,
        amount: Number.isFinite(amount) && amount >= 0 ? amount : 0,
        quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1,
      },
    ];
  });
}

export function lineTotalKobo(item: CartItem): Kobo {
  const unit = Number.isFinite(item.amount) ? nairaToKobo(item.amount) : 0;
  const quantity = hasQuantity(item) ? item.quantity : 0;
  return kobo(unit * quantity);
}

export function cartTotalKobo(items: readonly CartItem[]): Kobo {
  return kobo(items.reduce((sum, item) => sum + lineTotalKobo(item), 0));
}

/** Σ price × quantity in naira, with 2 decimals, as the spec states it ("1234.50"). */
export function cartTotal(items: readonly CartItem[]): string {
  return (cartTotalKobo(items) / 100).toFixed(2);
}

/** The number of distinct items, not the sum of quantities. */
export function cartCount(items: readonly CartItem[]): number {
  return items.length;
}

export function businessItems(items: readonly CartItem[], businessId: string): CartItem[] {
  return items.filter((item) => item.businessId === businessId);
}

export function businessCount(items: readonly CartItem[], businessId: string): number {
  return businessItems(items, businessId).length;
}

export interface CartGroup {
  businessId: string;
  items: CartItem[];
  subtotalKobo: Kobo;
}

/** Items grouped by business in the order each business first entered the cart. */
export function groupByBusiness(items: readonly CartItem[]): CartGroup[] {
  const ids = [...new Set(items.map((item) => item.businessId))];
  return ids.map((businessId) => {
    const group = businessItems(items, businessId);
    return { businessId, items: group, subtotalKobo: cartTotalKobo(group) };
  });
}
