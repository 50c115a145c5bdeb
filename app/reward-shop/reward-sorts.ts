/** The reward shop's sorts, apart from its queries (shop.server.ts) so the browse form can list them. */
export type RewardSort = "points-asc" | "points-desc" | "newest";
export const rewardSorts: { value: RewardSort; label: string }[] = [
  { value: "points-asc", label: "Fewest points" },
  { value: "points-desc", label: "Most points" },
  { value: "newest", label: "Newest" },
];
