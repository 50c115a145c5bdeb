import { Smartphone, Store, Ticket, Wifi } from "lucide-react";
import type { RewardKind } from "./reward-kinds.ts";

/**
 * What a reward without a picture shows: its kind, drawn (Oja's own rewards have no picture).
 * Apart from the card so the checkout carries the icons without the card.
 */
export const rewardKindIcons = {
  airtime: Smartphone,
  data: Wifi,
  partner_voucher: Ticket,
  business: Store,
} satisfies Record<RewardKind, unknown>;

/** "N left" from this many down: a few left is news, hundreds is not. */
export const fewLeft = 20;
