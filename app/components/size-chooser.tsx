import * as Popover from "@radix-ui/react-popover";
import type { ReactNode } from "react";
import { useState } from "react";

export interface SizeChooserProps {
  /** The product's name, for the chooser's label. */
  label: string;
  sizes: string[];
  /** The trigger button, as the card renders it (AddToCartButton). */
  trigger: ReactNode;
  onChoose: (size: string) => void;
}

/**
 * The small chooser a product card's "Add to cart" opens for a product with sizes. Radix's
 * popover (positioning, focus, dismissal: ~23 KB gzipped) is only needed once a shopper presses
 * such a button, so AddToCartButton loads this module then and it mounts open (decision 015).
 */
export function SizeChooser({ label, sizes, trigger, onChoose }: SizeChooserProps) {
  const [open, setOpen] = useState(true);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
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
                    onChoose(size);
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
