import { ClipboardList } from "lucide-react";
import { data, Link } from "react-router";
import { requireUser } from "#app/auth/session.server.ts";
import { OrderList, toOrderSummary } from "#app/components/order-list.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { services } from "#app/context.server.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { publicError } from "#app/errors.ts";
import { ordersOfShopper } from "#app/orders/orders.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/profile-orders";

export const headers = privatePageHeaders;

/** /profile/orders: every order of the signed-in shopper, newest first, 20 to a page. */
export function meta() {
  return [{ title: "Your orders · Oja" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  try {
    const page = await ordersOfShopper(services(context).db, user.id, {
      after: url.searchParams.get("after") ?? undefined,
    });
    return data(
      { orders: page.items.map(toOrderSummary), nextCursor: page.nextCursor },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    if (error instanceof InvalidPageCursorError) throw publicError(400, error.message);
    throw error;
  }
}

export default function ProfileOrders({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-10">
      <div>
        <Link to="/profile" className="text-sm text-ink-muted hover:underline">
          Your account
        </Link>
        <h1 className="mt-1 text-2xl font-bold text-ink sm:text-3xl">Your orders</h1>
      </div>
      {loaderData.orders.length > 0 ? (
        <>
          <OrderList orders={loaderData.orders} />
          <NextPageLink cursor={loaderData.nextCursor} label="Older orders" />
        </>
      ) : (
        <EmptyState
          icon={ClipboardList}
          title="No orders yet"
          action={<ButtonLink to="/">Start shopping</ButtonLink>}
        >
          Orders you pay for on Oja appear here, one per business.
        </EmptyState>
      )}
    </div>
  );
}
