import { CircleCheck, Gift, Info, MailCheck, Star } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { currentUser, requireUser } from "#app/auth/session.server.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { FieldError, FormMessage } from "#app/components/ui/field.tsx";
import { services } from "#app/context.server.ts";
import { expiryMonths, walletOf } from "#app/points/ledger.server.ts";
import { formatPoints, pointsText } from "#app/points/points-text.ts";
import {
  claimWelcomeBonus,
  welcomeBonusPoints,
  welcomeClaimed,
} from "#app/points/welcome.server.ts";
import { RewardGrid } from "#app/reward-shop/reward-card.tsx";
import { browseRewards } from "#app/reward-shop/shop.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { pageMeta } from "#app/seo/meta.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/first-rewards";

export const headers = privatePageHeaders;

/**
 * /first-rewards (shop layout): the welcome bonus, claimed once per person (decision 045). A
 * guest sees what they would get and the way to an account; a shopper whose email isn't confirmed
 * yet is asked to confirm it first; then one press (a plain form post, so it works without
 * JavaScript) credits it, and the page shows the balance. Below, the shop's cheapest rewards:
 * what the points can become first.
 */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  const bonus = loaderData ? pointsText(loaderData.rules.welcomeBonusPoints) : "Points";
  return pageMeta(matches, {
    title: "Welcome rewards",
    description: `${bonus} to start with when you join Oja, to spend at every business on Oja.`,
    path: "/first-rewards",
  });
}

const returnHere = encodeURIComponent("/first-rewards");

export async function loader({ context }: Route.LoaderArgs) {
  const rules = { welcomeBonusPoints, expiryMonths };
  const user = currentUser(context);
  const { db } = services(context);
  // The cheapest rewards in the shop: what a new shopper's points can become first.
  const starters = browseRewards(db, { sort: "points-asc" }, undefined, 4).then(
    (page) => page.items,
  );
  if (!user) {
    return data({
      state: "guest" as const,
      rules,
      email: null,
      available: 0,
      starters: await starters,
    });
  }
  const [claim, wallet, starterRewards] = await Promise.all([
    welcomeClaimed(db, user),
    walletOf(db, user.id),
    starters,
  ]);
  const state = claim.claimed
    ? claim.byThisAccount
      ? ("claimed" as const)
      : ("claimed-elsewhere" as const)
    : user.emailVerified
      ? ("ready" as const)
      : ("email-unconfirmed" as const);
  return data(
    { state, rules, email: user.email, available: wallet.available, starters: starterRewards },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What went wrong with the claim form, by field. */
type ClaimErrors = { intent?: string };
const noErrors: ClaimErrors = {};

const claimSchema = z.object({
  intent: z.literal("claim", { message: "Press “Claim” to claim the welcome bonus." }),
});

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const parsed = claimSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data(
      {
        outcome: "refused" as const,
        errors: { intent: parsed.error.issues[0]?.message } as ClaimErrors,
      },
      { status: 400 },
    );
  }
  const result = await claimWelcomeBonus(services(context).db, user);
  switch (result.status) {
    case "claimed":
      return data({ outcome: "claimed" as const, errors: noErrors });
    case "already-claimed":
      // Not a failure: a second press, another tab, or another account of the same mailbox.
      return data({
        outcome: result.byThisAccount
          ? ("already-claimed" as const)
          : ("claimed-elsewhere" as const),
        errors: noErrors,
      });
    case "email-unconfirmed":
      return data(
        {
          outcome: "refused" as const,
          errors: {
            intent: "Confirm your email address first: open the link we sent you.",
          } as ClaimErrors,
        },
        { status: 403 },
      );
  }
}

export default function FirstRewards({ loaderData, actionData }: Route.ComponentProps) {
  const { state, rules } = loaderData;
  const bonus = pointsText(rules.welcomeBonusPoints);
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-6 sm:py-10">
      <section
        aria-labelledby="welcome-title"
        className="overflow-hidden rounded-card border border-line bg-surface"
      >
        <div className="flex items-center gap-4 bg-points-soft px-5 py-6 sm:px-8">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-surface">
            <Gift aria-hidden="true" className="size-7 text-points" />
          </span>
          <div>
            <p className="text-sm font-semibold text-ink">Welcome bonus</p>
            <h1 id="welcome-title" className="text-2xl font-extrabold tracking-tight text-ink">
              {bonus} to start with
            </h1>
          </div>
        </div>
        <div className="space-y-4 px-5 py-6 sm:px-8">
          <ActionNotice actionData={actionData} bonus={bonus} />
          {state === "guest" ? <Guest bonus={bonus} /> : null}
          {state === "email-unconfirmed" ? <ConfirmEmailFirst email={loaderData.email} /> : null}
          {state === "ready" ? <ClaimForm bonus={bonus} error={actionData?.errors.intent} /> : null}
          {state === "claimed" ? <Claimed available={loaderData.available} /> : null}
          {state === "claimed-elsewhere" ? <ClaimedElsewhere /> : null}
        </div>
      </section>

      <section aria-labelledby="starter-title" className="space-y-3">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="starter-title" className="text-lg font-semibold text-ink">
            Starter rewards
          </h2>
          <Link to="/rewardShop" className="text-sm font-semibold text-brand hover:underline">
            Reward shop
          </Link>
        </div>
        {loaderData.starters.length > 0 ? (
          <RewardGrid
            rewards={loaderData.starters}
            balance={state === "guest" ? null : loaderData.available}
            className="sm:grid-cols-2 lg:grid-cols-2"
          />
        ) : null}
        <p className="flex gap-2 text-sm text-ink-muted">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            The reward shop turns points into airtime, data and treats. Points expire only after{" "}
            {rules.expiryMonths} months without earning or spending any.
          </span>
        </p>
      </section>

      <p className="text-center text-sm text-ink-muted">
        More ways to earn, and how points work:{" "}
        <Link to="/benefits" className="font-semibold text-brand-strong underline">
          Oja points explained
        </Link>
      </p>
    </div>
  );
}

