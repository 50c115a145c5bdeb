import { ShoppingBag } from "lucide-react";
import { type ComponentType, useId, useState } from "react";
import { useNavigate } from "react-router";
import type { CartProduct } from "#app/cart/cart.ts";
import { dispatchCart } from "#app/cart/cart-store.ts";
import type { SizeChooserProps } from "./size-chooser.tsx";
import { toast } from "./toast.ts";
import { Button } from "./ui/button.tsx";

let loading: Promise<ComponentType<SizeChooserProps>> | undefined;

/** The size chooser (Radix's popover), fetched once for every card of the page. */
function loadSizeChooser() {
  loading ??= import("./size-chooser.tsx").then(
    (module) => module.SizeChooser,
    (error: unknown) => {
      loading = undefined; // the next press tries again
      throw error;
    },
  );
  return loading;
}

/**
 * A product card's button (issue 15). It adds one unit, and adding again raises the quantity
 * (the spec's "add product"); but it never guesses for the shopper:
 * - a product with sizes opens a small chooser, and the size picked goes in the cart with it (the
 *   chooser loads on the first press: size-chooser.tsx);
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
  const [Chooser, setChooser] = useState<ComponentType<SizeChooserProps>>();
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

  const trigger = (
    <Button
      size="sm"
      className="w-full"
      aria-label={`Add ${label} to cart`}
      // What Radix's trigger says, before and after the chooser has loaded.
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerDown={() => void loadSizeChooser()}
      onFocus={() => void loadSizeChooser()}
      onClick={() => {
        // A rejection is a chunk lost to a deploy: the reload guard takes it
        // (updates/chunk-reload.ts).
        void loadSizeChooser().then((component) => setChooser(() => component));
      }}
    >
      <ShoppingBag aria-hidden="true" className="size-4" /> Add to cart
    </Button>
  );
  if (!Chooser) return trigger;
  return (
    <Chooser
      label={label}
      sizes={sizes}
      onChoose={add}
      trigger={
        <Button size="sm" className="w-full" aria-label={`Add ${label} to cart`}>
          <ShoppingBag aria-hidden="true" className="size-4" /> Add to cart
        </Button>
      }
    />
  );
}
