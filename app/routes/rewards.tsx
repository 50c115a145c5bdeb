import { Clock, Hourglass, Star } from "lucide-react";
import { data, Link } from "react-router";
import { requireUser } from "#app/auth/session.server.ts";
import { TierBadge } from "#app/components/points-tiers.tsx";
import { WaysToEarn } from "#app/components/points-ways-to-earn.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { services } from "#app/context.server.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { publicError } from "#app/errors.ts";
import { formatPoints, pointsText, signedPoints } from "#app/points/points-text.ts";
import {
  earningRules,
  type HistoryEntry,
  rewardsOf,
  type TierProgress,
} from "#app/points/rewards.server.ts";
import { welcomeClaimed } from "#app/points/welcome.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/rewards";

export const headers = privatePageHeaders;

/**
 * /rewards: the signed-in shopper's points (issue 20). What they can spend and what waits for
 * approval, their tier and how far the next one is, points about to expire, a page of history
 * (`?after=` for older entries) and the ways to earn. Nobody else's: the page reads only the
 * session's own wallet.
 */
export function meta() {
  return [{ title: "Your points · Oja" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { db } = services(context);
  const after = url.searchParams.get("after") ?? undefined;
  try {
    const [rewards, welcome] = await Promise.all([
      rewardsOf(db, user.id, { after }),
      welcomeClaimed(db, user),
    ]);
    return data(
      {
        ...rewards,
        olderPage: after !== undefined,
        welcomeClaimed: welcome.claimed,
        rules: earningRules,
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    if (error instanceof InvalidPageCursorError) throw publicError(400, error.message);
    throw error;
  }
}

export default function Rewards({ loaderData }: Route.ComponentProps) {
  const { available, pending, standing, expiring, history, rules } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-8 px-4 py-6 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Your points</h1>
        <p className="mt-1 text-ink-muted">
          One wallet at every business on Oja.{" "}
          <Link to="/benefits" className="font-semibold text-brand-strong underline">
            How points work
          </Link>
        </p>
      </div>

      {expiring ? (
        <div
          role="note"
          aria-label="Points expiring soon"
          className="flex items-start gap-3 rounded-card border border-points bg-points-soft p-4 text-sm text-ink"
        >
          <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-points" />
          <p>
            <strong>
              {pointsText(expiring.points)}{" "}
              {expiring.overdue ? (
                "are expiring now"
              ) : (
                <>
                  expire on <time dateTime={expiring.at}>{expiring.day}</time>
                </>
              )}
            </strong>
            , {rules.expiryMonths} months after you last earned or spent any.{" "}
            {expiring.overdue ? null : "Earn or spend points before then to keep them all."}
          </p>
        </div>
      ) : null}

      <section
        aria-labelledby="balance-title"
        className="grid gap-4 rounded-card border border-line bg-surface p-5 sm:grid-cols-[1fr_auto] sm:p-6"
      >
        <h2 id="balance-title" className="sr-only">
          Balance
        </h2>
        <div>
          <p className="text-sm font-medium text-ink-muted">To spend</p>
          <p className="mt-1 flex items-center gap-2 text-5xl font-extrabold tracking-tight text-ink tabular-nums">
            <Star aria-hidden="true" className="size-8 fill-current text-points" />
            {formatPoints(available)}
          </p>
          <p className="mt-1 text-sm text-ink-muted">{available === 1 ? "point" : "points"}</p>
        </div>
        <div className="rounded-lg bg-surface-muted p-4 sm:max-w-64">
          <p className="flex items-center gap-1.5 text-sm font-medium text-ink-muted">
            <Clock aria-hidden="true" className="size-4" />
            Pending
          </p>
          <p className="mt-1 text-2xl font-bold text-ink tabular-nums">{pointsText(pending)}</p>
          <p className="mt-1 text-sm text-ink-muted">
            Points from a payment are approved {rules.approvalDays} days after it, once the return
            window has passed.
          </p>
        </div>
      </section>

      <TierCard standing={standing} />

      <section aria-labelledby="history-title" className="space-y-3">
        <h2 id="history-title" className="text-lg font-semibold text-ink">
          History
        </h2>
        {history.length === 0 && !loaderData.olderPage ? (
          <EmptyState
            icon={Star}
            title="No points yet"
            action={
              loaderData.welcomeClaimed ? (
                <ButtonLink to="/businesses">Find a business</ButtonLink>
              ) : (
                <ButtonLink to="/first-rewards">
                  Claim your {formatPoints(rules.welcomeBonusPoints)} welcome points
                </ButtonLink>
              )
            }
          >
            Every point you earn or spend appears here, with where it came from.
          </EmptyState>
        ) : (
          <>
            <ol className="divide-y divide-line rounded-card border border-line bg-surface">
              {history.map((entry) => (
                <HistoryRow key={entry.id} entry={entry} />
              ))}
            </ol>
            {history.length === 0 ? (
              <p className="text-sm text-ink-muted">No older entries.</p>
            ) : null}
            <NextPageLink cursor={loaderData.nextCursor} label="Older entries" />
          </>
        )}
      </section>

      <section aria-labelledby="earn-title" className="space-y-3">
        <h2 id="earn-title" className="text-lg font-semibold text-ink">
          Ways to earn
        </h2>
        <WaysToEarn rules={rules} welcomeClaimed={loaderData.welcomeClaimed} />
      </section>
    </div>
  );
}

function TierCard({ standing }: { standing: TierProgress }) {
  const { next } = standing;
  return (
    <section
      aria-labelledby="tier-title"
      className="space-y-4 rounded-card border border-line bg-surface p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="tier-title" className="text-lg font-semibold text-ink">
          Your tier
        </h2>
        <TierBadge tier={standing.tier} size="lg" />
      </div>
      {next ? (
        <div className="space-y-2">
          <div className="flex flex-wrap justify-between gap-x-4 text-sm">
            <span id="tier-progress-label" className="font-medium text-ink">
              {pointsText(next.pointsToGo)} more to reach {next.tier}
            </span>
            <span className="text-ink-muted tabular-nums">
              {formatPoints(standing.earnedInYear)} / {formatPoints(next.from)}
            </span>
          </div>
          <progress
            aria-labelledby="tier-progress-label"
            max={100}
            value={next.percent}
            className="block h-3 w-full appearance-none overflow-hidden rounded-full bg-surface-sunken [&::-moz-progress-bar]:bg-points [&::-webkit-progress-bar]:bg-surface-sunken [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-points"
          />
        </div>
      ) : (
        <p className="text-sm text-ink">
          {formatPoints(standing.earnedInYear)} points earned in the last 12 months: the top tier.
        </p>
      )}
      <p className="text-sm text-ink-muted">
        Tiers count the points you earned in the last 12 months; spending never lowers yours.{" "}
        <Link to="/benefits#tiers" className="font-semibold text-brand-strong underline">
          About tiers
        </Link>
      </p>
    </section>
  );
}

const looks: Record<HistoryEntry["kind"], { label: string }> = {
  earn: { label: "Earned" },
  pending: { label: "Pending" },
  approve: { label: "Approved" },
  reverse: { label: "Taken back" },
  spend: { label: "Spent" },
  return: { label: "Given back" },
  expire: { label: "Expired" },
  adjust: { label: "Corrected by Oja" },
};

/** What an entry did, as one signed number and, when it isn't plain, what it was to. */
function entryAmount(entry: HistoryEntry): { points: number; detail: string | null } {
  const total = entry.availableDelta + entry.pendingDelta;
  switch (entry.kind) {
    case "pending":
      return { points: entry.pendingDelta, detail: "pending" };
    case "approve":
      // Pending points becoming spendable: the total doesn't change.
      return { points: entry.availableDelta, detail: "now to spend" };
    case "reverse":
    case "adjust":
      return {
        points: total,
        detail: entry.availableDelta === 0 && entry.pendingDelta !== 0 ? "from pending" : null,
      };
    default:
      return { points: total, detail: null };
  }
}

function HistoryRow({ entry }: { entry: HistoryEntry }) {
  const { label } = looks[entry.kind];
  const { points, detail } = entryAmount(entry);
  const where =
    entry.businessName && !entry.note.includes(entry.businessName) ? entry.businessName : null;
  return (
    <li className="flex items-start justify-between gap-4 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words text-ink">{entry.note || label}</p>
        <p className="text-sm text-ink-muted">
          {label} · <time dateTime={entry.at}>{entry.day}</time>
          {where ? ` · ${where}` : null}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className={`font-semibold tabular-nums ${points > 0 ? "text-positive" : "text-ink"}`}>
          <span aria-hidden="true">{signedPoints(points)}</span>
          <span className="sr-only">
            {points > 0 ? "plus" : "minus"} {pointsText(Math.abs(points))}
          </span>
        </p>
        {detail ? <p className="text-xs text-ink-muted">{detail}</p> : null}
      </div>
    </li>
  );
}
