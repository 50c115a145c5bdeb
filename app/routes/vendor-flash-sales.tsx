import { Zap } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Field, FormMessage, SelectField } from "#app/components/ui/field.tsx";
import { FieldsetPanel } from "#app/components/ui/fieldset-panel.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { StatusPill } from "#app/components/ui/status-pill.tsx";
import { requireCatalogueManager } from "#app/console/catalogue/guard.server.ts";
import { services } from "#app/context.server.ts";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { formatNaira } from "#app/money.ts";
import {
  cancelFlashSale,
  createFlashSale,
  type FlashSaleState,
  flashSaleProducts,
  flashSalesOfBusiness,
} from "#app/sales/flash.server.ts";
import { flashLimits } from "#app/sales/flash-limits.ts";
import { SaleTimeFields } from "#app/sales/sale-time-fields.tsx";
import { toLagosDateTime } from "#app/sales/sale-window.ts";
import type { Route } from "./+types/vendor-flash-sales";

/**
 * /vendor/{business}/flash-sales: the business's flash sales (issue 22, decision 054), coming
 * and running first, and the form that schedules one. Managers and owners only; the server
 * decides every rule (the 30-day low, stock, overlaps) and says which field broke it.
 */
export function meta() {
  return [{ title: "Flash sales · Console · Oja" }];
}

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { business } = await requireCatalogueManager(context, request, params.business);
  const { db } = services(context);
  const now = new Date();
  // The form starts a quarter of an hour from now, on a whole five minutes, for an hour.
  const start = new Date(Math.ceil((now.getTime() + 15 * 60_000) / 300_000) * 300_000);
  return {
    sales: await flashSalesOfBusiness(db, business.id, now),
    products: await flashSaleProducts(db, business.id),
    defaults: {
      startsAt: toLagosDateTime(start),
      endsAt: toLagosDateTime(new Date(start.getTime() + 60 * 60_000)),
      today: toLagosDateTime(now).slice(0, 10),
    },
    scheduled: url.searchParams.has("scheduled"),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { actor, business } = await requireCatalogueManager(context, request, params.business);
  const { db } = services(context);
  const form = await request.formData();
  if (form.get("intent") === "cancel") {
    const result = await cancelFlashSale(db, actor, String(form.get("sale") ?? ""));
    if (!result.ok) {
      return data<{ errors: FieldErrors; notice?: string }>(
        { errors: { cancel: result.errors.form ?? "That sale isn't one of yours." } },
        { status: result.status },
      );
    }
    return {
      errors: {} as FieldErrors,
      notice: "The sale is called off; its units are back in stock.",
    };
  }
  const result = await createFlashSale(db, actor, form);
  if (!result.ok) {
    return data<{ errors: FieldErrors; notice?: string }>(
      { errors: result.errors },
      { status: result.status },
    );
  }
  // A fresh form for the next sale, and a reload that doesn't post this one again.
  throw redirect(`/vendor/${business.slug}/flash-sales?scheduled=1`);
}

const stateLabels: Record<FlashSaleState, { label: string; tone: "good" | "neutral" | "bad" }> = {
  scheduled: { label: "Scheduled", tone: "neutral" },
  live: { label: "Live", tone: "good" },
  sold_out: { label: "Sold out", tone: "good" },
  ended: { label: "Ended", tone: "neutral" },
  cancelled: { label: "Called off", tone: "bad" },
};

