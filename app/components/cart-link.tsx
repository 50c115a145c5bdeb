import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { cartCount } from "#app/cart/cart.ts";
import { useCart } from "#app/cart/cart-store.ts";

/** The header's cart count comes from the browser, never from a cached page. */
export function CartLink() {
  const count = cartCount(useCart());
  const label = count === 1 ? "Cart, 1 item" : `Cart, ${count} items`;
  return (
    <Link
      to="/cart"
      aria-label={label}
      className="relative inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-sunken"
    >
      <ShoppingBag aria-hidden="true" className="size-6" />
      <span
        data-testid="cart-count"
        aria-hidden="true"
        className={`absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand px-1.5 text-center text-xs leading-5 font-bold text-on-brand ${count === 0 ? "invisible" : ""}`}
      >
        {count}
      </span>
    </Link>
  );
}
