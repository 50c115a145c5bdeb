import { StatusPill } from "#app/components/ui/status-pill.tsx";
import type { ProductStatus } from "./product-limits.ts";

const looks = {
  active: { label: "Active", tone: "good" },
  draft: { label: "Draft", tone: "neutral" },
  archived: { label: "Archived", tone: "bad" },
} as const satisfies Record<ProductStatus, object>;

/** A product's status as a small pill. */
export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  return <StatusPill {...looks[status]} />;
}
