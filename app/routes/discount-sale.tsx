import { Percent } from "lucide-react";
import { Link } from "react-router";
import { BusinessLogo } from "#app/components/business-card.tsx";
import { ProductCard } from "#app/components/product-card.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { Countdown, useServerNow } from "#app/sales/countdown.tsx";
import { discountSaleView } from "#app/sales/discounts.server.ts";
import type { Route } from "./+types/discount-sale";

/**
 * /discountsales/{id}: a business's discount sale (issue 22, decision 055): what it takes off,
 * from when until when (a countdown on the server's clock), and its products at the prices a
 * shopper pays now, which are the sale's while it runs. A sale not started, ended or called off
 * still opens (people keep links) and says so.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  const sale = loaderData?.sale;
  if (!sale) return [{ title: "Discount sale · Oja" }];
  return [
    { title: `${sale.name}: ${sale.offLabel} · ${sale.business.name} · Oja` },
    {
      name: "description",
      content: `${sale.offLabel} at ${sale.business.name}, ${formatLagosTime(sale.startsAt)} to ${formatLagosTime(sale.endsAt)}.`,
    },
  ];
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const now = new Date();
  const sale = await discountSaleView(services(context).db, params.id, now);
  if (!sale) throw notFound(url);
  return { sale, serverNow: now.getTime() };
}

export default function DiscountSale({ loaderData }: Route.ComponentProps) {
  const { sale } = loaderData;
  const now = useServerNow(loaderData.serverNow);
  const startsAt = new Date(sale.startsAt);
  const endsAt = new Date(sale.endsAt);
  const more = sale.productCount - sale.products.length;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <header className="space-y-4">
        <Link
          to={`/${sale.business.slug}`}
          className="inline-flex items-center gap-3 font-medium text-ink hover:underline"
        >
          <BusinessLogo business={sale.business} size={40} />
          {sale.business.name}
        </Link>
        <div className="space-y-2">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-brand/10 px-3 py-1 text-sm font-bold text-brand-strong">
            <Percent aria-hidden="true" className="size-4" /> {sale.offLabel}
            {sale.collectionName ? ` ${sale.collectionName}` : ""}
          </p>
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">{sale.name}</h1>
          <p className="text-ink-muted">
            {formatLagosTime(startsAt)} to {formatLagosTime(endsAt)}
            {sale.floorPercent > 0 ? ` · never below ${sale.floorPercent}% of the usual price` : ""}
          </p>
        </div>
        <p className="rounded-card border border-line bg-surface p-3 text-ink">
          {sale.state === "live" ? (
            <>
              On now. Ends in{" "}
              <strong className="tabular-nums">
                <Countdown until={endsAt.getTime()} now={now} label="Ends in" />
              </strong>
            </>
          ) : sale.state === "scheduled" ? (
            <>
              Starts in{" "}
              <strong className="tabular-nums">
                <Countdown until={startsAt.getTime()} now={now} label="Starts in" />
              </strong>
              . Prices drop when it starts.
            </>
          ) : sale.state === "ended" ? (
            "This sale has ended: prices are back to usual."
          ) : (
            "This sale was called off."
          )}
        </p>
      </header>
      {sale.products.length === 0 ? (
        <EmptyState title="Nothing in this sale now" icon={Percent}>
          Its products are no longer on sale at {sale.business.name}.
        </EmptyState>
      ) : (
        <section aria-labelledby="sale-products" className="space-y-3">
          <h2 id="sale-products" className="text-lg font-semibold text-ink">
            {sale.productCount} product{sale.productCount === 1 ? "" : "s"} in the sale
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {sale.products.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} eager={index < 2} />
              </li>
            ))}
          </ul>
          {more > 0 ? (
            <p className="text-sm text-ink-muted">
              And {more} more at{" "}
              <Link to={`/${sale.business.slug}/products`} className="text-brand-strong underline">
                {sale.business.name}
              </Link>
              .
            </p>
          ) : null}
        </section>
      )}
    </div>
  );
}