function ActionNotice({
  actionData,
  bonus,
}: {
  actionData: Route.ComponentProps["actionData"];
  bonus: string;
}) {
  switch (actionData?.outcome) {
    case "claimed":
      return <FormMessage tone="success">Done: {bonus} are yours, ready to spend.</FormMessage>;
    case "already-claimed":
      return (
        <Notice>
          You already claimed your welcome bonus: it is once per person, so nothing more was added.
        </Notice>
      );
    case "claimed-elsewhere":
      return (
        <Notice>
          The welcome bonus of this email address was already claimed from another account, so
          nothing was added here.
        </Notice>
      );
    default:
      return null;
  }
}

/** News that is neither a success nor an error: said by screen readers as it appears. */
function Notice({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-lg bg-surface-sunken px-3 py-2.5 text-sm text-ink"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

function Guest({ bonus }: { bonus: string }) {
  return (
    <>
      <p className="text-ink">
        Create your free Oja account, confirm your email, and claim {bonus} here: yours to spend at
        once, on top of the points you earn at every business on Oja.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <ButtonLink to={`/CreateAccount?redirectTo=${returnHere}`} size="lg">
          Create an account
        </ButtonLink>
        <ButtonLink to={`/Login?redirectTo=${returnHere}`} variant="secondary" size="lg">
          Sign in to claim
        </ButtonLink>
      </div>
    </>
  );
}

function ConfirmEmailFirst({ email }: { email: string | null }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-points bg-points-soft p-4 text-sm text-ink">
      <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-points" />
      <div className="space-y-2">
        <p className="font-semibold">Confirm your email address to claim</p>
        <p>
          Open the link we sent to <strong>{email}</strong>, then come back here. The bonus is once
          per person, and a confirmed address makes sure nobody else can claim yours.
        </p>
        <p>
          No email?{" "}
          <Link to="/profile" className="font-semibold text-brand-strong underline">
            Send the link again from your account
          </Link>
          .
        </p>
      </div>
    </div>
  );
}

function ClaimForm({ bonus, error }: { bonus: string; error?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <Form method="post" className="space-y-3">
      <p className="text-ink">
        Yours to spend at once. One welcome bonus per person, so claim it on the account you'll
        keep.
      </p>
      <input type="hidden" name="intent" value="claim" />
      <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
        <Star aria-hidden="true" className="size-5" />
        {busy ? "Claiming…" : `Claim ${bonus}`}
      </Button>
      {error ? <FieldError>{error}</FieldError> : null}
    </Form>
  );
}

function Claimed({ available }: { available: number }) {
  return (
    <>
      <p className="flex items-center gap-2 font-semibold text-ink">
        <CircleCheck aria-hidden="true" className="size-5 text-positive" />
        Your welcome bonus is claimed.
      </p>
      <div className="rounded-lg bg-surface-muted p-4">
        <p className="text-sm text-ink-muted">You have</p>
        <p className="text-3xl font-extrabold text-ink tabular-nums">
          {formatPoints(available)}{" "}
          <span className="text-base font-semibold text-ink-muted">
            {available === 1 ? "point" : "points"} to spend
          </span>
        </p>
      </div>
      <ButtonLink to="/rewards" size="lg" className="w-full sm:w-auto">
        See your points
      </ButtonLink>
    </>
  );
}

function ClaimedElsewhere() {
  return (
    <>
      <p className="text-ink">
        The welcome bonus is once per person, and it was already claimed from another Oja account
        with this email address (or a form of it, such as with a +tag or, at Gmail, dots).
      </p>
      <ButtonLink to="/rewards" variant="secondary">
        See your points
      </ButtonLink>
    </>
  );
}
