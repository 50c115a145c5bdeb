import type { DeliveryOption } from "../delivery/areas.ts";
import { formatNaira, kobo } from "../money.ts";

/**
 * What the server says about a cart at checkout, shared with the browser: every line repriced
 * from the database, grouped by business, and what stands in the way of paying for it. The
 * browser turns an issue into a sentence and a one-tap fix of the cart (checkout screen).
 */
export type LineIssue =
  /** The database price differs from the cart's; the database price is what is charged. */
  | { kind: "price_changed"; cartUnitKobo: number }
  /** The size in the cart isn't offered (any more), or none was chosen. */
  | { kind: "size_unavailable"; sizes: string[] }
  | { kind: "out_of_stock" }
  /** Fewer left than the cart asks, when so few that the number may be told (decision 030). */
  | { kind: "short_stock"; available: number }
  /**
   * More than the shopper may take: `allowed` is a quantity they can buy, never the exact stock
   * above the threshold. "stock": not that many left; "share": more than one shopper may hold
   * unpaid at once (0: their other checkouts already hold it).
   */
  | { kind: "over_limit"; allowed: number; reason: "stock" | "share" }
  /**
   * A flash sale line whose hold ran out, was let go or isn't the shopper's: the sale price is
   * gone, and the line is priced at the product's own price (decision 054).
   */
  | { kind: "flash_hold_ended" }
  /** A flash sale line whose quantity isn't what the shopper holds. */
  | { kind: "flash_quantity"; held: number };

export interface QuotedLine {
  productId: string;
  name: string;
  productSlug: string;
  size: string | null;
  quantity: number;
  unitPriceKobo: number;
  lineTotalKobo: number;
  issues: LineIssue[];
  /** A flash sale line while its hold lasts: the hold, and when it runs out (ISO). */
  flashHold: { id: string; expiresAt: string } | null;
}

export interface QuotedGroup {
  business: { id: string; slug: string; name: string; address: string; city: string };
  lines: QuotedLine[];
  subtotalKobo: number;
  /** What delivery to the shopper's address would cost from this business (decision 021). */
  delivery: DeliveryOption;
  /** Where and when the order can be collected instead. */
  pickup: { address: string; hours: string };
  /**
   * How this quote hands the order over: the shopper's choice, except that delivery the business
   * doesn't offer to the address is priced as pickup.
   */
  fulfilment: "delivery" | "pickup";
  /** The delivery fee in the total: 0 for pickup, free delivery, or an address not given yet. */
  deliveryFeeKobo: number;
}

export interface Quote {
  groups: QuotedGroup[];
  /** Cart lines whose product is gone, archived, or whose business is not open on Oja. */
  unavailable: string[];
  /** Every group's items and its delivery fee: what the one payment asks for. */
  totalKobo: number;
  /** Something must be fixed in the cart before it can be paid for. */
  blocked: boolean;
}

/** The query of GET /api/checkout/quote: the cart, the address's city and area, who picks up. */
export function quoteSearch(input: {
  lines: string;
  city?: string;
  area?: string;
  pickup?: string[];
}): string {
  const search = new URLSearchParams({ lines: input.lines });
  const city = input.city?.trim();
  const area = input.area?.trim();
  if (city) search.set("city", city);
  if (area) search.set("area", area);
  if (input.pickup && input.pickup.length > 0) search.set("pickup", input.pickup.join(","));
  return search.toString();
}

/** Form field names per business: `fulfilment.<businessId>` and `notes.<businessId>`. */
export const fulfilmentFieldName = (businessId: string) => `fulfilment.${businessId}`;
export const notesFieldName = (businessId: string) => `notes.${businessId}`;

/** A price change is shown but doesn't stop payment: the database price is the one charged. */
export function isBlocking(issue: LineIssue): boolean {
  return issue.kind !== "price_changed";
}

export function describeIssue(issue: LineIssue, line: Pick<QuotedLine, "unitPriceKobo">): string {
  switch (issue.kind) {
    case "price_changed":
      return `The price changed from ${formatNaira(kobo(issue.cartUnitKobo))} to ${formatNaira(kobo(line.unitPriceKobo))}.`;
    case "size_unavailable":
      return "Choose one of the sizes offered.";
    case "out_of_stock":
      return "Sold out.";
    case "short_stock":
      return `Only ${issue.available} left.`;
    case "over_limit":
      if (issue.reason === "stock")
        return `Not that many left: you can buy up to ${issue.allowed}.`;
      return issue.allowed > 0
        ? `So that everyone gets a chance, you can buy up to ${issue.allowed} of these at a time.`
        : "Your other checkouts waiting for payment already hold as many of these as you can buy at a time.";
    case "flash_hold_ended":
      return `Your flash sale hold ran out: the usual price is ${formatNaira(kobo(line.unitPriceKobo))}.`;
    case "flash_quantity":
      return `You hold ${issue.held} at the flash sale price.`;
    default: {
      const unknown: never = issue;
      return String(unknown);
    }
  }
}
