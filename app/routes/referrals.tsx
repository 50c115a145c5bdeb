import { Users } from "lucide-react";
import { data, Link } from "react-router";
import { requireUser } from "#app/auth/session.server.ts";
import { CopyButton } from "#app/components/ui/copy-button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { ShareButton } from "#app/components/ui/share-button.tsx";
import { StatusPill } from "#app/components/ui/status-pill.tsx";
import { services } from "#app/context.server.ts";
import { formatLagosDay } from "#app/lagos-dates.ts";
import { approvalDays } from "#app/points/ledger.server.ts";
import { formatPoints, pointsText } from "#app/points/points-text.ts";
import {
  maxQualifiedPerMonth,
  type ReferredFriend,
  referralBonusPoints,
  referralsOf,
} from "#app/referrals/referrals.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/referrals";

export const headers = privatePageHeaders;

/**
 * /Referrals: the signed-in shopper's invitation link and code (copy, or the phone's share
 * sheet), how inviting works, the friends who signed up with the code and where each stands,
 * and the points the invitations gave (issue 20, decision 047).
 */
export function meta() {
  return [{ title: "Invite friends · Oja" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { db, settings } = services(context);
  const page = await referralsOf(db, user);
  return data(
    {
      ...page,
      link: new URL(`/invite/${page.code}`, settings.publicUrl).toString(),
      bonus: referralBonusPoints,
      approvalDays,
      maxQualifiedPerMonth,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

function friendStanding(friend: ReferredFriend, bonus: number) {
  switch (friend.status) {
    case "signed_up":
      return { label: "Joined", tone: "neutral", detail: "Waiting for their first order" } as const;
    case "qualified":
      return friend.approved
        ? ({ label: `+${formatPoints(bonus)}`, tone: "good", detail: "Points approved" } as const)
        : ({ label: `+${formatPoints(bonus)}`, tone: "good", detail: "Points pending" } as const);
    case "held":
      return { label: "Checking", tone: "neutral", detail: friend.reason } as const;
    case "refused":
      return { label: "Not counted", tone: "bad", detail: friend.reason } as const;
  }
}

export default function Referrals({ loaderData }: Route.ComponentProps) {
  const { code, link, friends, friendCount, pointsEarned, bonus } = loaderData;
  const shareText = `Join me on Oja: we both get ${pointsText(bonus)} when your first order is paid.`;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-8 px-4 py-6 sm:py-10">
      <header className="space-y-2">
        <Link to="/rewards" className="text-sm text-ink-muted hover:underline">
          Your points
        </Link>
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Invite friends</h1>
        <p className="text-ink-muted">
          You and each friend get {pointsText(bonus)} when their first order on Oja is paid.
        </p>
      </header>

      <section
        aria-labelledby="your-link"
        className="space-y-4 rounded-xl border border-line bg-surface p-4 sm:p-6"
      >
        <h2 id="your-link" className="text-lg font-semibold text-ink">
          Your invitation
        </h2>
        <div className="space-y-2">
          <p className="text-sm font-medium text-ink">Link</p>
          <p className="break-all rounded-lg bg-surface-sunken px-3 py-2 font-mono text-sm text-ink">
            {link}
          </p>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={link} what="invitation link" />
            <ShareButton label="Share" title="Join me on Oja" text={shareText} url={link} />
          </div>
        </div>
        <div className="space-y-2">
          <p className="text-sm font-medium text-ink">Code</p>
          <div className="flex flex-wrap items-center gap-3">
            <span className="rounded-lg bg-surface-sunken px-3 py-2 font-mono text-lg font-semibold tracking-wider text-ink">
              {code}
            </span>
            <CopyButton text={code} what="invitation code" />
          </div>
          <p className="text-sm text-ink-muted">
            A friend can also type the code when they create their account.
          </p>
        </div>
      </section>

      <section aria-labelledby="how" className="space-y-3">
        <h2 id="how" className="text-lg font-semibold text-ink">
          How it works
        </h2>
        <ol className="list-decimal space-y-1 pl-5 text-ink">
          <li>Send your link to a friend who isn't on Oja yet.</li>
          <li>They create their account from it (the code stays with them).</li>
          <li>
            When their first order is paid, you both get {pointsText(bonus)}, pending for{" "}
            {loaderData.approvalDays} days like the points of any order, then yours to spend.
          </li>
        </ol>
        <p className="text-sm text-ink-muted">
          Inviting yourself under another email address doesn't count, and a friend counts once
          however many accounts they make. More than {loaderData.maxQualifiedPerMonth} friends in a
          month are checked by a person at Oja before the points arrive. If a first order is
          refunded in full, its invitation points go back.{" "}
          <Link to="/benefits" className="font-medium text-brand-strong underline">
            How points work
          </Link>
        </p>
      </section>

      <section aria-labelledby="friends" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="friends" className="text-lg font-semibold text-ink">
            Friends who joined
          </h2>
          <p className="text-sm text-ink-muted">
            {friendCount} {friendCount === 1 ? "friend" : "friends"} ·{" "}
            <strong className="text-ink">{pointsText(pointsEarned)}</strong> earned
          </p>
        </div>
        {friends.length === 0 ? (
          <EmptyState icon={Users} title="No friends yet">
            Friends who create an account from your link appear here, with where their points stand.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {friends.map((friend) => {
              const standing = friendStanding(friend, bonus);
              return (
                <li
                  key={`${friend.joinedAt.toISOString()} ${friend.name}`}
                  className="flex items-center justify-between gap-3 px-4 py-3"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-ink">{friend.name}</p>
                    <p className="text-sm text-ink-muted">
                      Joined {formatLagosDay(friend.joinedAt)} · {standing.detail}
                    </p>
                  </div>
                  <StatusPill label={standing.label} tone={standing.tone} />
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
