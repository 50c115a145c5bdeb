import { data } from "react-router";
import { currentUser } from "#app/auth/session.server.ts";
import { services } from "#app/context.server.ts";
import { cartLinesField } from "#app/orders/checkout.server.ts";
import { openVoucherHold, quoteVoucherCart } from "#app/vouchers/checkout.server.ts";
import type { Route } from "./+types/api-voucher-quote";

/**
 * GET /api/vouchers/quote?lines=<the voucher cart as JSON>: the voucher cart repriced from the
 * offers, with what stands in the way of paying (decision 040). Signed in, the offers'
 * per-shopper limits count what the shopper bought and holds elsewhere. Never cached.
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
  const user = currentUser(context);
  const { db } = services(context);
  // The open voucher checkout is replaced or resumed by paying: what it holds is theirs.
  const buyer = user
    ? await openVoucherHold(db, user.id)
    : { shopperId: null, exceptCheckoutId: null };
  const quote = await quoteVoucherCart(db, lines.data, buyer);
  return data({ quote }, { headers });
}
