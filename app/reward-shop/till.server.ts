import type { FieldErrors } from "#app/auth/forms.ts";
import type { Database } from "#app/db/database.server.ts";
import { lookUpVoucher, type VoucherAtTill } from "#app/vouchers/redemption.server.ts";
import { lookUpRewardCode, type RewardAtTill } from "./redeem.server.ts";

/**
 * The till's one code field (decision 056): a business's vouchers and its rewards' codes share
 * the vouchers' alphabet, so staff type whichever the customer shows and the till finds it. A
 * voucher is looked for first (they are most of what is taken); a code that is neither, or is
 * another business's, answers the same 404, so codes can't be probed.
 */
export const tillMessages = {
  malformed:
    "Enter the 16-character code of the voucher or reward (letters and digits; dashes are fine).",
  unknown: "No voucher or reward of this business has this code. Check it with the customer.",
} as const;

export type TillLookUp =
  | { ok: true; voucher: VoucherAtTill }
  | { ok: true; reward: RewardAtTill }
  | { ok: false; status: 400 | 404; errors: FieldErrors };

export async function lookUpCodeAtTill(
  db: Database,
  businessId: string,
  typed: string,
  now = new Date(),
): Promise<TillLookUp> {
  const voucher = await lookUpVoucher(db, businessId, typed, now);
  if (voucher.ok) return voucher;
  if (voucher.status === 400) {
    return { ok: false, status: 400, errors: { code: tillMessages.malformed } };
  }
  const reward = await lookUpRewardCode(db, businessId, typed);
  if (reward) return { ok: true, reward };
  return { ok: false, status: 404, errors: { code: tillMessages.unknown } };
}
