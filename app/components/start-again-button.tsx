import { RotateCcw } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher, useNavigate } from "react-router";
import { dispatchCart } from "#app/cart/cart-store.ts";
import { toast } from "#app/components/toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import type { RestoredCartLine } from "#app/orders/lifecycle.server.ts";

/**
 * "Start again from my cart" for a checkout whose time to pay ran out (decision 020): the server
 * closes it and answers its lines; they go back into the cart through the cart's own operation
 * (set quantity and size), and the shopper lands on the cart to check out afresh.
 */
export function StartAgainButton({ checkoutId }: { checkoutId: string }) {
  const fetcher = useFetcher<{ restored?: RestoredCartLine[]; message?: string | null }>();
  const navigate = useNavigate();
  const restored = fetcher.data?.restored;
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!restored || handled.current === restored) return;
    handled.current = restored;
    for (const line of restored) dispatchCart({ type: "setQuantityAndSize", item: line });
    toast.success(
      restored.length === 0
        ? "These products aren't sold any more, so nothing went back into your cart."
        : "Your cart has this order's products again, at today's prices.",
    );
    navigate("/cart");
  }, [restored, navigate]);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={`/checkout/${checkoutId}`} className="space-y-3">
      <input type="hidden" name="intent" value="start-again" />
      {fetcher.data?.message ? (
        <FormMessage tone="error">{fetcher.data.message}</FormMessage>
      ) : null}
      <Button type="submit" size="lg" disabled={busy}>
        <RotateCcw aria-hidden="true" className="size-4" />
        {busy ? "Starting again…" : "Start again from my cart"}
      </Button>
    </fetcher.Form>
  );
}
