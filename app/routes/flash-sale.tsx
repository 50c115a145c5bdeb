import { Clock, Package, Zap } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { currentUser, requireUser } from "#app/auth/session.server.ts";
import { dispatchCart } from "#app/cart/cart-store.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { formatNaira, koboToNaira } from "#app/money.ts";
import { Countdown, useServerNow } from "#app/sales/countdown.tsx";
import { flashSaleView, holdFlashUnits, releaseFlashHold } from "#app/sales/flash.server.ts";
import { flashLimits } from "#app/sales/flash-limits.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/flash-sale";

export const headers = privatePageHeaders;

/**
 * /flash/{id}: a flash sale (issue 22, decision 054): the item, its sale and "was" price (the
 * lowest of the 30 days before the sale), units left and a countdown on the server's clock.
 * "Buy" holds units for 10 minutes and puts them in the cart at the sale price; the page then
 * shows the hold's own countdown. It opens for a sale that hasn't started, sold out, ended or was
 * called off too (people keep links), saying so.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  const sale = loaderData?.sale;
  if (!sale) return [{ title: "Flash sale · Oja" }];
  return [
    {
      title: `Flash sale: ${sale.product.name} for ${formatNaira(sale.salePriceKobo)} · ${sale.product.business.name} · Oja`,
    },
    {
      name: "description",
      content: `${sale.product.name} from ${sale.product.business.name}: ${formatNaira(sale.salePriceKobo)} instead of ${formatNaira(sale.wasPriceKobo)}, ${sale.units} units.`,
    },
  ];
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const now = new Date();
  const sale = await flashSaleView(services(context).db, params.id, currentUser(context), now);
  if (!sale) throw notFound(url);
  return { sale, serverNow: now.getTime() };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("hold"),
    quantity: z.coerce.number().int().min(1).max(flashLimits.maxPerShopper).catch(1),
  }),
  z.object({ intent: z.literal("release"), hold: z.string().max(64) }),
]);

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data({ message: "That request couldn't be read. Try again." }, { status: 400 });
  }
  const { db } = services(context);
  if (parsed.data.intent === "release") {
    await releaseFlashHold(db, user, parsed.data.hold);
    return { released: parsed.data.hold };
  }
  const held = await holdFlashUnits(db, user, params.id, parsed.data.quantity);
  if (!held.ok) return data({ message: held.message }, { status: held.status });
  return { held: held.hold.id };
}

type Sale = Route.ComponentProps["loaderData"]["sale"];

/** Keeps the cart's line of this product at the held units while the shopper holds them. */
function useHoldInCart(sale: Sale, released: string | null) {
  const hold = sale.myHold;
  const product = sale.product;
  useEffect(() => {
    if (released) dispatchCart({ type: "remove", id: product.id });
  }, [released, product.id]);
  useEffect(() => {
    if (!hold) return;
    dispatchCart({
      type: "holdFlash",
      item: {
        id: product.id,
        amount: koboToNaira(sale.salePriceKobo),
        businessId: product.business.id,
        size: sale.size,
        quantity: hold.quantity,
        flashHold: hold.id,
        name: product.name,
        sizes: product.sizes,
        image: product.image?.url ?? null,
        businessName: product.business.name,
        businessSlug: product.business.slug,
        productSlug: product.slug,
      },
    });
  }, [hold, product, sale.salePriceKobo, sale.size]);
}

/**
 * Units left and the state, asked again every 10 seconds while the sale is on and the page is
 * in view (decision 054): one small shared answer, so thousands watching cost the server little.
 */
function useLiveUnits(sale: Sale) {
  const [units, setUnits] = useState({ left: sale.left, state: sale.state });
  useEffect(() => setUnits({ left: sale.left, state: sale.state }), [sale.left, sale.state]);
  const on = units.state === "live" || units.state === "sold_out";
  useEffect(() => {
    if (!on) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== "visible") return;
      fetch(`/api/flash/${sale.id}`)
        .then((response) => (response.ok ? (response.json() as Promise<typeof units>) : null))
        .then((answer) => {
          if (answer) setUnits(answer);
        })
        // Offline for a moment: the next tick asks again.
        .catch(() => {});
    }, flashLimits.pollSeconds * 1000);
    return () => window.clearInterval(timer);
  }, [on, sale.id]);
  return units;
}

