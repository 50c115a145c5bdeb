import { Percent } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Field, FormMessage, SelectField } from "#app/components/ui/field.tsx";
import { FieldsetPanel } from "#app/components/ui/fieldset-panel.tsx";
import { Multiselect } from "#app/components/ui/multiselect/multiselect.tsx";
import { StatusPill } from "#app/components/ui/status-pill.tsx";
import { requireCatalogueManager } from "#app/console/catalogue/guard.server.ts";
import { businessProductOptions } from "#app/console/catalogue/product-options.ts";
import { services } from "#app/context.server.ts";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { discountLimits } from "#app/sales/discount-limits.ts";
import {
  createDiscountSale,
  type DiscountSaleState,
  discountSaleChoices,
  discountSalesOfBusiness,
  endDiscountSale,
  setSaleFloor,
} from "#app/sales/discounts.server.ts";
import { SaleTimeFields } from "#app/sales/sale-time-fields.tsx";
import { toLagosDateTime } from "#app/sales/sale-window.ts";
import type { Route } from "./+types/vendor-discount-sales";

/**
 * /vendor/{business}/discount-sales: the business's discount sales (issue 22, decision 055),
 * running and coming first, the form that plans one (a percentage or an amount off chosen
 * products or a collection, between two Lagos times) and the business's floor. Managers and
 * owners only; the server decides every rule and says which field broke it.
 */
export function meta() {
  return [{ title: "Discount sales · Console · Oja" }];
}

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { business } = await requireCatalogueManager(context, request, params.business);
  const { db } = services(context);
  const now = new Date();
  // The form starts on the next whole hour, for a week.
  const start = new Date(Math.ceil((now.getTime() + 5 * 60_000) / 3_600_000) * 3_600_000);
  return {
    sales: await discountSalesOfBusiness(db, business.id, now),
    ...(await discountSaleChoices(db, business.id)),
    defaults: {
      startsAt: toLagosDateTime(start),
      endsAt: toLagosDateTime(new Date(start.getTime() + 7 * 24 * 3_600_000)),
      today: toLagosDateTime(now).slice(0, 10),
    },
    planned: url.searchParams.has("planned"),
  };
}

type ActionData = { errors: FieldErrors; notice?: string };

export async function action({ context, request, params }: Route.ActionArgs) {
  const { actor, business } = await requireCatalogueManager(context, request, params.business);
  const { db } = services(context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "end") {
    const result = await endDiscountSale(db, actor, String(form.get("sale") ?? ""));
    if (!result.ok) {
      return data<ActionData>(
        { errors: { end: result.errors.form ?? "That sale isn't one of yours." } },
        { status: result.status },
      );
    }
    return {
      errors: {},
      notice:
        result.was === "live"
          ? "The sale has ended: prices are back to usual."
          : "The sale is called off.",
    } satisfies ActionData;
  }
  if (intent === "floor") {
    const result = await setSaleFloor(db, actor, form);
    if (!result.ok) return data<ActionData>({ errors: result.errors }, { status: result.status });
    return {
      errors: {},
      notice:
        result.floorPercent === 0
          ? "No floor: a sale may lower a price as far as it says."
          : `Saved: no sale takes a price below ${result.floorPercent}% of the usual one.`,
    } satisfies ActionData;
  }
  const result = await createDiscountSale(db, actor, form);
  if (!result.ok) return data<ActionData>({ errors: result.errors }, { status: result.status });
  // A fresh form for the next sale, and a reload that doesn't post this one again.
  throw redirect(`/vendor/${business.slug}/discount-sales?planned=1`);
}

const stateLabels: Record<DiscountSaleState, { label: string; tone: "good" | "neutral" | "bad" }> =
  {
    scheduled: { label: "Scheduled", tone: "neutral" },
    live: { label: "On now", tone: "good" },
    ended: { label: "Ended", tone: "neutral" },
    cancelled: { label: "Called off", tone: "bad" },
  };

