import { Gift, ShoppingBag, Ticket } from "lucide-react";
import { useNavigate } from "react-router";
import { dispatchVoucherCart } from "#app/cart/cart-store.ts";
import { toast } from "#app/components/toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { type Kobo, koboToNaira } from "#app/money.ts";

/**
 * An offer's "Buy now", "Add to voucher cart" and "Buy as a gift" (issue 19): each puts one
 * voucher in the voucher cart (the spec cart's "add": again raises the quantity); "Buy now" then
 * opens the cart, where it is paid for, and "Buy as a gift" too, saying that once paid each
 * voucher can be sent to a friend (its payment page offers it). What the cart holds is repriced
 * and checked by the server when paying.
 */
export function VoucherBuyButtons({
  offer,
}: {
  offer: {
    id: string;
    title: string;
    priceKobo: Kobo;
    business: { id: string; slug: string; name: string };
  };
}) {
  const navigate = useNavigate();
  function add() {
    return dispatchVoucherCart({
      type: "add",
      product: {
        id: offer.id,
        name: offer.title,
        amount: koboToNaira(offer.priceKobo),
        businessId: offer.business.id,
        businessName: offer.business.name,
        businessSlug: offer.business.slug,
      },
    });
  }
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      <Button
        size="lg"
        className="sm:flex-1"
        onClick={() => {
          add();
          navigate("/vouchers/cart");
        }}
      >
        <Ticket aria-hidden="true" className="size-4" /> Buy now
      </Button>
      <Button
        size="lg"
        variant="secondary"
        className="sm:flex-1"
        onClick={() => {
          const quantity = add().find((item) => item.id === offer.id)?.quantity ?? 1;
          toast.success(
            quantity > 1
              ? `${offer.title}: ${quantity} in your voucher cart`
              : `${offer.title} added to your voucher cart`,
            { action: { label: "View voucher cart", onClick: () => navigate("/vouchers/cart") } },
          );
        }}
      >
        <ShoppingBag aria-hidden="true" className="size-4" /> Add to voucher cart
      </Button>
      <Button
        size="lg"
        variant="secondary"
        className="sm:flex-1"
        onClick={() => {
          add();
          navigate("/vouchers/cart?gift=1");
        }}
      >
        <Gift aria-hidden="true" className="size-4" /> Buy as a gift
      </Button>
    </div>
  );
}