export default function VendorFlashSales({ loaderData, actionData }: Route.ComponentProps) {
  const { sales, products, defaults } = loaderData;
  const errors: FieldErrors = actionData?.errors ?? {};
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [productId, setProductId] = useState("");
  const chosen = products.find((product) => product.id === productId);
  return (
    <section aria-labelledby="flash-heading" className="space-y-6">
      <div className="space-y-1">
        <h1 id="flash-heading" className="text-xl font-semibold text-ink">
          Flash sales
        </h1>
        <p className="text-sm text-ink-muted">
          A few units of one product at a sale price for a short while. The units leave your stock
          when you schedule the sale, and what isn't sold comes back after it ends.
        </p>
      </div>
      {loaderData.scheduled && !actionData ? (
        <FormMessage tone="success">Scheduled. Shoppers can open the sale's page now.</FormMessage>
      ) : null}
      {actionData?.notice ? <FormMessage tone="success">{actionData.notice}</FormMessage> : null}
      {errors.cancel ? <FormMessage tone="error">{errors.cancel}</FormMessage> : null}
      {sales.length === 0 ? (
        <EmptyState title="No flash sales yet" icon={Zap}>
          Schedule one below: shoppers see a countdown, and "buy" holds a unit for them for{" "}
          {flashLimits.holdMinutes} minutes.
        </EmptyState>
      ) : (
        <ul
          aria-label="Flash sales"
          className="divide-y divide-line overflow-hidden rounded-card border border-line bg-surface"
        >
          {sales.map((sale) => (
            <li key={sale.id} className="flex flex-wrap items-center gap-3 p-3 sm:gap-4">
              <div className="min-w-0 flex-1">
                <Link to={`/flash/${sale.id}`} className="font-medium text-ink hover:underline">
                  {sale.productName}
                  {sale.size ? ` · size ${sale.size}` : ""}
                </Link>
                <p className="text-sm text-ink-muted">
                  {formatLagosTime(new Date(sale.startsAt))} to{" "}
                  {formatLagosTime(new Date(sale.endsAt))}
                </p>
              </div>
              <div className="flex w-full flex-wrap items-center gap-x-6 gap-y-1 text-sm sm:w-auto sm:shrink-0">
                <span>
                  <Money kobo={sale.salePriceKobo} className="font-semibold text-ink" />{" "}
                  <span className="text-ink-muted">
                    was <s>{formatNaira(sale.wasPriceKobo)}</s>
                  </span>
                </span>
                <span className="text-ink-muted">
                  {sale.sold} of {sale.units} sold
                </span>
                <StatusPill {...stateLabels[sale.state]} />
                {sale.state === "scheduled" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="cancel" />
                    <input type="hidden" name="sale" value={sale.id} />
                    <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                      Call off<span className="sr-only"> the sale of {sale.productName}</span>
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
          title="Schedule a flash sale"
          intro={`The sale price must be below the lowest price of the product in the last ${flashLimits.priceHistoryDays} days: that lowest is shown as the "was" price. Times are Lagos time.`}
        >
          {products.length === 0 ? (
            <p className="text-sm text-ink-muted">
              None of your products on sale has stock. Add stock to a product first.
            </p>
          ) : null}
          <SelectField
            label="Product"
            name="product"
            placeholder="Choose a product"
            value={productId}
            onChange={(event) => setProductId(event.target.value)}
            options={products.map((product) => ({
              value: product.id,
              label: `${product.name} · ${formatNaira(product.priceKobo)} · ${product.stock} in stock`,
            }))}
            error={errors.product}
          />
          {chosen && chosen.sizes.length > 0 ? (
            <SelectField
              label="Size"
              name="size"
              placeholder="Choose a size"
              options={chosen.sizes.map((size) => ({ value: size, label: size }))}
              error={errors.size}
            />
          ) : null}
          <div className="grid gap-5 sm:grid-cols-3">
            <Field
              label="Sale price (₦)"
              name="salePrice"
              inputMode="decimal"
              autoComplete="off"
              error={errors.salePrice}
            />
            <Field
              label="Units"
              name="units"
              inputMode="numeric"
              autoComplete="off"
              hint={chosen ? `Up to ${chosen.stock}` : undefined}
              error={errors.units}
            />
            <Field
              label="Limit per shopper"
              name="perShopperLimit"
              inputMode="numeric"
              autoComplete="off"
              defaultValue="1"
              hint={`1 to ${flashLimits.maxPerShopper}`}
              error={errors.perShopperLimit}
            />
          </div>
          <SaleTimeFields defaults={defaults} errors={errors} />
          <Button type="submit" disabled={busy || products.length === 0}>
            <Zap aria-hidden="true" className="size-4" />{" "}
            {busy ? "Scheduling…" : "Schedule the sale"}
          </Button>
        </FieldsetPanel>
      </Form>
    </section>
  );
}
