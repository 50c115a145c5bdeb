import { BookOpen } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { activeCities, listCategories } from "#app/catalog/catalog.server.ts";
import {
  type DirectoryEntry,
  directoryLetters,
  directoryPage,
  InvalidDirectoryCursorError,
} from "#app/catalog/directory.server.ts";
import { BusinessCard } from "#app/components/business-card.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { SelectField } from "#app/components/ui/field.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { services } from "#app/context.server.ts";
import { publicError } from "#app/errors.ts";
import { blankToUndefined, listingQuery } from "#app/listing-query.ts";
import { pageMeta } from "#app/seo/meta.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/business-directory";

/**
 * /businesses: every active business from A to Z, grouped under its first letter ("#" for names
 * starting with a digit or sign), filtered by category and city. A letter link narrows the list
 * to that letter; every page holds at most 100 businesses, with a link to the next.
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const filters = loaderData?.filters;
  return pageMeta(matches, {
    title: filters?.letter ? `Businesses starting with ${filters.letter}` : "A–Z directory",
    description: "Every business on Oja from A to Z, by category and city.",
    path: "/businesses",
    noindex: Boolean(filters && (filters.category || filters.city || filters.after)),
  });
}

const directorySchema = z.object({
  letter: z
    .string()
    .optional()
    .transform((value) => blankToUndefined(value)?.toUpperCase())
    .pipe(z.enum(directoryLetters, { message: "Choose a letter from A to Z, or #." }).optional()),
  category: z
    .string()
    .max(100, "That category name is too long.")
    .optional()
    .transform(blankToUndefined),
  city: z.string().max(100, "That city name is too long.").optional().transform(blankToUndefined),
  after: z.string().max(1000).optional().transform(blankToUndefined),
});

export async function loader({ context, url }: Route.LoaderArgs) {
  const { letter, category, city, after } = listingQuery(directorySchema, url);
  const { db } = services(context);
  try {
    const [categories, cities, page] = await Promise.all([
      listCategories(db),
      activeCities(db),
      directoryPage(db, {
        letter: letter ?? null,
        filters: { categorySlug: category, city },
        after: after ?? null,
      }),
    ]);
    return {
      filters: { letter: letter ?? null, category: category ?? "", city: city ?? "", after },
      categories: categories.map(({ slug, name }) => ({ slug, name })),
      cities,
      ...page,
    };
  } catch (error) {
    if (error instanceof InvalidDirectoryCursorError) throw publicError(400, error.message);
    throw error;
  }
}

/** The page's businesses in runs of one letter, in order. */
function groupByLetter(items: DirectoryEntry[]) {
  const groups: Array<{ letter: string; items: DirectoryEntry[] }> = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && last.letter === item.letter) last.items.push(item);
    else groups.push({ letter: item.letter, items: [item] });
  }
  return groups;
}

export default function BusinessDirectory({ loaderData }: Route.ComponentProps) {
  const { filters, categories, cities, items, nextCursor, letters } = loaderData;
  const location = useLocation();
  const withLetter = (letter: string | null) => {
    const search = new URLSearchParams(location.search);
    search.delete("after");
    if (letter) search.set("letter", letter);
    else search.delete("letter");
    const query = search.toString();
    return query ? `/businesses?${query}` : "/businesses";
  };
  const filtered = Boolean(filters.category || filters.city);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">A–Z directory</h1>
      <p className="mt-2 text-ink-muted">
        Every business on Oja by name.{" "}
        <Link to="/b" className="font-semibold text-brand underline">
          Browse with more filters
        </Link>
      </p>

      <Form
        method="get"
        action="/businesses"
        aria-label="Filter the directory"
        className="mt-6 grid gap-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        {filters.letter ? <input type="hidden" name="letter" value={filters.letter} /> : null}
        <SelectField
          label="Category"
          name="category"
          defaultValue={filters.category}
          placeholder="All categories"
          options={categories.map((option) => ({ value: option.slug, label: option.name }))}
        />
        <SelectField
          label="City"
          name="city"
          defaultValue={filters.city}
          placeholder="All cities"
          options={cities.map((option) => ({ value: option.name, label: option.name }))}
        />
        <Button type="submit" variant="primary">
          Apply
        </Button>
      </Form>

      <nav aria-label="Letters" className="mt-6">
        <ul className="flex flex-wrap gap-1">
          <li>
            <Link
              to={withLetter(null)}
              aria-current={filters.letter === null ? "page" : undefined}
              className="inline-flex min-h-10 items-center rounded-lg border border-line px-3 text-sm font-semibold text-ink hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-on-brand"
            >
              All
            </Link>
          </li>
          {letters.map(({ letter, count }) => (
            <li key={letter}>
              {count > 0 ? (
                <Link
                  to={withLetter(letter)}
                  aria-current={filters.letter === letter ? "page" : undefined}
                  aria-label={`${letter === "#" ? "Names starting with a number or sign" : letter}, ${count} ${count === 1 ? "business" : "businesses"}`}
                  className="inline-flex size-10 items-center justify-center rounded-lg border border-line text-sm font-semibold text-ink hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-on-brand"
                >
                  {letter}
                </Link>
              ) : (
                <span
                  aria-hidden="true"
                  className="inline-flex size-10 items-center justify-center rounded-lg text-sm text-ink-muted opacity-50"
                >
                  {letter}
                </span>
              )}
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-6">
        {items.length === 0 ? (
          <EmptyState
            icon={BookOpen}
            title={
              filters.after
                ? "No more businesses"
                : filters.letter
                  ? `No business starts with ${filters.letter} here`
                  : "No business matches these filters"
            }
            action={
              filtered || filters.letter ? (
                <ButtonLink to="/businesses" variant="primary">
                  Show every business
                </ButtonLink>
              ) : (
                <ButtonLink to="/vendor" variant="primary">
                  List your business
                </ButtonLink>
              )
            }
          >
            {filtered || filters.letter
              ? "Try another letter, category or city."
              : "No business is listed yet."}
          </EmptyState>
        ) : (
          groupByLetter(items).map((group) => (
            <section
              key={group.letter}
              aria-labelledby={`letter-${group.letter === "#" ? "other" : group.letter}`}
              className="mb-8"
            >
              <h2
                id={`letter-${group.letter === "#" ? "other" : group.letter}`}
                className="border-b border-line pb-1 text-xl font-bold text-ink"
              >
                {group.letter}
              </h2>
              <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {group.items.map((business) => (
                  <li key={business.id}>
                    <BusinessCard business={business} />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
        <NextPageLink cursor={nextCursor} label="Next businesses" />
      </div>
    </div>
  );
}
