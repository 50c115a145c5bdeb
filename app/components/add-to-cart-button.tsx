import * as Popover from "@radix-ui/react-popover";
import { ShoppingBag } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import type { CartProduct } from "#app/cart/cart.ts";
import { dispatchCart } from "#app/cart/cart-store.ts";
import { toast } from "./toast.ts";
import { Button } from "./ui/button.tsx";

/**
 * A product card's button (issue 15). It adds one unit, and adding again raises the quantity
 * (the spec's "add product"); but it never guesses for the shopper:
 * - a product with sizes opens a small chooser, and the size picked goes in the cart with it;
 * - a sold-out product's button is disabled, and says why (the card's "Sold out").
 * The stock shown is the page's; the cart itself checks none, checkout does.
 */
export function AddToCartButton({
  product,
  label,
  sizes = [],
  soldOut = false,
}: {
  product: CartProduct;
  label: string;
  sizes?: string[];
  soldOut?: boolean;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const reasonId = useId();

  function add(size: string | null) {
    const items = dispatchCart({ type: "add", product: { ...product, size } });
    const line = items.find((item) => item.id === product.id);
    const quantity = line?.quantity ?? 1;
    toast.success(
      quantity > 1 ? `${label}: ${quantity} in your cart` : `${label} added to your cart`,
      {
        // As the product page says it: the size in the line under the title.
        description: line?.size ? `Size ${line.size}` : undefined,
        action: { label: "View cart", onClick: () => navigate("/cart") },
      },
    );
  }

  if (soldOut) {
    return (
      <>
        <Button
          size="sm"
          variant="secondary"
          className="w-full"
          aria-label={`Add ${label} to cart`}
          aria-describedby={reasonId}
          disabled
        >
          <ShoppingBag aria-hidden="true" className="size-4" /> Add to cart
        </Button>
        <p id={reasonId} className="mt-1 text-center text-xs text-ink-muted">
          Sold out, so it can't be added
        </p>
      </>
    );
  }

  if (sizes.length === 0) {
    return (
      <Button
        size="sm"
        className="w-full"
        aria-label={`Add ${label} to cart`}
        onClick={() => add(null)}
      >
        <ShoppingBag aria-hidden="true" className="size-4" /> Add to cart
      </Button>
    );
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button size="sm" className="w-full" aria-label={`Add ${label} to cart`}>
          <ShoppingBag aria-hidden="true" className="size-4" /> Add to cart
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="center"
          sideOffset={6}
          collisionPadding={8}
          aria-label={`Choose a size of ${label}`}
          className="z-50 w-60 rounded-card border border-line bg-surface p-3 shadow-lg"
        >
          <p className="text-sm font-semibold text-ink">Choose a size</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {sizes.map((size) => (
              <li key={size}>
                <button
                  type="button"
                  aria-label={`Size ${size}`}
                  onClick={() => {
                    setOpen(false);
                    add(size);
                  }}
                  className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-line bg-surface px-3 text-sm font-semibold text-ink hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
                >
                  {size}
                </button>
              </li>
            ))}
          </ul>
          <Popover.Arrow className="fill-surface" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
