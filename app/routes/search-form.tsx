import { data, Form, redirect } from "react-router";
import { activeCities, listCategories } from "#app/catalog/catalog.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  CheckboxField,
  Field,
  FieldError,
  FormMessage,
  SelectField,
} from "#app/components/ui/field.tsx";
import { services } from "#app/context.server.ts";
import { cleanSearchText } from "#app/search/search.server.ts";
import { nairaAmount, ratingParam } from "#app/search/search-params.server.ts";
import { searchPath } from "#app/search/search-path.ts";
import { ratingLabel, ratingThresholds } from "#app/search/search-query.ts";
import { pageMeta } from "#app/seo/meta.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/search-form";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Advanced search",
    description:
      "Search Oja's businesses and products by category, city, price range and opening hours.",
    path: "/search/ff",
  });
}

const blank = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** The advanced form's fields; prices in naira as typed, checked in kobo by search(). */
const advancedSearchSchema = z
  .object({
    q: z.preprocess(
      (value) => cleanSearchText(typeof value === "string" ? value : ""),
      z.string().min(1, "Enter what you are looking for, e.g. massage or jollof."),
    ),
    kind: z
      .enum(["all", "products", "businesses"], { error: "Choose what to look for." })
      .default("all"),
    category: z.preprocess(blank, z.string().max(60).optional()),
    city: z.preprocess(blank, z.string().trim().max(60, "Use at most 60 characters.").optional()),
    min: z.preprocess(blank, nairaAmount.optional()),
    max: z.preprocess(blank, nairaAmount.optional()),
    open: z.preprocess(blank, z.enum(["on", "1"]).optional()),
    rating: z.preprocess(blank, ratingParam.optional()),
  })
  .refine((form) => form.min === undefined || form.max === undefined || form.min <= form.max, {
    path: ["max"],
    message: "The highest price must be at least the lowest price.",
  });

type FieldName = "q" | "kind" | "category" | "city" | "min" | "max" | "open" | "rating";
const fieldNames: readonly FieldName[] = [
  "q",
  "kind",
  "category",
  "city",
  "min",
  "max",
  "open",
  "rating",
];

/**
 * GET, so a search is a link. The header's search box lands here before JavaScript loads with
 * only `?q=term`: that goes straight to /search/term. The full form is checked here and sent on
 * to the results with its filters in the query string.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const params = url.searchParams;
  const onlyTerm = [...params.keys()].every((name) => name === "q");
  if (onlyTerm) {
    const term = cleanSearchText(params.get("q"));
    if (term) throw redirect(searchPath(term));
  }
  const { db } = services(context);
  const [categories, cities] = await Promise.all([listCategories(db), activeCities(db)]);
  const options = { categories, cities };
  const values = Object.fromEntries(
    fieldNames.map((name) => [name, params.get(name) ?? ""]),
  ) as Record<FieldName, string>;
  if (onlyTerm) return { ...options, values, errors: {} as Partial<Record<FieldName, string>> };

  const parsed = advancedSearchSchema.safeParse(Object.fromEntries(params));
  const errors: Partial<Record<FieldName, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as FieldName;
      errors[name] ??= issue.message;
    }
  } else if (parsed.data.category && !categories.some((c) => c.slug === parsed.data.category)) {
    errors.category = "Choose a category from the list.";
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    return data({ ...options, values, errors }, { status: 400 });
  }

  const form = parsed.data;
  const query = new URLSearchParams();
  if (form.kind === "products") query.set("tab", "products");
  if (form.category) query.set("category", form.category);
  if (form.city) query.set("city", form.city);
  if (form.min !== undefined) query.set("min", String(form.min));
  if (form.max !== undefined) query.set("max", String(form.max));
  if (form.open) query.set("open", "1");
  if (form.rating !== undefined) query.set("rating", String(form.rating));
  const base = form.kind === "businesses" ? "/businesses/search" : "/search";
  const search = query.toString();
  throw redirect(`${searchPath(form.q, base)}${search ? `?${search}` : ""}`);
}

export default function SearchForm({ loaderData }: Route.ComponentProps) {
  const { categories, cities, values, errors } = loaderData;
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
        Advanced search
      </h1>
      <p className="mt-1 text-ink-muted">
        Combine a search with a category, a city, a price range, a TrustScore and opening hours.
      </p>
      <Form
        method="get"
        action="/search/ff"
        noValidate
        aria-describedby={hasErrors ? "advanced-errors" : undefined}
        className="mt-6 space-y-5 rounded-card border border-line bg-surface p-4 sm:p-6"
      >
        {hasErrors ? (
          <div id="advanced-errors">
            <FormMessage tone="error">Please check the highlighted fields.</FormMessage>
          </div>
        ) : null}
        <Field
          label="Search for"
          name="q"
          type="search"
          defaultValue={values.q}
          placeholder="e.g. massage, jollof, sneakers"
          maxLength={100}
          error={errors.q}
          autoComplete="off"
        />

        <fieldset>
          <legend className="text-sm font-medium text-ink">Look for</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {(
              [
                ["all", "Everything"],
                ["products", "Products"],
                ["businesses", "Businesses"],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line px-3 text-sm text-ink has-checked:border-brand has-checked:bg-brand-soft has-checked:font-semibold"
              >
                <input
                  type="radio"
                  name="kind"
                  value={value}
                  defaultChecked={(values.kind || "all") === value}
                  className="accent-brand"
                />
                {label}
              </label>
            ))}
          </div>
          {errors.kind ? <FieldError>{errors.kind}</FieldError> : null}
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Category"
            name="category"
            defaultValue={values.category}
            error={errors.category}
            placeholder="Any category"
            options={categories.map((category) => ({ value: category.slug, label: category.name }))}
          />
          <Field
            label="City"
            name="city"
            defaultValue={values.city}
            list="advanced-cities"
            placeholder="Any city"
            maxLength={60}
            error={errors.city}
            autoComplete="address-level2"
          />
          <datalist id="advanced-cities">
            {cities.map((city) => (
              <option key={city.name} value={city.name} />
            ))}
          </datalist>
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-ink">Price range (₦)</legend>
          <div className="mt-2 grid grid-cols-2 gap-3">
            <Field
              label="Lowest price"
              name="min"
              inputMode="decimal"
              defaultValue={values.min}
              placeholder="0"
              error={errors.min}
            />
            <Field
              label="Highest price"
              name="max"
              inputMode="decimal"
              defaultValue={values.max}
              placeholder="No limit"
              error={errors.max}
            />
          </div>
        </fieldset>

        <SelectField
          label="TrustScore"
          name="rating"
          defaultValue={values.rating}
          error={errors.rating}
          placeholder="Any rating"
          hint="For products, the TrustScore of the business selling them."
          options={ratingThresholds.map((minRating) => ({
            value: String(minRating),
            label: ratingLabel(minRating),
          }))}
        />

        <CheckboxField
          label="Open now (Lagos time)"
          name="open"
          value="1"
          defaultChecked={Boolean(values.open)}
        />

        <Button type="submit" size="lg" className="w-full sm:w-auto">
          Search
        </Button>
      </Form>
    </div>
  );
}
