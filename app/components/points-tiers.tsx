import { Award, Crown, Medal } from "lucide-react";
import { formatPoints } from "#app/points/points-text.ts";
import type { TierName } from "#app/points/tiers.ts";

/** Each tier's mark: told apart by shape and name, never by colour alone. */
const icons = { Bronze: Medal, Silver: Award, Gold: Crown } as const satisfies Record<
  TierName,
  unknown
>;

export function TierBadge({ tier, size = "md" }: { tier: TierName; size?: "md" | "lg" }) {
  const Icon = icons[tier];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full bg-points-soft font-semibold text-ink ${size === "lg" ? "px-3 py-1 text-base" : "px-2.5 py-0.5 text-sm"}`}
    >
      <Icon aria-hidden="true" className={`text-points ${size === "lg" ? "size-5" : "size-4"}`} />
      {tier}
    </span>
  );
}

/** "From 2,000 points", or "Every shopper starts here" for the first tier. */
export function tierThresholdText(from: number): string {
  return from === 0 ? "Every shopper starts here" : `From ${formatPoints(from)} points`;
}
