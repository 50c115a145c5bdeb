import { ShoppingBag } from "lucide-react";
import { useNavigate } from "react-router";
import type { CartProduct } from "#app/cart/cart.ts";
import { dispatchCart } from "#app/cart/cart-store.ts";
import { toast } from "./toast.ts";
import { Button } from "./ui/button.tsx";

/** Adds one unit; adding again raises the quantity (the spec's "add product"). */
export function AddToCartButton({ product, label }: { product: CartProduct; label: string }) {
  const navigate = useNavigate();
  return (
    <Button
      size="sm"
      className="w-full"
      aria-label={`Add ${label} to cart`}
      onClick={() => {
        const items = dispatchCart({ type: "add", product });
        const quantity = items.find((item) => item.id === product.id)?.quantity ?? 1;
        toast.success(
          quantity > 1 ? `${label}: ${quantity} in your cart` : `${label} added to your cart`,
          {
            action: { label: "View cart", onClick: () => navigate("/cart") },
          },
        );
      }}
    >
      <ShoppingBag aria-hidden="true" className="size-4" /> Add to cart
    </Button>
  );
}
