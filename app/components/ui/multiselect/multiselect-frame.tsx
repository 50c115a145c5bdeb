import { clsx } from "clsx";
import { ChevronDown, X } from "lucide-react";
import type { ComponentPropsWithRef, ReactNode, Ref } from "react";
import type { LoadOptions, MultiselectOption } from "./multiselect-state.ts";

export interface MultiselectProps {
  label: string;
  /** Renders one hidden input per chosen value under this name, so a plain <form> posts them. */
  name?: string;
  /** Asked for one page (`limit` is the spec's step of 10) on open and after typing. */
  loadOptions: LoadOptions;
  /** The chosen options (controlled); with `onChange`. */
  value?: MultiselectOption[];
  /** The options chosen at first (uncontrolled). */
  defaultValue?: MultiselectOption[];
  onChange?: (value: MultiselectOption[]) => void;
  /** No limit when absent (the spec's default); the list then scrolls on without end. */
  maxSelected?: number;
  /** A message about the field, shown under it and read with it. */
  error?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * What the plain multiselect (multiselect.tsx, rendered on the server and until the field is
 * first used) and the combobox that replaces it (multiselect-combobox.tsx, with downshift) both
 * draw: the label, the chips, the input, the toggle, the hint, the error and the hidden inputs.
 * One frame, so the swap changes behaviour and never a pixel. The callers give each part its
 * attributes and handlers; the classes are the frame's. `data-part` names each focusable part,
 * so the focus can follow the swap.
 */
export interface MultiselectFrameProps {
  label: string;
  labelProps: { id?: string; htmlFor?: string };
  selected: MultiselectOption[];
  chipButtonProps: (option: MultiselectOption, index: number) => ComponentPropsWithRef<"button">;
  inputProps: ComponentPropsWithRef<"input">;
  toggleProps: ComponentPropsWithRef<"button">;
  open: boolean;
  /** The options' popup (the combobox's only). */
  popup?: ReactNode;
  name?: string;
  limit: number | undefined;
  hintId: string;
  error?: string;
  errorId: string;
  disabled: boolean;
  className?: string;
  rootRef?: Ref<HTMLDivElement>;
}

export function MultiselectFrame({
  label,
  labelProps,
  selected,
  chipButtonProps,
  inputProps,
  toggleProps,
  open,
  popup,
  name,
  limit,
  hintId,
  error,
  errorId,
  disabled,
  className,
  rootRef,
}: MultiselectFrameProps) {
  return (
    <div ref={rootRef} className={clsx("relative", className)}>
      <label
        id={labelProps.id}
        htmlFor={labelProps.htmlFor}
        className="block text-sm font-semibold text-ink"
      >
        {label}
      </label>
      <div
        className={clsx(
          "mt-1.5 flex min-h-11 items-start gap-1 rounded-lg border bg-surface py-1.5 pr-1 pl-2 transition-colors",
          error ? "border-danger" : "border-line focus-within:border-brand",
          disabled
            ? "cursor-not-allowed bg-surface-sunken opacity-70"
            : "focus-within:ring-2 focus-within:ring-brand/25",
        )}
      >
        {/* The chips and the input wrap together; the toggle stays at the top right. */}
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5">
          {selected.map((option, index) => (
            <span
              key={option.value}
              className="inline-flex max-w-full min-w-0 items-center gap-0.5 rounded-full bg-brand-soft py-0.5 pr-0.5 pl-2.5 text-sm text-ink"
            >
              <span className="truncate">{option.label}</span>
              <button
                type="button"
                aria-label={`Remove ${option.label}`}
                disabled={disabled}
                data-part={`chip:${option.value}`}
                {...chipButtonProps(option, index)}
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface hover:text-ink disabled:cursor-not-allowed"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </span>
          ))}
          <input
            data-part="input"
            {...inputProps}
            className={clsx(
              "min-h-8 flex-1 bg-transparent px-1 text-base text-ink outline-none placeholder:text-ink-muted disabled:cursor-not-allowed sm:text-sm",
              // Beside chips the input only needs room to type; alone it shows the placeholder.
              selected.length > 0 ? "min-w-16" : "min-w-28",
            )}
          />
        </div>
        <button
          type="button"
          aria-label={open ? "Hide options" : "Show options"}
          data-part="toggle"
          {...toggleProps}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-surface-sunken hover:text-ink disabled:cursor-not-allowed"
        >
          <ChevronDown
            aria-hidden="true"
            className={clsx("size-4 transition-transform", open && "rotate-180")}
          />
        </button>
      </div>

      {popup}

      {limit !== undefined ? (
        <p id={hintId} className="mt-1.5 text-sm text-ink-muted">
          Choose up to {limit}.
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {name
        ? selected.map((option) => (
            <input
              key={option.value}
              type="hidden"
              name={name}
              value={option.value}
              // Like any disabled field, a disabled multiselect sends nothing.
              disabled={disabled}
            />
          ))
        : null}
    </div>
  );
}

/** The describedby of the input: the limit's hint and the error, when there are. */
export function describedBy(
  limit: number | undefined,
  hintId: string,
  error?: string,
  errorId?: string,
) {
  return clsx(limit !== undefined && hintId, error && errorId) || undefined;
}
