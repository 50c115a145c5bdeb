import type { CartAction } from "#app/cart/cart.ts";

/** The one tap that changes a cart so a flagged line can be paid for. */
export function FixButton({
  change,
  dispatch,
  children,
}: {
  change: CartAction;
  dispatch: (action: CartAction) => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      className="font-semibold underline underline-offset-2 hover:no-underline"
      onClick={() => dispatch(change)}
    >
      {children}
    </button>
  );
}
