import { data } from "react-router";
import { services } from "#app/context.server.ts";
import { cartLinesField, quoteCart } from "#app/orders/checkout.server.ts";
import type { Route } from "./+types/api-checkout-quote";

/**
 * GET /api/checkout/quote?lines=<the cart as JSON>: the cart repriced from the database, with
 * what stands in the way of paying (decision 014). A GET, so asking for it again whenever the cart
 * changes doesn't make the page reload its other data; never cached (prices and stock move).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  const lines = cartLinesField.safeParse(url.searchParams.get("lines") ?? "");
  if (!lines.success) {
    return data(
      { error: lines.error.issues[0]?.message ?? "Unreadable cart" },
      { status: 400, headers },
    );
  }
  return data({ quote: await quoteCart(services(context).db, lines.data) }, { headers });
}
