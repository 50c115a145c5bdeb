import { ImageIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { StatusPill } from "#app/components/ui/status-pill.tsx";
import { pointsText } from "#app/points/points-text.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import { rewardState, rewardStateLooks } from "./reward-state.ts";
import type { ManagedReward } from "./rewards.server.ts";

/** "1 Dec 2026 to 31 Dec 2026", or "From 1 Dec 2026" with no last day. */
export function rewardDays(reward: { startsOn: string; endsOn: string | null }) {
  return reward.endsOn
    ? `${formatDay(reward.startsOn)} to ${formatDay(reward.endsOn)}`
    : `From ${formatDay(reward.startsOn)}`;
}

/** One reward in a list: its picture, name, cost, what is left, how many were had, its days. */
export function RewardSummary({
  reward,
  today,
  kindLabel,
  children,
}: {
  reward: ManagedReward;
  today: string;
  kindLabel?: string;
  /** What is left, in the owner's words ("12 left", "12 codes left", "No limit"). */
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <div className="h-12 w-16 shrink-0 overflow-hidden rounded-lg border border-line bg-surface-sunken">
        {reward.image ? (
          <ResponsiveImage image={reward.image} sizes="64px" className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center text-ink-muted">
            <ImageIcon aria-hidden="true" className="size-5" />
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <p className="font-medium text-ink">{reward.name}</p>
          <StatusPill {...rewardStateLooks[rewardState(reward, today)]} />
        </div>
        <p className="text-sm text-ink-muted">
          {kindLabel ? `${kindLabel} · ` : ""}
          {pointsText(reward.pointsCost)} · {children} · {reward.redeemed.toLocaleString("en-NG")}{" "}
          redeemed
          {reward.perShopperLimit !== null ? ` · ${reward.perShopperLimit} per shopper` : ""}
        </p>
        <p className="text-sm text-ink-muted">{rewardDays(reward)}</p>
      </div>
    </div>
  );
}
