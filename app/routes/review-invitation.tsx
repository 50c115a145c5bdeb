import { MailCheck, Star } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { currentUser, requireUser } from "#app/auth/session.server.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import {
  invitationByToken,
  isInvitee,
  maskedEmail,
  type OpenInvitation,
} from "#app/reviews/invitations.server.ts";
import { ReviewForm } from "#app/reviews/review-form.tsx";
import { reviewDayBounds, writeReview } from "#app/reviews/reviews.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/review-invitation";

export const headers = privatePageHeaders;

/**
 * /ReviewInvitation/{token}: what an invitation email opens (issue 21, decision 051). One tap on
 * a star (the email's links carry `?stars=`) and the review form follows, the day of the order
 * filled in; the review is published as invited (and verified, when Oja saw the order). It asks
 * the invitee to sign in with the invited account first. A link works once, for 30 days: a used
 * or expired one says so (410); a wrong one is a 404.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.business.name;
  return [
    { title: name ? `Review ${name} · Oja` : "Your review invitation · Oja" },
    { name: "robots", content: "noindex" },
  ];
}

const tokenSchema = z.string().regex(/^[0-9a-z]{26}$/);
const starsSchema = z.coerce.number().int().min(1).max(5).catch(0);

async function openInvitation(context: Route.LoaderArgs["context"], token: string, url: URL) {
  const parsed = tokenSchema.safeParse(token);
  if (!parsed.success) throw notFound(url);
  const found = await invitationByToken(services(context).db, parsed.data);
  if (!found) throw notFound(url);
  return found;
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const found = await openInvitation(context, params.id, url);
  const noStore = { "Cache-Control": "private, no-store" };
  if (found.state !== "open") {
    return data({ ...found, form: null }, { status: 410, headers: noStore });
  }
  const user = currentUser(context);
  const invitation: OpenInvitation = found.invitation;
  return data(
    {
      state: found.state,
      business: invitation.business,
      stars: starsSchema.parse(url.searchParams.get("stars")),
      form: {
        signedIn: user !== null,
        invitee: user !== null && isInvitee(invitation, user),
        sentTo: maskedEmail(invitation.email),
        experiencedOn: invitation.experiencedOn,
        ...reviewDayBounds(new Date()),
      },
    },
    { headers: noStore },
  );
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const found = await openInvitation(context, params.id, url);
  if (found.state !== "open") {
    return data(
      { errors: { form: "This invitation was used already or has expired." } },
      { status: 410 },
    );
  }
  if (!isInvitee(found.invitation, user)) throw notFound(url);
  const form = Object.fromEntries(await request.formData());
  const result = await writeReview(
    services(context).db,
    user,
    { ...form, business: found.invitation.business.slug },
    new Date(),
    found.invitation.id,
  );
  if (!result.ok) return data({ errors: result.errors }, { status: result.status });
  return redirect(`/evaluate/_id?written=${encodeURIComponent(found.invitation.business.slug)}`);
}

export default function ReviewInvitation({ loaderData, actionData, params }: Route.ComponentProps) {
  const { business, form } = loaderData;
  if (loaderData.state !== "open" || !form) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-10">
        <EmptyState
          icon={MailCheck}
          title={
            loaderData.state === "used"
              ? "This invitation has been used"
              : "This invitation has expired"
          }
          action={
            <ButtonLink to={`/ReviewsList/${business.slug}`}>Reviews of {business.name}</ButtonLink>
          }
        >
          {loaderData.state === "used"
            ? "Your review is published. You can edit it from your reviews."
            : `Invitations work for 30 days. You can still review ${business.name} from its page.`}
        </EmptyState>
      </div>
    );
  }
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const here = `/ReviewInvitation/${params.id}`;
  const stars = loaderData.stars;
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-6 sm:py-10">
      <header className="space-y-1">
        <p className="text-sm text-ink-muted">Invited by Oja, on behalf of {business.name}</p>
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">How was {business.name}?</h1>
        <p className="text-ink-muted">
          Good or bad, an honest review helps other shoppers. Oja invites every customer and never
          rewards anyone for a review.
        </p>
      </header>
      {errors.form || errors.business ? (
        <FormMessage tone="error">{errors.form ?? errors.business}</FormMessage>
      ) : null}
      {form.invitee ? (
        <ReviewForm
          businessSlug={business.slug}
          today={form.today}
          earliest={form.earliest}
          errors={errors}
          stars={stars}
          experiencedOn={form.experiencedOn}
        />
      ) : (
        <div className="space-y-4">
          <nav aria-label="Your rating" className="flex gap-1">
            {[1, 2, 3, 4, 5].map((value) => (
              <Link
                key={value}
                to={`${here}?stars=${value}`}
                aria-label={`${value} ${value === 1 ? "star" : "stars"}`}
                aria-current={value === stars ? "true" : undefined}
                className="rounded-md p-0.5 focus-visible:outline-2 focus-visible:outline-focus"
              >
                <Star
                  aria-hidden="true"
                  className={`size-10 ${value <= stars ? "fill-points text-points" : "text-ink-muted"}`}
                />
              </Link>
            ))}
          </nav>
          {form.signedIn ? (
            <FormMessage tone="error">
              This invitation was sent to {form.sentTo}. Sign in with that account to write the
              review.
            </FormMessage>
          ) : (
            <p className="text-ink">
              Sign in as {form.sentTo} to write your review; your stars are kept.
            </p>
          )}
          <ButtonLink
            to={`/Login?redirectTo=${encodeURIComponent(`${here}${stars ? `?stars=${stars}` : ""}`)}`}
          >
            {form.signedIn ? "Sign in with another account" : "Sign in to continue"}
          </ButtonLink>
        </div>
      )}
    </div>
  );
}
