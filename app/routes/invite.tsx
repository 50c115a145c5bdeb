import { Gift } from "lucide-react";
import { Link } from "react-router";
import { currentUser } from "#app/auth/session.server.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { approvalDays } from "#app/points/ledger.server.ts";
import { pointsText } from "#app/points/points-text.ts";
import { welcomeBonusPoints } from "#app/points/welcome.server.ts";
import { firstName, referralBonusPoints, referrerOfCode } from "#app/referrals/referrals.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/invite";

export const headers = privatePageHeaders;

/**
 * /invite/{code}: where a friend's invitation link lands (issue 20): who invited them, what both
 * get, and "Create your account" with the code kept on the new account (through the email
 * confirmation: it is stored at sign-up). A code nobody has is a 404; a signed-in visitor is
 * told invitations are for new shoppers and shown their own.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.referrer} invited you to Oja` : "Invitation";
  return [{ title: `${title} · Oja` }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const referrer = await referrerOfCode(services(context).db, params.id);
  if (!referrer) throw notFound(url);
  const user = currentUser(context);
  return {
    code: referrer.code,
    referrer: firstName(referrer.name),
    signedIn: Boolean(user),
    ownInvitation: user?.id === referrer.userId,
    bonus: referralBonusPoints,
    welcome: welcomeBonusPoints,
    approvalDays,
  };
}

export default function Invite({ loaderData }: Route.ComponentProps) {
  const { code, referrer, signedIn, ownInvitation, bonus, welcome } = loaderData;
  const signUp = `/CreateAccount?ref=${encodeURIComponent(code)}&redirectTo=${encodeURIComponent("/first-rewards")}`;
  return (
    <div className="mx-auto w-full max-w-xl space-y-6 px-4 py-8 sm:py-12">
      <div className="space-y-3 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-strong">
          <Gift aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{referrer} invited you to Oja</h1>
        <p className="text-ink-muted">
          Shop from local businesses across Nigeria in one cart, buy vouchers, and earn points
          everywhere you spend.
        </p>
      </div>

      <section
        aria-labelledby="you-both-get"
        className="space-y-3 rounded-xl border border-line bg-surface p-5"
      >
        <h2 id="you-both-get" className="text-lg font-semibold text-ink">
          What you both get
        </h2>
        <ul className="space-y-2 text-ink">
          <li>
            <strong>{pointsText(bonus)}</strong> for you and {pointsText(bonus)} for {referrer} when
            your first order is paid (they are yours {loaderData.approvalDays} days later, once the
            return window has passed).
          </li>
          <li>
            <strong>{pointsText(welcome)}</strong> welcome bonus to claim as soon as you join.
          </li>
          <li>1 point for every ₦100 you spend, at every business on Oja.</li>
        </ul>
        <p className="text-sm text-ink-muted">
          Invitation code <span className="font-mono font-semibold text-ink">{code}</span>
        </p>
      </section>

      {ownInvitation ? (
        <p role="status" className="rounded-lg bg-surface-sunken px-4 py-3 text-sm text-ink">
          This is your own invitation: send the link to a friend who isn't on Oja yet.
        </p>
      ) : signedIn ? (
        <p role="status" className="rounded-lg bg-surface-sunken px-4 py-3 text-sm text-ink">
          You already have an account: invitations are for new shoppers. You can invite your own
          friends and earn {pointsText(bonus)} each.
        </p>
      ) : null}

      {signedIn ? (
        <ButtonLink to="/Referrals" size="lg" className="w-full">
          Invite your friends
        </ButtonLink>
      ) : (
        <div className="space-y-3">
          <ButtonLink to={signUp} size="lg" className="w-full">
            Create your account
          </ButtonLink>
          <p className="text-center text-sm text-ink-muted">
            Already on Oja?{" "}
            <Link to="/Login" className="font-semibold text-brand-strong underline">
              Sign in
            </Link>{" "}
            (invitations count for new accounts only).
          </p>
        </div>
      )}
    </div>
  );
}
