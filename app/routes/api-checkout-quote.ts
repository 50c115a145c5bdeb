import { data } from "react-router";
import { currentUser } from "#app/auth/session.server.ts";
import { services } from "#app/context.server.ts";
import { cartLinesField, quoteCart, shopperHolds } from "#app/orders/checkout.server.ts";
import { spendableAtCheckout } from "#app/points/checkout-points.server.ts";
import { usablePoints } from "#app/points/checkout-points.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/api-checkout-quote";

/**
 * GET /api/checkout/quote?lines=<the cart as JSON>&city=…&area=…&pickup=<business ids>: the cart
 * repriced from the database, each business's delivery to that city and area priced (decision
 * 021), with what stands in the way of paying (decision 014). A GET, so asking for it again
 * whenever the cart or the address changes doesn't make the page reload its other data; never
 * cached (prices and stock move). Anyone may ask, so stock is told exactly only when it is low
 * (decision 030): a cart asking for more hears a quantity it can have, not how many there are.
 * A signed-in shopper also hears how many of their points the checkout may take (decision 057).
 */
const placeName = z.string().trim().max(60).catch("");
const pickupIds = z
  .string()
  .max(2_000)
  .catch("")
  .transform((value) => new Set(value.split(",").filter(Boolean)));

export async function loader({ context, url }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  const lines = cartLinesField.safeParse(url.searchParams.get("lines") ?? "");
  if (!lines.success) {
    return data(
      { error: lines.error.issues[0]?.message ?? "Unreadable cart" },
      { status: 400, headers },
    );
  }
  const { db, settings } = services(context);
  // What the shopper's own open checkout holds is theirs to pay for (decision 020); what their
  // other checkouts hold counts against their share (decision 030).
  const user = currentUser(context);
  const holds = user ? await shopperHolds(db, { id: user.id, email: user.email }) : undefined;
  const city = placeName.parse(url.searchParams.get("city") ?? "");
  const area = placeName.parse(url.searchParams.get("area") ?? "");
  const handover = {
    place: city ? { city, area } : null,
    pickup: pickupIds.parse(url.searchParams.get("pickup") ?? ""),
  };
  const [quote, spendable] = await Promise.all([
    quoteCart(db, lines.data, handover, holds, settings.holdLimits),
    user ? spendableAtCheckout(db, user.id) : 0,
  ]);
  // The points the shopper may use on this total (decision 057), decided here like the prices.
  return data(
    { quote, points: { offered: usablePoints(quote.totalKobo, spendable), spendable } },
    { headers },
  );
}
