import { formatNaira, kobo } from "../money.ts";

/**
 * What the server says about a voucher cart (decision 040), shared with the browser like the
 * product cart's quote: every line repriced from the offer, grouped by business, and what stands
 * in the way of paying for it. Vouchers are never delivered, so there is nothing else to choose.
 */
export type VoucherLineIssue =
  /** The offer's price differs from the cart's; the offer's price is what is charged. */
  | { kind: "price_changed"; cartUnitKobo: number }
  /** Paused, ended, past its end date or sold out. */
  | { kind: "not_on_sale" }
  /** Fewer vouchers left to sell than the cart asks. */
  | { kind: "short"; available: number }
  /**
   * More than one shopper may buy: the offer's per-shopper limit (counting what they bought and
   * hold unpaid), or the most one checkout issues per line. `allowed` may be 0.
   */
  | { kind: "limit"; allowed: number; reason: "shopper" | "line" };

export interface VoucherQuotedLine {
  offerId: string;
  title: string;
  quantity: number;
  unitPriceKobo: number;
  valueKobo: number;
  validDays: number | null;
  validUntil: string | null;
  lineTotalKobo: number;
  issues: VoucherLineIssue[];
}

export interface VoucherQuotedGroup {
  business: { id: string; slug: string; name: string };
  lines: VoucherQuotedLine[];
  subtotalKobo: number;
}

export interface VoucherQuote {
  groups: VoucherQuotedGroup[];
  /** Cart lines whose offer is gone or whose business is not open on Oja. */
  unavailable: string[];
  totalKobo: number;
  blocked: boolean;
}

/** The most vouchers of one offer a checkout issues: a checkout is a purchase, not a stockpile. */
export const maxVouchersPerLine = 20;

export function isBlockingVoucherIssue(issue: VoucherLineIssue): boolean {
  return issue.kind !== "price_changed";
}

export function describeVoucherIssue(
  issue: VoucherLineIssue,
  line: Pick<VoucherQuotedLine, "unitPriceKobo">,
): string {
  switch (issue.kind) {
    case "price_changed":
      return `The price changed from ${formatNaira(kobo(issue.cartUnitKobo))} to ${formatNaira(kobo(line.unitPriceKobo))}.`;
    case "not_on_sale":
      return "No longer on sale.";
    case "short":
      return issue.available === 1 ? "Only 1 left." : `Only ${issue.available} left.`;
    case "limit":
      if (issue.reason === "line") return `You can buy up to ${issue.allowed} at a time.`;
      return issue.allowed > 0
        ? `You can buy ${issue.allowed} more of these (one shopper's limit).`
        : "You have bought as many of these as one shopper may.";
    default: {
      const unknown: never = issue;
      return String(unknown);
    }
  }
}
