import { Gift } from "lucide-react";
import { data, Link } from "react-router";
import { requireUser } from "#app/auth/session.server.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { StatusPill } from "#app/components/ui/status-pill.tsx";
import { services } from "#app/context.server.ts";
import { pointsText } from "#app/points/points-text.ts";
import { redemptionsOf } from "#app/reward-shop/redeem.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { formatVoucherCode } from "#app/vouchers/voucher-code.ts";
import type { Route } from "./+types/profile-rewards";

export const headers = privatePageHeaders;

/**
 * /profile/rewards: every reward the signed-in shopper redeemed in the reward shop (issue 23),
 * newest first, each with its code (always there to look up again), whose it is, the points it
 * took, and whether a business has handed it over yet. Nobody else's.
 */
export function meta() {
  return [{ title: "Your rewards · Oja" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const redemptions = await redemptionsOf(services(context).db, user.id);
  return data({
    redemptions: redemptions.map((redemption) => ({
      id: redemption.id,
      name: redemption.name,
      business: redemption.business,
      points: redemption.points,
      code: redemption.business ? formatVoucherCode(redemption.code) : redemption.code,
      status: redemption.status,
      createdAt: redemption.createdAt,
      usedAt: redemption.usedAt,
    })),
  });
}

/** A business's reward is ready until its staff take it; a partner's code is used elsewhere. */
function pillOf(redemption: { business: unknown; status: "issued" | "used" }) {
  if (redemption.status === "used") return { label: "Used", tone: "neutral" as const };
  return redemption.business
    ? { label: "Ready to use", tone: "good" as const }
    : { label: "Issued", tone: "good" as const };
}

const dateFormat = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});

export default function ProfileRewards({ loaderData }: Route.ComponentProps) {
  const { redemptions } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-10">
      <div>
        <Link to="/profile" className="text-sm text-ink-muted hover:underline">
          Your account
        </Link>
        <h1 className="mt-1 text-2xl font-bold text-ink sm:text-3xl">Your rewards</h1>
      </div>
      {redemptions.length === 0 ? (
        <EmptyState
          icon={Gift}
          title="No rewards yet"
          action={<ButtonLink to="/rewardShop">Go to the reward shop</ButtonLink>}
        >
          Rewards you redeem with your points appear here with their codes.
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-ink-muted">
            Keep codes private: whoever has one can use it. A business's reward is handed over once,
            when its staff take the code.
          </p>
          <ul className="space-y-3">
            {redemptions.map((redemption) => (
              <li key={redemption.id}>
                <article
                  aria-label={redemption.name}
                  className="space-y-2 rounded-card border border-line bg-surface p-4"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <h2 className="font-semibold text-ink">
                        <Link
                          to={`/rewardShop/Checkout?redeemed=${encodeURIComponent(redemption.id)}`}
                          className="hover:underline"
                        >
                          {redemption.name}
                        </Link>
                      </h2>
                      <p className="text-sm text-ink-muted">
                        {redemption.business ? (
                          <Link to={`/${redemption.business.slug}`} className="hover:underline">
                            {redemption.business.name}
                          </Link>
                        ) : (
                          "Oja"
                        )}{" "}
                        · {pointsText(redemption.points)}
                      </p>
                    </div>
                    <StatusPill {...pillOf(redemption)} />
                  </div>
                  <p
                    className={
                      redemption.status === "used"
                        ? "font-mono text-sm break-all text-ink-muted"
                        : "font-mono text-lg font-bold tracking-wider break-all text-ink"
                    }
                  >
                    {redemption.code}
                  </p>
                  <p className="text-xs text-ink-muted">
                    Redeemed {dateFormat.format(new Date(redemption.createdAt))}
                    {redemption.usedAt
                      ? ` · used ${dateFormat.format(new Date(redemption.usedAt))}`
                      : ""}
                  </p>
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
