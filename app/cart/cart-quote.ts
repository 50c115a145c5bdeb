import { quoteSearch } from "#app/orders/checkout-quote.ts";
import type { CartItem } from "./cart.ts";

/**
 * The cart repriced by the server (routes/api-checkout-quote.ts), for a `cartLines` JSON; with a
 * city, area and who picks up, its delivery priced too (checkout).
 */
export const quoteUrl = (input: Parameters<typeof quoteSearch>[0]) =>
  `/api/checkout/quote?${quoteSearch(input)}`;

/** What the quote needs of each cart line. */
export function cartLines(items: readonly CartItem[]) {
  return items.map((item) => ({
    id: item.id,
    quantity: item.quantity,
    size: item.size,
    amount: item.amount,
    flashHold: typeof item.flashHold === "string" ? item.flashHold : undefined,
  }));
}
