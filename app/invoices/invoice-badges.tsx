import { StatusPill } from "#app/components/ui/status-pill.tsx";
import type { InvoiceState, PayLinkState } from "./invoice-state.ts";

const invoiceLooks = {
  draft: { label: "Draft", tone: "neutral" },
  sent: { label: "Sent", tone: "good" },
  overdue: { label: "Overdue", tone: "bad" },
  paid: { label: "Paid", tone: "good" },
  void: { label: "Void", tone: "neutral" },
} as const satisfies Record<InvoiceState, object>;

/** An invoice's state as a small pill: draft, sent, overdue, paid or void. */
export function InvoiceStateBadge({ state }: { state: InvoiceState }) {
  return <StatusPill {...invoiceLooks[state]} />;
}

const payLinkLooks = {
  active: { label: "Active", tone: "good" },
  expired: { label: "Expired", tone: "neutral" },
  used_up: { label: "Used up", tone: "neutral" },
  archived: { label: "Archived", tone: "neutral" },
} as const satisfies Record<PayLinkState, object>;

/** A pay link's state as a small pill: active, expired, used up or archived. */
export function PayLinkStateBadge({ state }: { state: PayLinkState }) {
  return <StatusPill {...payLinkLooks[state]} />;
}
