import { PenLine, Search } from "lucide-react";
import { data, Form, Link } from "react-router";
import { currentUser } from "#app/auth/session.server.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { services } from "#app/context.server.ts";
import { recentlyExperienced } from "#app/reviews/reviews.server.ts";
import { search } from "#app/search/search.server.ts";
import type { Route } from "./+types/evaluate";

/**
 * /evaluate: start a review (issue 21): find the business by name, or pick one Oja saw you visit
 * or buy from this past year (those reviews show as verified). Anyone may look; writing asks to
 * sign in.
 */
export function meta() {
  return [{ title: "Write a review · Oja" }];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = services(context);
  const user = currentUser(context);
  const text = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const [found, recent] = await Promise.all([
    text ? search(db, { kind: "businesses", text, limit: 10 }) : null,
    user ? recentlyExperienced(db, user.id) : [],
  ]);
  return data({
    text,
    found: found?.items.map(({ slug, name, city }) => ({ slug, name, city })) ?? null,
    recent,
  });
}

const writeLink = (slug: string) => `/evaluate/new?business=${encodeURIComponent(slug)}`;

export default function Evaluate({ loaderData }: Route.ComponentProps) {
  const { text, found, recent } = loaderData;
  return (
    <div className="mx-auto w-full max-w-2xl space-y-8 px-4 py-6 sm:py-10">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Write a review</h1>
        <p className="text-ink-muted">
          Help others choose: tell them how it really went. Oja never rewards reviews, and every
          customer is invited to write one, not only the happy ones.
        </p>
      </header>

      {recent.length > 0 ? (
        <section aria-labelledby="recent" className="space-y-3">
          <h2 id="recent" className="text-lg font-semibold text-ink">
            Places you went this year
          </h2>
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {recent.map((business) => (
              <li key={business.slug} className="flex items-center justify-between gap-3 px-4 py-3">
                <span className="font-medium text-ink">{business.name}</span>
                <ButtonLink to={writeLink(business.slug)} size="sm" variant="secondary">
                  <PenLine aria-hidden="true" className="size-4" /> Review
                </ButtonLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="find" className="space-y-3">
        <h2 id="find" className="text-lg font-semibold text-ink">
          Find the business
        </h2>
        <Form method="get" role="search" className="flex items-end gap-2">
          <div className="flex-1">
            <Field label="Business name" name="q" defaultValue={text} maxLength={100} />
          </div>
          <Button type="submit">
            <Search aria-hidden="true" className="size-4" /> Search
          </Button>
        </Form>
        {found === null ? null : found.length === 0 ? (
          <p className="text-ink-muted">No business on Oja matches “{text}”.</p>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {found.map((business) => (
              <li key={business.slug} className="flex items-center justify-between gap-3 px-4 py-3">
                <span>
                  <span className="block font-medium text-ink">{business.name}</span>
                  <span className="block text-sm text-ink-muted">{business.city}</span>
                </span>
                <ButtonLink to={writeLink(business.slug)} size="sm" variant="secondary">
                  <PenLine aria-hidden="true" className="size-4" /> Review
                </ButtonLink>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="text-sm text-ink-muted">
        <Link to="/evaluate/_id" className="font-medium text-brand-strong underline">
          Your reviews
        </Link>
      </p>
    </div>
  );
}
