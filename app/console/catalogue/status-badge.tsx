import { clsx } from "clsx";
import type { ProductStatus } from "./product-limits.ts";

const looks: Record<ProductStatus, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-brand-soft text-brand-strong" },
  draft: { label: "Draft", className: "bg-surface-sunken text-ink" },
  archived: { label: "Archived", className: "bg-danger-soft text-danger" },
};

/** A product's status as a small pill, in words (never colour alone). */
export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const look = looks[status];
  return (
    <span
      className={clsx(
        "inline-flex min-w-20 justify-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        look.className,
      )}
    >
      {look.label}
    </span>
  );
}
