import { clsx } from "clsx";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";

export interface GridOption {
  value: number;
  /** The visible text. */
  text: string;
  /** The accessible name when it says more than the text ("January" for "Jan"). */
  name?: string;
}

const columnClasses = { 3: "grid-cols-3", 4: "grid-cols-4", 6: "grid-cols-6" } as const;

/**
 * A labelled group of toggle buttons (months, years, hours, minutes) for the picker's overlays.
 * One button is in the tab order; the arrow keys, Home and End move between them. Focus moves
 * without scrolling the page (a scrolled page may close the picker): only the group itself
 * scrolls to keep the focused button in view.
 */
export function OptionGrid({
  id,
  label,
  options,
  selected,
  columns,
  onChoose,
  autoFocus = false,
  showLabel = false,
  compact = false,
  className,
}: {
  id?: string;
  label: string;
  options: readonly GridOption[];
  selected: number | undefined;
  columns: keyof typeof columnClasses;
  onChoose: (value: number) => void;
  autoFocus?: boolean;
  /** Shows the label as the group's legend (else it is only its accessible name). */
  showLabel?: boolean;
  /** Shorter buttons, for lists that share the menu with another. */
  compact?: boolean;
  className?: string;
}) {
  const listRef = useRef<HTMLFieldSetElement>(null);
  const selectedIndex = options.findIndex((option) => option.value === selected);
  const [active, setActive] = useState(Math.max(selectedIndex, 0));

  function focusIndex(index: number, align: "center" | "nearest") {
    const list = listRef.current;
    const button = list?.querySelectorAll<HTMLButtonElement>(":scope > button").item(index);
    if (!list || !button) return;
    button.focus({ preventScroll: true });
    if (list.scrollHeight <= list.clientHeight) return;
    const top = button.offsetTop;
    const bottom = top + button.offsetHeight;
    if (align === "center") {
      list.scrollTop = top - (list.clientHeight - button.offsetHeight) / 2;
    } else if (top < list.scrollTop) {
      list.scrollTop = top;
    } else if (bottom > list.scrollTop + list.clientHeight) {
      list.scrollTop = bottom - list.clientHeight;
    }
  }

  // On mount only: the overlay just opened, so its chosen option takes the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the overlay opens
  useEffect(() => {
    if (autoFocus) focusIndex(active, "center");
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLFieldSetElement>) {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowLeft: active - 1,
      ArrowRight: active + 1,
      ArrowUp: active - columns,
      ArrowDown: active + columns,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = Math.min(Math.max(next, 0), last);
    setActive(index);
    focusIndex(index, "nearest");
  }

  return (
    <fieldset
      ref={listRef}
      id={id}
      aria-label={showLabel ? undefined : label}
      onKeyDown={onKeyDown}
      className={clsx("relative grid min-w-0 gap-1", columnClasses[columns], className)}
    >
      {showLabel ? (
        <legend className="mb-1 text-xs font-semibold text-ink-muted">{label}</legend>
      ) : null}
      {options.map((option, index) => {
        const pressed = option.value === selected;
        return (
          <button
            key={option.value}
            type="button"
            tabIndex={index === active ? 0 : -1}
            aria-pressed={pressed}
            aria-label={option.name}
            onFocus={() => setActive(index)}
            onClick={() => {
              setActive(index);
              onChoose(option.value);
            }}
            className={clsx(
              "rounded-lg px-1 text-sm tabular-nums transition-colors",
              compact ? "min-h-9" : "min-h-10",
              pressed
                ? "bg-brand font-semibold text-on-brand hover:bg-brand-strong"
                : "text-ink hover:bg-surface-sunken",
            )}
          >
            {option.text}
          </button>
        );
      })}
    </fieldset>
  );
}
