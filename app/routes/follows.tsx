import { Heart, Store } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { currentUser, safeRedirectPath } from "#app/auth/session.server.ts";
import { BusinessCard } from "#app/components/business-card.tsx";
import { FollowButton } from "#app/components/follow-button.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { services } from "#app/context.server.ts";
import { notFound, publicError } from "#app/errors.ts";
import {
  applyFollowIntent,
  followIntents,
  InvalidFollowCursorError,
  listFollowed,
  suggestions,
} from "#app/follows/follows.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { pageMeta } from "#app/seo/meta.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/follows";

export const headers = privatePageHeaders;

/**
 * /b/ff: the businesses a shopper follows, favourites first, and "for you" suggestions; guests
 * are asked to sign in (the page still answers 200). Its action is where every follow button
 * posts.
 */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "For you",
    description: "The businesses you follow and your favourites on Oja, with suggestions near you.",
    path: "/b/ff",
    noindex: true,
  });
}

const pageSchema = z.object({ after: z.string().max(500).optional() });

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = currentUser(context);
  if (!user) return { signedIn: false as const };
  const { after } = pageSchema.parse(Object.fromEntries(url.searchParams));
  const { db } = services(context);
  try {
    const [followed, forYou] = await Promise.all([
      listFollowed(db, user.id, { after }),
      suggestions(db, user.id),
    ]);
    return { signedIn: true as const, followed, forYou, firstPage: !after };
  } catch (error) {
    if (error instanceof InvalidFollowCursorError) throw publicError(400, error.message);
    throw error;
  }
}

const followSchema = z.object({
  intent: z.enum(followIntents, { message: "Choose follow, unfollow, favourite or unfavourite." }),
  businessId: z
    .string({ message: "Say which business." })
    .trim()
    .min(1, "Say which business.")
    .max(100, "That is not a business."),
  redirectTo: z.string().max(2000).optional(),
});

export async function action({ context, request, url }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const back = typeof form.redirectTo === "string" ? safeRedirectPath(form.redirectTo) : null;
  const user = currentUser(context);
  if (!user) throw redirect(`/Login?redirectTo=${encodeURIComponent(back ?? "/b/ff")}`);
  const parsed = followSchema.safeParse(form);
  if (!parsed.success) {
    const errors = Object.fromEntries(
      parsed.error.issues.map((issue) => [String(issue.path[0] ?? "form"), issue.message]),
    );
    return data({ errors }, { status: 400 });
  }
  const { db } = services(context);
  const state = await applyFollowIntent(db, user.id, parsed.data.businessId, parsed.data.intent);
  if (!state) throw notFound(url);
  // Without JavaScript the form post comes back to the page it was sent from.
  if (back) throw redirect(back);
  return state;
}

export default function Follows({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">For you</h1>
      {loaderData.signedIn ? (
        <SignedIn data={loaderData} />
      ) : (
        <div className="mt-6">
          <EmptyState
            icon={Heart}
            title="Sign in to see the businesses you follow"
            action={
              <ButtonLink to="/Login?redirectTo=/b/ff" variant="primary">
                Sign in
              </ButtonLink>
            }
          >
            Follow spas, salons, restaurants and shops to keep them here, pin your favourites to the
            top, and get suggestions in your city.{" "}
            <Link to="/CreateAccount" className="font-semibold text-brand underline">
              New to Oja? Create an account
            </Link>
          </EmptyState>
        </div>
      )}
    </div>
  );
}

type SignedInData = Extract<Route.ComponentProps["loaderData"], { signedIn: true }>;

function SignedIn({ data: { followed, forYou, firstPage } }: { data: SignedInData }) {
  return (
    <>
      <p className="mt-2 text-ink-muted">
        Businesses you follow, your favourites first. Follow a business from its profile.
      </p>
      <section aria-labelledby="following-title" className="mt-8">
        <h2 id="following-title" className="text-xl font-bold text-ink">
          Following
        </h2>
        {followed.items.length === 0 ? (
          <div className="mt-4">
            <EmptyState
              icon={Store}
              title={firstPage ? "You don't follow any business yet" : "No more businesses"}
              action={
                <ButtonLink to="/b" variant="primary">
                  Browse businesses
                </ButtonLink>
              }
            >
              Open a business's profile and press Follow; the heart makes it a favourite.
            </EmptyState>
          </div>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {followed.items.map((business) => (
              <li
                key={business.id}
                className="flex flex-col gap-2 rounded-card border border-line bg-surface p-2"
              >
                <BusinessCard business={business} />
                <div className="flex items-center justify-between gap-2 px-1">
                  <span className="text-sm text-ink-muted">
                    {business.favourite ? "Favourite" : "Following"}
                  </span>
                  <FollowButton
                    businessId={business.id}
                    businessName={business.name}
                    initial={{ following: true, favourite: business.favourite, signedIn: true }}
                    size="sm"
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
        <NextPageLink cursor={followed.nextCursor} />
      </section>

      {firstPage ? (
        <section aria-labelledby="suggested-title" className="mt-12">
          <h2 id="suggested-title" className="text-xl font-bold text-ink">
            Suggested for you
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            {forYou.city
              ? `More in ${forYou.city} like the businesses you follow.`
              : "More like the businesses you follow. Add your city on your profile for suggestions nearby."}
          </p>
          {forYou.items.length === 0 ? (
            <p className="mt-4 rounded-card bg-surface p-6 text-ink-muted">
              {followed.items.length === 0
                ? "Follow a business and we'll suggest others like it."
                : "Nothing new to suggest right now. Browse the A–Z directory for more."}{" "}
              <Link to="/businesses" className="font-semibold text-brand underline">
                A–Z directory
              </Link>
            </p>
          ) : (
            <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {forYou.items.map((business) => (
                <li key={business.id}>
                  <BusinessCard business={business} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </>
  );
}
