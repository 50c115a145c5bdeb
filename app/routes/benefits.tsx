import { Ban, CalendarClock, Clock, Gift, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { TierBadge, tierThresholdText } from "#app/components/points-tiers.tsx";
import { WaysToEarn } from "#app/components/points-ways-to-earn.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { formatPoints } from "#app/points/points-text.ts";
import { earningRules } from "#app/points/rewards.server.ts";
import { tiers } from "#app/points/tiers.ts";
import { pageMeta } from "#app/seo/meta.ts";
import type { Route } from "./+types/benefits";

/**
 * /benefits: how Oja points work, for everyone (issue 20). The earning rules, approval, expiry
 * and tiers, each number from the code that applies it (the loader sends the server's; tiers.ts
 * is shared), and what tiers give today, which is honestly little (decision 045). The page reads
 * no session and no query: the same for every visitor.
 */
export function loader() {
  return { rules: earningRules };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "How Oja points work",
    description:
      "Earn points at every business on Oja in one wallet: when they are yours to spend, when they expire, and what Bronze, Silver and Gold mean.",
    path: "/benefits",
  });
}

export default function Benefits({ loaderData }: Route.ComponentProps) {
  const { rules } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-10 px-4 py-8 sm:py-12">
      <header className="space-y-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
          How Oja points work
        </h1>
        <p className="text-lg text-ink">
          Earn points at every business on Oja, all in one wallet. Here is all of it: how you earn
          them, when they are yours to spend, when they expire and what tiers mean.
        </p>
        <div className="flex flex-wrap gap-2 pt-1">
          <ButtonLink to="/rewards">See your points</ButtonLink>
          <ButtonLink to="/first-rewards" variant="secondary">
            <Gift aria-hidden="true" className="size-4" />
            Claim {formatPoints(rules.welcomeBonusPoints)} welcome points
          </ButtonLink>
        </div>
      </header>

      <Section id="earn" title="Ways to earn">
        <WaysToEarn rules={rules} />
      </Section>

      <Section id="approval" title="When points are yours">
        <Rule icon={Clock}>
          Points from a payment start as <strong>pending</strong>. They are approved{" "}
          <strong>{rules.approvalDays} days</strong> after the payment, once the time to return
          things has passed, and then they are yours to spend. The welcome bonus and check-ins are
          yours at once.
        </Rule>
        <Rule icon={Undo2}>
          A refund takes back the points of what was refunded: from your pending points while they
          wait, else from your points to spend, never below zero.
        </Rule>
      </Section>

      <Section id="expiry" title="When points expire">
        <Rule icon={CalendarClock}>
          Points expire <strong>{rules.expiryMonths} months</strong> after you last earned or spent
          any. Earning or spending even a few keeps all of them. Your points page warns you{" "}
          {rules.expiryWarningDays} days before.
        </Rule>
      </Section>

      <Section id="tiers" title="Tiers">
        <p className="text-ink">
          Your tier counts the points you earned in the last 12 months, less any a refund took back.
          Spending points never lowers it.
        </p>
        <ol className="grid gap-3 sm:grid-cols-3">
          {tiers.map((tier) => (
            <li
              key={tier.name}
              className="space-y-2 rounded-card border border-line bg-surface p-4"
            >
              <TierBadge tier={tier.name} />
              <p className="font-semibold text-ink">{tierThresholdText(tier.from)}</p>
              <p className="text-sm text-ink-muted">
                {tier.from === 0 ? "No points needed." : "Earned in the last 12 months."}
              </p>
            </li>
          ))}
        </ol>
        <div className="rounded-card border border-line bg-surface-sunken p-4 text-sm text-ink">
          <h3 className="font-semibold">What each tier gives</h3>
          <p className="mt-1">
            For now, a tier is your standing with Oja and nothing more: Bronze, Silver and Gold
            members earn points at the same rate and pay the same prices. Your points page shows
            your tier and how far the next one is. If tiers ever bring more, it will be written here
            first.
          </p>
        </div>
      </Section>

      <Section id="reviews" title="No points for reviews">
        <Rule icon={Ban}>
          Writing a review earns no points, discount or reward of any kind. Reviews that bring a
          reward come out kinder than the visit was, and then nobody can trust them: the reviews you
          read before choosing where to go are worth something only because nobody was paid to write
          them.
        </Rule>
      </Section>

      <Section id="spending" title="Spending points">
        <p className="text-ink">
          Points are spent in the reward shop, which isn't open yet. Until it opens your points keep
          adding up; as always, they expire only after {rules.expiryMonths} months without earning
          or spending any.
        </p>
        <p className="text-sm text-ink-muted">
          Every point you earn or spend is listed on{" "}
          <Link to="/rewards" className="font-semibold text-brand-strong underline">
            your points page
          </Link>
          , with where it came from.
        </p>
      </Section>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-bold text-ink sm:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Rule({ icon: Icon, children }: { icon: typeof Clock; children: ReactNode }) {
  return (
    <p className="flex gap-3 text-ink">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-points" />
      <span>{children}</span>
    </p>
  );
}
