import { Stamp } from "lucide-react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { hasBusinessRole } from "#app/auth/roles.ts";
import { requireUser } from "#app/auth/session.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { formatLagosDay } from "#app/lagos-dates.ts";
import { cardAccess, giveStampReward, loyaltyCard } from "#app/loyalty/loyalty.server.ts";
import { formatPoints } from "#app/points/points-text.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/loyalty-card";

export const headers = privatePageHeaders;

/**
 * /{business}/rewards/{shopper}: a shopper's loyalty card at a business (issue 20, decision 049):
 * points earned there, visits, and the stamp reward's progress. Only that shopper and the
 * business's team may open it (anyone else: 404); staff give a full card's reward from here.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.business.name ?? "Loyalty card";
  return [{ title: `Loyalty card · ${name} · Oja` }, { name: "robots", content: "noindex" }];
}

/** The card, if the viewer may see it: the shopper themself, or a member of the business. */
async function openCard({ context, request, params, url }: Route.LoaderArgs | Route.ActionArgs) {
  const viewer = requireUser(context, request);
  const access = await cardAccess(services(context).db, params.id, params.user, viewer.id);
  if (!access) throw notFound(url);
  return { viewer, ...access };
}

export async function loader(args: Route.LoaderArgs) {
  const { viewer, business, shopper, role } = await openCard(args);
  const card = await loyaltyCard(services(args.context).db, business.id, shopper.id);
  return data(
    {
      business: { name: business.name, slug: business.slug },
      shopper: shopper.name.split(/\s+/)[0] ?? shopper.name,
      own: viewer.id === shopper.id,
      canGive: role !== null && hasBusinessRole(role, "staff"),
      card,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action(args: Route.ActionArgs) {
  const { viewer, business, shopper, role } = await openCard(args);
  if (!role) throw notFound(args.url);
  const given = await giveStampReward(
    services(args.context).db,
    business.id,
    shopper.id,
    viewer.id,
  );
  if (!given.ok) return data({ message: given.message, given: null }, { status: 409 });
  return { message: null, given: given.reward };
}

export default function LoyaltyCardPage({ loaderData }: Route.ComponentProps) {
  const { business, shopper, own, canGive, card } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { program } = card;
  // A full card shows full until staff give its reward.
  const stamped = !program
    ? 0
    : card.rewardsReady > 0
      ? program.stampsNeeded
      : card.stamps % program.stampsNeeded;
  const toGo = program ? program.stampsNeeded - stamped : 0;
  return (
    <div className="mx-auto w-full max-w-xl space-y-6 px-4 py-6 sm:py-10">
      <header className="space-y-1">
        <Link to={`/${business.slug}`} className="text-sm text-ink-muted hover:underline">
          {business.name}
        </Link>
        <h1 className="text-2xl font-bold text-ink">
          {own ? "Your loyalty card" : `${shopper}'s loyalty card`}
        </h1>
      </header>

      {result?.message ? <FormMessage tone="error">{result.message}</FormMessage> : null}
      {result?.given ? (
        <FormMessage tone="success">Given: {result.given}. The card starts again.</FormMessage>
      ) : null}

      <section
        aria-label="Card"
        className="space-y-5 rounded-2xl border border-line bg-surface p-5 shadow-sm"
      >
        <dl className="grid grid-cols-2 gap-4">
          <div>
            <dt className="text-sm text-ink-muted">Points earned here</dt>
            <dd className="text-2xl font-bold text-ink">{formatPoints(card.points)}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">Visits</dt>
            <dd className="text-2xl font-bold text-ink">{formatPoints(card.visits)}</dd>
          </div>
        </dl>
        {program ? (
          <div className="space-y-3">
            <p className="font-medium text-ink">
              {program.stampsNeeded} visits fill the card: {program.reward}
            </p>
            <ol
              aria-label={`${stamped} of ${program.stampsNeeded} visits stamped`}
              className="grid grid-cols-5 gap-2"
            >
              {Array.from({ length: program.stampsNeeded }, (_, index) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: the stamps are positions
                  key={index}
                  className={`flex aspect-square items-center justify-center rounded-full border-2 ${
                    index < stamped
                      ? "border-brand bg-brand-soft text-brand-strong"
                      : "border-dashed border-line text-ink-muted"
                  }`}
                >
                  {index < stamped ? (
                    <Stamp aria-hidden="true" className="size-5" />
                  ) : (
                    <span className="text-xs">{index + 1}</span>
                  )}
                </li>
              ))}
            </ol>
            <p className="text-ink">
              {card.rewardsReady > 0
                ? `Card full: ${program.reward}${card.rewardsReady > 1 ? ` (×${card.rewardsReady})` : ""}. ${own ? "Show this card to the staff." : ""}`
                : `${toGo} more ${toGo === 1 ? "visit" : "visits"} to fill the card.`}
            </p>
            {canGive && card.rewardsReady > 0 ? (
              <Form method="post">
                <Button type="submit" disabled={navigation.state !== "idle"}>
                  Give: {program.reward}
                </Button>
              </Form>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-ink-muted">
            {business.name} has no stamp reward yet: points earned here still count everywhere on
            Oja.
          </p>
        )}
        <p className="text-sm text-ink-muted">
          A visit is a day with a check-in or a paid order here.
        </p>
      </section>

      {card.given.length > 0 ? (
        <section aria-labelledby="given" className="space-y-2">
          <h2 id="given" className="text-lg font-semibold text-ink">
            Rewards received
          </h2>
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {card.given.map((row) => (
              <li
                key={row.at.toISOString()}
                className="flex justify-between gap-3 px-4 py-3 text-sm"
              >
                <span className="text-ink">{row.reward}</span>
                <span className="text-ink-muted">{formatLagosDay(row.at)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
