/**
 * Where a reward stands on a Lagos day, as the admin page and the console list say it: the shop
 * offers it only when it is active, its days have come and not gone, and some is left
 * (shop.server.ts's `onOffer` decides the same in SQL).
 */
export type RewardState = "on-offer" | "scheduled" | "ended" | "sold-out" | "archived";

export function rewardState(
  reward: {
    status: "active" | "archived";
    startsOn: string;
    endsOn: string | null;
    stock: number | null;
  },
  today: string,
): RewardState {
  if (reward.status === "archived") return "archived";
  if (reward.endsOn !== null && reward.endsOn < today) return "ended";
  if (reward.startsOn > today) return "scheduled";
  if (reward.stock !== null && reward.stock <= 0) return "sold-out";
  return "on-offer";
}

export const rewardStateLooks: Record<
  RewardState,
  { label: string; tone: "good" | "neutral" | "bad" }
> = {
  "on-offer": { label: "In the shop", tone: "good" },
  scheduled: { label: "Scheduled", tone: "neutral" },
  ended: { label: "Ended", tone: "neutral" },
  "sold-out": { label: "All gone", tone: "bad" },
  archived: { label: "Archived", tone: "neutral" },
};
