import { clsx } from "clsx";
import { Money } from "#app/components/ui/money.tsx";
import type { Kobo } from "#app/money.ts";
import { vatRatePercent } from "./invoice-limits.ts";
import type { InvoiceTotals } from "./invoice-totals.ts";

/**
 * An invoice's lines and totals as the console shows them (issue 24): a draft's totals as saved,
 * a sent invoice's lines and totals. The amounts are the server's, never worked out here.
 */

/** "Discount (10%)" for a percentage, "Discount" for an amount. */
export function discountLabel(discount: { kind: string; percent?: number | null }): string {
  return discount.kind === "percent" && discount.percent
    ? `Discount (${discount.percent}%)`
    : "Discount";
}

/** Subtotal, the discount and VAT when there are any, and the total. */
export function InvoiceTotalsList({
  totals,
  discount,
  vatApplied,
  className,
}: {
  totals: Pick<InvoiceTotals, "subtotalKobo" | "discountKobo" | "vatKobo" | "totalKobo">;
  discount: string;
  vatApplied: boolean;
  className?: string;
}) {
  return (
    <dl className={clsx("space-y-1 text-ink", className)}>
      <div className="flex justify-between gap-3">
        <dt>Subtotal</dt>
        <dd>
          <Money kobo={totals.subtotalKobo} />
        </dd>
      </div>
      {totals.discountKobo > 0 ? (
        <div className="flex justify-between gap-3">
          <dt>{discount}</dt>
          <dd>
            −<Money kobo={totals.discountKobo} />
          </dd>
        </div>
      ) : null}
      {vatApplied ? (
        <div className="flex justify-between gap-3">
          <dt>VAT ({vatRatePercent}%)</dt>
          <dd>
            <Money kobo={totals.vatKobo} />
          </dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-3 border-t border-line pt-1 text-lg font-bold">
        <dt>Total</dt>
        <dd>
          <Money kobo={totals.totalKobo} />
        </dd>
      </div>
    </dl>
  );
}

/** A sent invoice's lines: quantity × what, the price of one, and the line's amount. */
export function InvoiceLinesList({
  lines,
}: {
  lines: Array<{
    position: number;
    description: string;
    quantity: number;
    unitPriceKobo: Kobo;
    lineTotalKobo: Kobo;
  }>;
}) {
  return (
    <ul aria-label="Lines" className="divide-y divide-line">
      {lines.map((line) => (
        <li key={line.position} className="flex justify-between gap-3 py-2">
          <span className="min-w-0 break-words text-ink">
            {line.quantity} × {line.description}
            <span className="block text-sm text-ink-muted">
              <Money kobo={line.unitPriceKobo} /> each
            </span>
          </span>
          <Money kobo={line.lineTotalKobo} className="shrink-0 font-medium text-ink" />
        </li>
      ))}
    </ul>
  );
}
