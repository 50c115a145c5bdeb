import { CircleCheck, MapPin } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { currentUser, requireUser } from "#app/auth/session.server.ts";
import { businessProfile } from "#app/catalog/catalog.server.ts";
import {
  type CheckInResult,
  checkedInToday,
  checkIn,
  checkInPoints,
} from "#app/checkins/check-ins.server.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { walletOf } from "#app/points/ledger.server.ts";
import { pointsText } from "#app/points/points-text.ts";
import { leadsToPlaceholder } from "#app/screens.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { listOffers } from "#app/vouchers/marketplace.server.ts";
import { OfferGrid } from "#app/vouchers/offer-card.tsx";
import type { Route } from "./+types/check-in";

export const headers = privatePageHeaders;

/**
 * /hi/{business}: where the QR poster at a business leads (issue 20, decision 048). A greeting,
 * "Check in" for 10 points once a Lagos day (signed in, with the poster's token in the link:
 * a URL typed by hand greets but doesn't earn), "review this visit", and the business's
 * vouchers on sale.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.business.name ?? "Check in";
  return [{ title: `Welcome to ${name} · Oja` }, { name: "robots", content: "noindex" }];
}

/** The poster's token: in the QR's link, and sent back by the Check in form. */
const tokenOf = (value: FormDataEntryValue | null) =>
  typeof value === "string" ? value.slice(0, 100) : "";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { db } = services(context);
  const business = await businessProfile(db, params.id);
  if (!business) throw notFound(url);
  const user = currentUser(context);
  const [offers, already] = await Promise.all([
    listOffers(db, { businessId: business.id }),
    user ? checkedInToday(db, business.id, user.id) : false,
  ]);
  return data(
    {
      business: { slug: business.slug, name: business.name, city: business.city },
      signedIn: Boolean(user),
      cardPath: user ? `/${business.slug}/rewards/${user.id}` : null,
      token: tokenOf(url.searchParams.get("t")),
      // Back here, token and all, after signing in.
      back: url.pathname + url.search,
      already,
      points: checkInPoints,
      offers: offers.items.slice(0, 4),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const refusals: Record<Exclude<CheckInResult["status"], "checked-in" | "already">, string> = {
  "no-poster":
    "This link can't check you in: scan the QR code on the poster at the business (a new poster may have replaced the one you scanned).",
  member: "You're part of this business's team: check-ins are for its customers.",
};

export async function action({ context, params, request, url }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { db, secret } = services(context);
  const form = await request.formData();
  const business = await businessProfile(db, params.id);
  if (!business) throw notFound(url);
  const result = await checkIn(db, secret, {
    userId: user.id,
    business: { id: business.id, name: business.name },
    token: tokenOf(form.get("t")),
  });
  if (result.status === "no-poster" || result.status === "member") {
    return data({ result: result.status, message: refusals[result.status] }, { status: 403 });
  }
  const wallet = await walletOf(db, user.id);
  return { result: result.status, message: null, available: wallet.available };
}

export default function CheckIn({ loaderData, actionData }: Route.ComponentProps) {
  const { business, signedIn, token, back, already, points, offers, cardPath } = loaderData;
  const navigation = useNavigation();
  const done = actionData?.result === "checked-in" || actionData?.result === "already" || already;
  const reviewTo = `/evaluate/new?business=${encodeURIComponent(business.slug)}`;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-8 px-4 py-8 sm:py-12">
      <header className="space-y-2 text-center">
        <p className="text-sm font-medium text-brand-strong">Welcome to</p>
        <h1 className="text-3xl font-bold text-ink">{business.name}</h1>
        <p className="inline-flex items-center gap-1 text-ink-muted">
          <MapPin aria-hidden="true" className="size-4" />
          {business.city}
        </p>
      </header>

      <section
        aria-labelledby="check-in"
        className="space-y-4 rounded-xl border border-line bg-surface p-5 text-center"
      >
        <h2 id="check-in" className="text-lg font-semibold text-ink">
          {done ? "You're checked in" : `Check in for ${pointsText(points)}`}
        </h2>
        {actionData?.message ? <FormMessage tone="error">{actionData.message}</FormMessage> : null}
        {actionData?.result === "checked-in" ? (
          <FormMessage tone="success">
            +{pointsText(points)}: you now have {pointsText(actionData.available ?? 0)} to spend.
          </FormMessage>
        ) : done ? (
          <p className="inline-flex items-center gap-2 text-ink">
            <CircleCheck aria-hidden="true" className="size-5 text-brand" />
            You checked in here today. Come back tomorrow for {pointsText(points)} more.
          </p>
        ) : !token ? (
          <p className="text-ink-muted">
            Scan the QR code on the poster at {business.name} to check in and earn{" "}
            {pointsText(points)}, once a day.
          </p>
        ) : signedIn ? (
          <Form method="post">
            <input type="hidden" name="t" value={token} />
            <Button type="submit" size="lg" disabled={navigation.state !== "idle"}>
              {navigation.state === "submitting" ? "Checking in…" : "Check in"}
            </Button>
          </Form>
        ) : (
          <div className="space-y-2">
            <p className="text-ink-muted">
              Sign in to check in: {pointsText(points)} a day at every business you visit.
            </p>
            <ButtonLink to={`/Login?redirectTo=${encodeURIComponent(back)}`}>
              Sign in to check in
            </ButtonLink>
          </div>
        )}
        <p className="text-sm text-ink-muted">
          <Link to="/rewards" className="font-medium text-brand-strong underline">
            Your points
          </Link>
          {cardPath ? (
            <>
              {" · "}
              <Link to={cardPath} className="font-medium text-brand-strong underline">
                Your loyalty card here
              </Link>
            </>
          ) : null}
          {leadsToPlaceholder("/evaluate/new") ? null : (
            <>
              {" · "}
              <Link to={reviewTo} className="font-medium text-brand-strong underline">
                Review this visit
              </Link>
            </>
          )}
        </p>
      </section>

      {offers.length > 0 ? (
        <section aria-labelledby="offers" className="space-y-3">
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="offers" className="text-lg font-semibold text-ink">
              Vouchers at {business.name}
            </h2>
            <Link
              to={`/${business.slug}/vouchers`}
              className="text-sm font-medium text-brand-strong underline"
            >
              See all
            </Link>
          </div>
          <OfferGrid offers={offers} />
        </section>
      ) : null}
    </div>
  );
}
