import { clsx } from "clsx";
import { Check, Minus, Plus, ShoppingBag } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { CartProduct } from "#app/cart/cart.ts";
import { dispatchCart, useCart } from "#app/cart/cart-store.ts";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import type { PublicStock } from "#app/orders/hold-limits.ts";
import { toast } from "./toast.ts";
import { Button } from "./ui/button.tsx";
import { FieldError } from "./ui/field.tsx";

/** The quantity the page offers; the cart itself caps nothing (checkout checks stock). */
export const maxQuantity = 99;

/**
 * What the page says about stock: the server tells the count only when it is low enough to
 * matter (decision 030), and the page says no more than it was told.
 */
export function stockMessage(stock: PublicStock): { text: string; tone: "ok" | "low" | "out" } {
  if (stock.kind === "out") return { text: "Sold out", tone: "out" };
  if (stock.kind === "low") return { text: `Only ${stock.left} left`, tone: "low" };
  return { text: "In stock", tone: "ok" };
}

/** A whole number between 1 and `max`; anything unreadable becomes 1. */
export function clampQuantity(value: number, max = maxQuantity): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(Math.trunc(value), 1), Math.max(max, 1));
}

export function SizePicker({
  sizes,
  value,
  onChange,
  error,
}: {
  sizes: string[];
  value: string | null;
  onChange: (size: string) => void;
  error?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      className="space-y-2"
    >
      <legend className="text-sm font-medium text-ink">
        Size <span className="font-normal text-ink-muted">(required)</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {sizes.map((size) => (
          <label key={size} className="cursor-pointer">
            <input
              type="radio"
              name="size"
              value={size}
              checked={value === size}
              onChange={() => onChange(size)}
              required
              className="peer sr-only"
            />
            <span
              className={clsx(
                "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-3 text-sm font-semibold",
                "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus",
                value === size
                  ? "border-brand bg-brand text-on-brand"
                  : "border-line bg-surface text-ink hover:border-brand",
                error && value !== size && "border-danger",
              )}
            >
              {size}
            </span>
          </label>
        ))}
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}

export function QuantityStepper({
  value,
  onChange,
  max = maxQuantity,
  disabled,
}: {
  value: number;
  onChange: (quantity: number) => void;
  max?: number;
  disabled?: boolean;
}) {
  const id = useId();
  // What is typed stays as typed until the field is left, so "1" can become "12".
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (text: string) => {
    setDraft(null);
    onChange(clampQuantity(Number(text), max));
  };
  const stepClass =
    "flex size-11 items-center justify-center text-ink hover:bg-surface-sunken disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Quantity
      </label>
      <div className="inline-flex items-center rounded-lg border border-line bg-surface">
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={disabled || value <= 1}
          onClick={() => onChange(clampQuantity(value - 1, max))}
          className={clsx(stepClass, "rounded-l-lg")}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={(event) => commit(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") commit(event.currentTarget.value);
          }}
          className="h-11 w-14 border-x border-line bg-surface text-center text-base font-semibold text-ink [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={disabled || value >= max}
          onClick={() => onChange(clampQuantity(value + 1, max))}
          className={clsx(stepClass, "rounded-r-lg")}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}

export interface PurchasableProduct {
  id: string;
  slug: string;
  name: string;
  /** Unit price in naira, the cart's `amount`. */
  amount: number;
  sizes: string[];
  stock: PublicStock;
  image: string | null;
  business: { id: string; slug: string; name: string };
}

/**
 * Size, quantity and the button that puts them in the cart with the spec's "set quantity and
 * size". The cart holds one line per product (its id is the product's id), so this panel edits
 * that line: when the product is already in the cart it starts from the line's size and
 * quantity, says so, and its button reads "Update cart". Choosing another size there changes
 * the line's size rather than adding a second line the cart could not tell apart.
 */
export function ProductPurchase({ product }: { product: PurchasableProduct }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const line = useCart().find((item) => item.id === product.id);
  const hasSizes = product.sizes.length > 0;
  const onlySize = product.sizes.length === 1 ? (product.sizes[0] ?? null) : null;
  // Above the exact threshold the page knows only "in stock": checkout says if it's too many.
  const max =
    product.stock.kind === "low" ? Math.min(maxQuantity, product.stock.left) : maxQuantity;
  const outOfStock = product.stock.kind === "out";

  // Undefined until the shopper picks: until then the values follow the cart line, if any.
  const [sizeChoice, setSizeChoice] = useState<string | undefined>();
  const [quantityChoice, setQuantityChoice] = useState<number | undefined>();
  const [sizeError, setSizeError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const soldOutId = useId();

  const lineSize = line?.size && product.sizes.includes(line.size) ? line.size : null;
  const size = sizeChoice ?? lineSize ?? onlySize;
  const quantity = quantityChoice ?? (line ? clampQuantity(line.quantity, max) : 1);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (outOfStock) return;
    if (hasSizes && !size) {
      setSizeError("Choose a size");
      formRef.current?.querySelector<HTMLInputElement>('input[name="size"]')?.focus();
      return;
    }
    const item: CartProduct & { quantity: number } = {
      id: product.id,
      amount: product.amount,
      businessId: product.business.id,
      size: hasSizes ? size : null,
      quantity,
      name: product.name,
      sizes: product.sizes,
      image: product.image,
      businessName: product.business.name,
      businessSlug: product.business.slug,
      productSlug: product.slug,
    };
    dispatchCart({ type: "setQuantityAndSize", item });
    setSizeChoice(undefined);
    setQuantityChoice(undefined);
    const details = [hasSizes ? `Size ${size}` : null, `Quantity ${quantity}`]
      .filter(Boolean)
      .join(" · ");
    toast.success(line ? `${product.name}: cart updated` : `${product.name} added to your cart`, {
      description: details,
      action: { label: "View cart", onClick: () => navigate("/cart") },
    });
  }

  const stock = stockMessage(product.stock);
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
      <p
        className={clsx(
          "flex items-center gap-1.5 text-sm font-semibold",
          stock.tone === "out" && "text-danger",
          stock.tone === "low" && "text-points",
          // Oja's own green, never the business's brand colour (this page wears it): a red or
          // amber brand must not make "In stock" read as a warning.
          stock.tone === "ok" && "text-positive",
        )}
      >
        {stock.tone === "ok" ? <Check aria-hidden="true" className="size-4" /> : null}
        {stock.text}
      </p>
      {hasSizes ? (
        <SizePicker
          sizes={product.sizes}
          value={size}
          error={sizeError}
          onChange={(next) => {
            setSizeChoice(next);
            setSizeError(undefined);
          }}
        />
      ) : null}
      <QuantityStepper
        value={quantity}
        max={max}
        disabled={outOfStock}
        onChange={setQuantityChoice}
      />
      {line ? (
        <p className="rounded-lg bg-brand/10 px-3 py-2 text-sm text-ink" aria-live="polite">
          {`You have ${line.quantity}${line.size ? ` in size ${line.size}` : ""} in your cart. `}
          Changes here update it.
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto"
        disabled={outOfStock || !hydrated}
        aria-describedby={outOfStock ? soldOutId : undefined}
      >
        <ShoppingBag aria-hidden="true" className="size-5" />
        {outOfStock ? "Sold out" : line ? "Update cart" : "Add to cart"}
      </Button>
      {outOfStock ? (
        <p id={soldOutId} className="text-sm text-ink-muted">
          It can't be added to the cart until {product.business.name} has it again.
        </p>
      ) : null}
    </form>
  );
}
