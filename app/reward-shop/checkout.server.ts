import type { Executor } from "#app/db/database.server.ts";
import { walletOf } from "#app/points/ledger.server.ts";
import { redeemRefusals, timesRedeemed } from "./redeem.server.ts";
import { type RewardDetail, rewardDetail } from "./shop.server.ts";

/**
 * /rewardShop/Checkout before the press (decision 056): the reward, the shopper's balance before
 * and after, and, when the redemption would be refused, why, in the redemption's own words (so the
 * page can grey the button instead of letting the press fail). The redemption decides again under
 * the reward's lock: this is the page's forecast, not a promise.
 */
export interface RewardCheckout {
  reward: RewardDetail;
  balance: number;
  /** The balance once redeemed; null when the points aren't there. */
  after: number | null;
  refusal: string | null;
}

export async function rewardCheckout(
  executor: Executor,
  userId: string,
  rewardId: string,
  now = new Date(),
): Promise<RewardCheckout | null> {
  const [reward, wallet] = await Promise.all([
    rewardDetail(executor, rewardId, now),
    walletOf(executor, userId),
  ]);
  if (!reward) return null;
  const balance = wallet.available;
  const after = balance >= reward.pointsCost ? balance - reward.pointsCost : null;
  return { reward, balance, after, refusal: await refusalOf(executor, reward, userId, balance) };
}

async function refusalOf(
  executor: Executor,
  reward: RewardDetail,
  userId: string,
  balance: number,
): Promise<string | null> {
  if (!reward.onOffer) {
    return reward.left === 0 ? redeemRefusals.allGone : redeemRefusals.notOnOffer;
  }
  if (
    reward.perShopperLimit !== null &&
    (await timesRedeemed(executor, reward.id, userId)) >= reward.perShopperLimit
  ) {
    return redeemRefusals.limitReached(reward.perShopperLimit);
  }
  if (balance < reward.pointsCost)
    return redeemRefusals.notEnoughPoints(reward.pointsCost, balance);
  return null;
}
