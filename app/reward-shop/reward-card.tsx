import { clsx } from "clsx";
import { Link } from "react-router";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { formatPoints, pointsText } from "#app/points/points-text.ts";
import { fewLeft } from "./reward-kind-icons.ts";
import { rewardKindLabels } from "./reward-kinds.ts";
import type { RewardCard as RewardCardData } from "./shop.server.ts";

// Two columns on a phone, three from 640 px, four from 1024 px (as the product and voucher grids).
const cardImageSizes = "(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw";

export function rewardCheckoutPath(rewardId: string) {
  return `/rewardShop/Checkout?reward=${encodeURIComponent(rewardId)}`;
}

/**
 * A reward in a grid, on every list of the shop and on /shop/{category}: its picture, its name,
 * whose it is (a business, or Oja's own), what it costs and, when few are left, how many. One tab
 * stop, at its name, which opens the checkout (where the reward is shown in full). With the
 * shopper's `balance`, a reward out of reach says how many points are still to go.
 */
export function RewardCard({
  reward,
  balance = null,
  eager = false,
}: {
  reward: RewardCardData;
  balance?: number | null;
  eager?: boolean;
}) {
  const href = rewardCheckoutPath(reward.id);
  const short = balance === null ? 0 : reward.pointsCost - balance;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface">
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="relative flex aspect-[4/3] items-center justify-center bg-points-soft"
      >
        <span className="absolute top-2 left-2 z-10 rounded-full bg-surface/90 px-2.5 py-1 text-xs font-semibold text-ink">
          {rewardKindLabels[reward.kind]}
        </span>
        {reward.image ? (
          <ResponsiveImage
            image={reward.image}
            sizes={cardImageSizes}
            priority={eager}
            className="size-full object-cover"
          />
        ) : reward.logo ? (
          <ResponsiveImage
            image={reward.logo}
            sizes="80px"
            priority={eager}
            className="size-20 rounded-full border border-line bg-surface object-cover"
          />
        ) : (
          // A star, not the kinds' icons (the badge names the kind): the card is on
          // /shop/{category} too, whose script budget has no room for icons.
          <span aria-hidden="true" className="text-5xl text-points">
            ★
          </span>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="truncate text-xs text-ink-muted">
          {reward.business ? (
            <Link to={`/${reward.business.slug}`} className="hover:underline">
              {reward.business.name}
            </Link>
          ) : (
            "Oja"
          )}
        </p>
        <h3 className="line-clamp-2 text-sm font-semibold text-ink">
          <Link to={href} className="hover:underline">
            {reward.name}
          </Link>
        </h3>
        <p className="pt-1 font-bold text-ink">
          <span aria-hidden="true" className="text-points">
            ★{" "}
          </span>
          {pointsText(reward.pointsCost)}
        </p>
        <p
          className={clsx(
            "mt-auto pt-1 text-xs",
            short > 0 ? "text-ink-muted" : "font-semibold text-brand-strong",
          )}
        >
          {balance === null
            ? null
            : short > 0
              ? `${formatPoints(short)} more to go`
              : "You can redeem this"}
          {reward.left !== null && reward.left <= fewLeft ? (
            <span className="block font-semibold text-danger">{reward.left} left</span>
          ) : null}
        </p>
      </div>
    </article>
  );
}

/** Rewards as the shop lays them out: two columns on a phone, three from 640 px, four from 1024. */
export function RewardGrid({
  rewards,
  balance = null,
  eagerFirst = false,
  className,
}: {
  rewards: RewardCardData[];
  balance?: number | null;
  eagerFirst?: boolean;
  className?: string;
}) {
  return (
    <ul className={clsx("grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4", className)}>
      {rewards.map((reward, index) => (
        <li key={reward.id} className="min-w-0">
          <RewardCard reward={reward} balance={balance} eager={eagerFirst && index === 0} />
        </li>
      ))}
    </ul>
  );
}
