/**
 * The reward shop's categories (decision 056): the kinds of reward, in the shop's order. Apart
 * from the reward form's rules (reward-input.ts) so the shop's chrome and cards carry only these
 * words, not the form's schema.
 */
export const rewardKindLabels = {
  airtime: "Airtime",
  data: "Data bundles",
  partner_voucher: "Partner vouchers",
  business: "From businesses",
} as const;
export type RewardKind = keyof typeof rewardKindLabels;

export const rewardKinds = Object.keys(rewardKindLabels) as [RewardKind, ...RewardKind[]];
