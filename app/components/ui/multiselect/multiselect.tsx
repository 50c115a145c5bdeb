import { type KeyboardEvent, useId, useRef, useState } from "react";
import { lazyComponent, useLazyComponent } from "#app/components/lazy-component.ts";
import type { MultiselectHandoff } from "./multiselect-combobox.tsx";
import { describedBy, MultiselectFrame, type MultiselectProps } from "./multiselect-frame.tsx";
import { selectionLimit } from "./multiselect-state.ts";

export type { MultiselectProps } from "./multiselect-frame.tsx";
export type { LoadOptions, MultiselectOption, OptionsPage } from "./multiselect-state.ts";
export { infiniteScrollStep } from "./multiselect-state.ts";

const combobox = lazyComponent(() =>
  import("./multiselect-combobox.tsx").then((module) => module.MultiselectCombobox),
);

/**
 * A field that chooses several options, shown as removable chips (the combobox itself is
 * multiselect-combobox.tsx). It renders first as the same frame without downshift (~11 KB
 * gzipped, issue 17's budget of 20 KB of own code before interaction): chips that remove,
 * hidden inputs that post, an input that takes text. The combobox loads when the field is first
 * pressed, focused or typed in, and takes over with the chips, the text, the focus and whether
 * the list was asked for, drawn by the same frame, so the swap shows nothing.
 */
export function Multiselect(props: MultiselectProps) {
  const { label, name, value, defaultValue, onChange, maxSelected, error, placeholder } = props;
  const disabled = props.disabled ?? false;
  const [Combobox, wakeCombobox] = useLazyComponent(combobox);
  const [ownValue, setOwnValue] = useState(() => defaultValue ?? []);
  const selected = value ?? ownValue;
  const limit = selectionLimit(maxSelected);
  const base = useId();
  const ids = {
    label: `${base}-label`,
    input: `${base}-input`,
    hint: `${base}-hint`,
    error: `${base}-error`,
  };
  const rootRef = useRef<HTMLDivElement | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const askedOpen = useRef(false);

  function wake() {
    if (!disabled) wakeCombobox();
  }

  function commit(next: typeof selected) {
    if (value === undefined) setOwnValue(next);
    onChange?.(next);
  }

  if (Combobox) {
    return (
      <Combobox
        {...props}
        // Uncontrolled, the chips chosen or removed here so far are the combobox's start.
        defaultValue={value === undefined ? ownValue : defaultValue}
        handoff={(): MultiselectHandoff => {
          const active = document.activeElement;
          const focused =
            active instanceof HTMLElement && rootRef.current?.contains(active)
              ? (active.dataset.part ?? null)
              : null;
          return {
            text: inputRef.current?.value ?? "",
            open: askedOpen.current,
            focusedPart: focused,
            ids,
          };
        }}
      />
    );
  }

  return (
    <MultiselectFrame
      label={label}
      labelProps={{ id: ids.label, htmlFor: ids.input }}
      selected={selected}
      chipButtonProps={(option) => ({
        // Out of the Tab order, as downshift has them: ArrowLeft in the input reaches them.
        tabIndex: -1,
        onFocus: wake,
        onClick: () => {
          commit(selected.filter((chosen) => chosen.value !== option.value));
          inputRef.current?.focus();
        },
      })}
      inputProps={{
        ref: inputRef,
        id: ids.input,
        role: "combobox",
        "aria-autocomplete": "list",
        "aria-expanded": false,
        autoComplete: "off",
        disabled,
        placeholder: selected.length === 0 ? placeholder : undefined,
        "aria-describedby": describedBy(limit, ids.hint, error, ids.error),
        "aria-invalid": error ? true : undefined,
        // Pressing the input opens the list, as a click does in the combobox (the press, not
        // the click: the combobox may arrive between the two).
        onPointerDown: () => {
          askedOpen.current = true;
          wake();
        },
        onFocus: wake,
        onInput: wake,
        onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
          // Before the combobox arrives: the arrows ask for the list it will open with, Enter
          // never sends the form half-chosen, Backspace in the empty input removes a chip.
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            askedOpen.current = true;
          } else if (event.key === "Enter") {
            event.preventDefault();
          } else if (event.key === "Backspace" && event.currentTarget.value === "") {
            if (selected.length > 0) commit(selected.slice(0, -1));
          }
        },
      }}
      toggleProps={{
        disabled,
        tabIndex: -1,
        onPointerDown: () => {
          askedOpen.current = true;
          wake();
        },
        onClick: () => {
          askedOpen.current = true;
          wake();
          inputRef.current?.focus();
        },
      }}
      open={false}
      name={name}
      limit={limit}
      hintId={ids.hint}
      error={error}
      errorId={ids.error}
      disabled={disabled}
      className={props.className}
      rootRef={rootRef}
    />
  );
}