export default function FlashSale({ loaderData, actionData }: Route.ComponentProps) {
  const { serverNow } = loaderData;
  const units = useLiveUnits(loaderData.sale);
  const sale = { ...loaderData.sale, ...units };
  const now = useServerNow(serverNow);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  useHoldInCart(
    sale,
    actionData && "released" in actionData ? (actionData.released ?? null) : null,
  );
  const { product } = sale;
  // Rounded down: a saving is never told bigger than it is.
  const saving = Math.floor(100 - (sale.salePriceKobo / sale.wasPriceKobo) * 100);
  const canBuy = Math.min(sale.perShopperLimit - sale.myBought, sale.left);
  const startsAt = new Date(sale.startsAt).getTime();
  const endsAt = new Date(sale.endsAt).getTime();
  const message = actionData && "message" in actionData ? actionData.message : null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
        <Link to={`/${product.business.slug}`} className="hover:underline">
          {product.business.name}
        </Link>{" "}
        / Flash sale
      </nav>
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        {product.image ? (
          <ResponsiveImage
            image={product.image}
            sizes="(min-width: 768px) 50vw, 100vw"
            className="aspect-square w-full rounded-card object-cover"
            priority
          />
        ) : (
          <div className="flex aspect-square items-center justify-center rounded-card bg-surface-sunken">
            <Package aria-hidden="true" className="size-16 text-ink-muted" />
          </div>
        )}
        <div className="space-y-5">
          <div>
            <p className="inline-flex items-center gap-1 rounded-full bg-danger-soft px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-danger">
              <Zap aria-hidden="true" className="size-3.5" /> Flash sale
            </p>
            <h1 className="mt-2 text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
              {product.name}
              {sale.size ? <span className="text-ink-muted"> · size {sale.size}</span> : null}
            </h1>
            <p className="mt-1 text-sm text-ink-muted">
              from{" "}
              <Link to={`/${product.business.slug}`} className="font-medium hover:underline">
                {product.business.name}
              </Link>{" "}
              · {product.business.city}
            </p>
          </div>
          <div className="flex flex-wrap items-baseline gap-3">
            <Money kobo={sale.salePriceKobo} className="text-3xl font-extrabold text-ink" />
            <span className="text-ink-muted">
              was <s>{formatNaira(sale.wasPriceKobo)}</s>
            </span>
            <span className="rounded-full bg-brand-soft px-2 py-0.5 text-sm font-semibold text-brand-strong">
              {saving}% off
            </span>
          </div>
          <p className="text-xs text-ink-muted">
            "Was" is the lowest price {product.business.name} sold this at in the{" "}
            {flashLimits.priceHistoryDays} days before the sale.
          </p>
          <SaleStatus sale={sale} now={now} startsAt={startsAt} endsAt={endsAt} />
          {message ? <FormMessage tone="error">{message}</FormMessage> : null}
          {sale.myHold ? (
            <section
              aria-labelledby="hold-heading"
              className="space-y-3 rounded-card border-2 border-brand bg-brand-soft p-4"
            >
              <h2 id="hold-heading" className="font-semibold text-ink">
                {sale.myHold.quantity === 1 ? "One is" : `${sale.myHold.quantity} are`} held for
                you, in your cart
              </h2>
              <p className="flex items-center gap-2 text-lg font-bold text-brand-strong">
                <Clock aria-hidden="true" className="size-5" />
                <Countdown
                  until={new Date(sale.myHold.expiresAt).getTime()}
                  now={now}
                  label="Your hold runs out in"
                />
              </p>
              <p className="text-sm text-ink">
                Pay before the time runs out and it's yours at <Money kobo={sale.salePriceKobo} />.
                After that it goes back to the sale.
              </p>
              <div className="flex flex-wrap items-center gap-3">
                <ButtonLink to="/checkout">Go to checkout</ButtonLink>
                <Form method="post">
                  <input type="hidden" name="intent" value="release" />
                  <input type="hidden" name="hold" value={sale.myHold.id} />
                  <Button type="submit" variant="secondary" disabled={busy}>
                    Let it go
                  </Button>
                </Form>
              </div>
            </section>
          ) : sale.state === "live" && canBuy > 0 ? (
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="hold" />
              {canBuy > 1 ? (
                <label className="space-y-1.5 text-sm font-medium text-ink">
                  <span className="block">Quantity</span>
                  <select
                    name="quantity"
                    defaultValue="1"
                    className="h-11 rounded-lg border border-line bg-surface px-3 text-base"
                  >
                    {Array.from({ length: canBuy }, (_, index) => index + 1).map((count) => (
                      <option key={count} value={count}>
                        {count}
                      </option>
                    ))}
                  </select>
                </label>
              ) : (
                <input type="hidden" name="quantity" value="1" />
              )}
              <Button type="submit" size="lg" disabled={busy}>
                <Zap aria-hidden="true" className="size-5" /> Buy now
              </Button>
            </Form>
          ) : sale.state === "live" && sale.myBought > 0 ? (
            <FormMessage tone="success">
              You bought {sale.myBought} in this sale, the most one person can.
            </FormMessage>
          ) : null}
          <p className="text-sm text-ink-muted">
            At most {sale.perShopperLimit} per person. "Buy now" holds{" "}
            {sale.perShopperLimit === 1 ? "it" : "them"} for you for {flashLimits.holdMinutes}{" "}
            minutes.{" "}
            <Link
              to={`/${product.business.slug}/products/${product.slug}`}
              className="font-medium text-brand-strong hover:underline"
            >
              See the product
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}

function SaleStatus({
  sale,
  now,
  startsAt,
  endsAt,
}: {
  sale: Sale;
  now: number;
  startsAt: number;
  endsAt: number;
}) {
  const box = "space-y-1 rounded-card border border-line bg-surface p-4";
  switch (sale.state) {
    case "scheduled":
      return (
        <div className={box}>
          <p className="text-sm text-ink-muted">Starts in</p>
          <p className="text-2xl font-bold text-ink">
            <Countdown until={startsAt} now={now} label="Starts in" />
          </p>
          <p className="text-sm text-ink-muted">
            {formatLagosTime(new Date(sale.startsAt))} (Lagos time) · {sale.units} units
          </p>
        </div>
      );
    case "live":
    case "sold_out":
      return (
        <div className={box}>
          <p className="text-sm text-ink-muted">Ends in</p>
          <p className="text-2xl font-bold text-ink">
            <Countdown until={endsAt} now={now} label="Ends in" />
          </p>
          <p className="font-semibold text-ink">
            {sale.state === "sold_out" ? "Sold out" : `${sale.left} of ${sale.units} left`}
          </p>
          {sale.state === "sold_out" ? (
            <p className="text-sm text-ink-muted">
              Every unit is sold or held. A hold that isn't paid within {flashLimits.holdMinutes}{" "}
              minutes comes back to the sale.
            </p>
          ) : null}
        </div>
      );
    case "ended":
      return (
        <FormMessage tone="error">
          This sale ended on {formatLagosTime(new Date(sale.endsAt))} (Lagos time).
        </FormMessage>
      );
    case "cancelled":
      return (
        <FormMessage tone="error">{sale.product.business.name} called this sale off.</FormMessage>
      );
  }
}
