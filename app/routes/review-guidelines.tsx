import { BadgeCheck, Ban, Flag, Mail, Scale, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ButtonLink } from "#app/components/ui/button.tsx";
import {
  invitationDaysRange,
  invitationLifeDays,
  reviewLimits,
} from "#app/reviews/review-limits.ts";
import { halfLifeDays, priorCount, priorStars } from "#app/reviews/trust-score.ts";
import { pageMeta } from "#app/seo/meta.ts";
import type { Route } from "./+types/review-guidelines";

/**
 * /reviews/gg: the review guidelines (issue 21): what a review may hold, how Oja knows a review is
 * verified or invited, how TrustScore is worked out and how moderation decides, each number from
 * the code that applies it. The same for every visitor.
 */
export function loader() {
  return {
    invitationDays: invitationDaysRange.default,
    invitationLifeDays,
    halfLifeMonths: Math.round(halfLifeDays / 30.4),
    prior: { count: priorCount, stars: priorStars },
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Review guidelines",
    description:
      "What a review on Oja may say, how Oja verifies reviews and invites every customer, how TrustScore works and how moderators decide.",
    path: "/reviews/gg",
  });
}

function Part({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="flex items-center gap-2 text-xl font-bold text-ink">
        {icon}
        {title}
      </h2>
      <div className="space-y-2 text-ink">{children}</div>
    </section>
  );
}

const iconClass = "size-6 shrink-0 text-brand-strong";

export default function ReviewGuidelines({ loaderData }: Route.ComponentProps) {
  const { invitationDays, halfLifeMonths, prior } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-10 px-4 py-8 sm:py-12">
      <header className="space-y-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
          Review guidelines
        </h1>
        <p className="text-lg text-ink">
          Reviews on Oja are for shoppers, by shoppers. These are the rules every review, every
          business and Oja itself keep, so you can trust what you read.
        </p>
        <div className="flex flex-wrap gap-2 pt-1">
          <ButtonLink to="/evaluate">Write a review</ButtonLink>
          <ButtonLink to="/reviews" variant="secondary">
            Read reviews
          </ButtonLink>
        </div>
      </header>

      <Part
        icon={<ShieldCheck aria-hidden="true" className={iconClass} />}
        title="What a review may say"
      >
        <ul className="list-disc space-y-1 ps-6">
          <li>
            Your own experience with the business in the last 12 months: what you bought, how you
            were served, what was good and what could be better. Praise and criticism are both
            welcome.
          </li>
          <li>
            1 to 5 stars, a title of {reviewLimits.titleMin} to {reviewLimits.titleMax} characters
            and {reviewLimits.bodyMin} to {reviewLimits.bodyMax.toLocaleString("en-NG")} characters
            about it, with the day it happened.
          </li>
          <li>One review of a business every 12 months. You can edit or delete it at any time.</li>
        </ul>
        <p className="font-semibold">Not allowed:</p>
        <ul className="list-disc space-y-1 ps-6">
          <li>Threats, hate, harassment or anything else harmful.</li>
          <li>
            Personal data: phone numbers, addresses, account numbers, or the full names of staff.
          </li>
          <li>Advertising, links to other shops, or offers.</li>
          <li>
            Anything that isn't a genuine experience: reviews of your own business or your
            employer's (Oja refuses them), reviews written for a reward or on someone's behalf.
          </li>
          <li>A review meant for another business.</li>
        </ul>
      </Part>

      <Part
        icon={<Ban aria-hidden="true" className={iconClass} />}
        title="Nobody is paid for a review"
      >
        <p>
          Oja never gives points, discounts or anything else for writing a review, good or bad, and
          businesses may not either. Reviews earn nothing, so they say what people really think.
        </p>
      </Part>

      <Part
        icon={<BadgeCheck aria-hidden="true" className={iconClass} />}
        title="Verified and Invited"
      >
        <p>
          <strong>Verified</strong> means Oja itself saw your experience at that business in the 12
          months before your review: an order you paid for, a voucher you redeemed there, or a
          check-in with the business's poster. We don't take anyone's word for it.
        </p>
        <p>
          <strong>Invited</strong> means the review came from an invitation. Oja emails every
          customer {invitationDays} days after their order is fulfilled or their voucher is first
          redeemed (each business may choose 1 to 30 days): everyone, not only happy customers.
          Businesses can also invite people by hand. An invitation link works once, for{" "}
          {loaderData.invitationLifeDays} days.
        </p>
      </Part>

      <Part icon={<Scale aria-hidden="true" className={iconClass} />} title="How TrustScore works">
        <p>
          A business's TrustScore is the average of its stars with two corrections. Newer reviews
          count more: a review's weight halves about every {halfLifeMonths} months, so a business
          that improved shows it. And every business starts as if it had {prior.count} reviews of{" "}
          {prior.stars} stars, so a handful of 5-star reviews can't make a perfect score. It is
          shown to one decimal and in half stars.
        </p>
      </Part>

      <Part icon={<Mail aria-hidden="true" className={iconClass} />} title="Businesses' replies">
        <p>
          A business may reply once, in public, to each review, and edit its reply. It can't change
          or remove your review.
        </p>
      </Part>

      <Part icon={<Flag aria-hidden="true" className={iconClass} />} title="Reports and moderation">
        <p>
          Anyone signed in can report a review that breaks these rules, and a business can flag a
          review of itself, giving the reason. Oja's moderators read every report and decide:
        </p>
        <ul className="list-disc space-y-1 ps-6">
          <li>
            <strong>Keep</strong>: the review follows the rules, even if the business dislikes it.
          </li>
          <li>
            <strong>Ask the author to edit</strong>: the review is hidden until its author edits it,
            then it shows again.
          </li>
          <li>
            <strong>Remove</strong>: the review breaks the rules. Its place stays on the business's
            page with the reason, so removals are never secret.
          </li>
        </ul>
        <p>
          Reviews publish as soon as they are written; reporting or flagging one doesn't hide it
          while moderators look.
        </p>
      </Part>

      <p className="text-ink-muted">
        Questions about a review of yours? Open{" "}
        <Link to="/evaluate/_id" className="font-medium text-brand-strong underline">
          your reviews
        </Link>
        .
      </p>
    </div>
  );
}
