import { StatusPill } from "#app/components/ui/status-pill.tsx";
import type { OfferStatus } from "./offer-limits.ts";

const looks = {
  active: { label: "On sale", tone: "good" },
  paused: { label: "Paused", tone: "neutral" },
  ended: { label: "Ended", tone: "bad" },
} as const satisfies Record<OfferStatus, object>;

/** A voucher offer's status as a small pill. */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return <StatusPill {...looks[status]} />;
}