/** Two radio buttons of one question, as a row. */
function ChoiceRow({
  legend,
  name,
  value,
  onChange,
  options,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-5 accent-brand"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default function VendorDiscountSales({
  loaderData,
  actionData,
  params,
}: Route.ComponentProps) {
  const { sales, collections, floorPercent, defaults } = loaderData;
  const errors: FieldErrors = actionData?.errors ?? {};
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [kind, setKind] = useState("percent");
  const [scope, setScope] = useState("products");
  const loadProducts = businessProductOptions(params.business);
  return (
    <section aria-labelledby="discount-heading" className="space-y-6">
      <div className="space-y-1">
        <h1 id="discount-heading" className="text-xl font-semibold text-ink">
          Discount sales
        </h1>
        <p className="text-sm text-ink-muted">
          A percentage or an amount off some of your products, or a whole collection, between two
          dates. Cards, product pages and search show the sale price and when it ends, and checkout
          charges it.
        </p>
      </div>
      {loaderData.planned && !actionData ? (
        <FormMessage tone="success">Planned. Shoppers can open the sale's page now.</FormMessage>
      ) : null}
      {actionData?.notice ? <FormMessage tone="success">{actionData.notice}</FormMessage> : null}
      {errors.end ? <FormMessage tone="error">{errors.end}</FormMessage> : null}
      {sales.length === 0 ? (
        <EmptyState title="No discount sales yet" icon={Percent}>
          Plan one below: "Black Friday, 20% off wigs" for a week, say.
        </EmptyState>
      ) : (
        <ul
          aria-label="Discount sales"
          className="divide-y divide-line overflow-hidden rounded-card border border-line bg-surface"
        >
          {sales.map((sale) => (
            <li key={sale.id} className="flex flex-wrap items-center gap-3 p-3 sm:gap-4">
              <div className="min-w-0 flex-1">
                <Link
                  to={`/discountsales/${sale.id}`}
                  className="font-medium text-ink hover:underline"
                >
                  {sale.name}
                </Link>
                <p className="text-sm text-ink-muted">
                  {sale.offLabel} {sale.appliesTo} · {formatLagosTime(new Date(sale.startsAt))} to{" "}
                  {formatLagosTime(new Date(sale.endsAt))}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <StatusPill {...stateLabels[sale.state]} />
                {sale.state === "scheduled" || sale.state === "live" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="end" />
                    <input type="hidden" name="sale" value={sale.id} />
                    <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                      {sale.state === "live" ? "End now" : "Call off"}
                      <span className="sr-only"> {sale.name}</span>
                    </Button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="intent" value="create" />
        <FieldsetPanel
          title="Plan a discount sale"
          intro="Times are Lagos time. A product in two sales at once gets the lower price."
        >
          <Field
            label="Name"
            name="name"
            autoComplete="off"
            placeholder="Black Friday"
            error={errors.name}
          />
          <ChoiceRow
            legend="Discount"
            name="kind"
            value={kind}
            onChange={setKind}
            options={[
              { value: "percent", label: "A percentage off" },
              { value: "amount", label: "An amount off each" },
            ]}
          />
          {kind === "percent" ? (
            <Field
              label="Percentage off"
              name="percentOff"
              inputMode="numeric"
              autoComplete="off"
              hint={`1 to ${discountLimits.maxPercent}`}
              error={errors.percentOff}
            />
          ) : (
            <Field
              label="Amount off (₦)"
              name="amountOff"
              inputMode="decimal"
              autoComplete="off"
              hint="Less than the price of every product in the sale"
              error={errors.amountOff}
            />
          )}
          <ChoiceRow
            legend="On"
            name="scope"
            value={scope}
            onChange={setScope}
            options={[
              { value: "products", label: "Products I choose" },
              { value: "collection", label: "A collection" },
            ]}
          />
          {scope === "products" ? (
            <Multiselect
              label="Products"
              name="products"
              placeholder="Search your products"
              loadOptions={loadProducts}
              maxSelected={discountLimits.maxProducts}
              error={errors.products}
            />
          ) : (
            <SelectField
              label="Collection"
              name="collection"
              placeholder={collections.length === 0 ? "No collections yet" : "Choose a collection"}
              options={collections.map((collection) => ({
                value: collection.id,
                label: collection.name,
              }))}
              error={errors.collection}
            />
          )}
          <SaleTimeFields defaults={defaults} errors={errors} />
          <Button type="submit" disabled={busy}>
            <Percent aria-hidden="true" className="size-4" /> {busy ? "Planning…" : "Plan the sale"}
          </Button>
        </FieldsetPanel>
      </Form>
      <Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="intent" value="floor" />
        <FieldsetPanel
          title="Your floor"
          intro="No discount sale takes a product below this share of its usual price, whatever the sale says. 0 for none."
        >
          <Field
            label="Lowest sale price (% of the usual price)"
            name="floorPercent"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={String(floorPercent)}
            hint={`0 to ${discountLimits.maxFloorPercent}`}
            error={errors.floorPercent}
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            Save the floor
          </Button>
        </FieldsetPanel>
      </Form>
    </section>
  );
}
