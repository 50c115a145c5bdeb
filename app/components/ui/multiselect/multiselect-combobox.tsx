import { clsx } from "clsx";
import {
  type UseComboboxState,
  type UseComboboxStateChangeOptions,
  useCombobox,
  useMultipleSelection,
} from "downshift";
import { Check, LoaderCircle, RotateCw } from "lucide-react";
import {
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
} from "react";
import { describedBy, MultiselectFrame, type MultiselectProps } from "./multiselect-frame.tsx";
import {
  canLoadMore,
  firstPage,
  infiniteScrollStep,
  initialOptionsList,
  isChosen,
  isLimitReached,
  isOptionDisabled,
  limitMessage,
  type MultiselectOption,
  needsFirstPage,
  nextPage,
  optionsListReducer,
  selectionLimit,
  toggleOption,
} from "./multiselect-state.ts";

/** How long typing pauses before the options of the new text are asked for. */
const typingDebounceMs = 200;

/**
 * The plain multiselect's state when this replaces it: what was typed, whether the list was
 * asked for (the toggle, an arrow key), which part had the focus (its `data-part`), and the ids
 * its label and input had, kept so nothing that points at them breaks.
 */
export interface MultiselectHandoff {
  text: string;
  open: boolean;
  focusedPart: string | null;
  ids: { label: string; input: string; hint: string; error: string };
}

export interface MultiselectComboboxProps extends MultiselectProps {
  handoff: () => MultiselectHandoff;
}

/** Keeps the highlighted option in view by scrolling the popup only, never the page. */
function scrollWithinPopup(node: HTMLElement, popup: HTMLElement) {
  const item = node.getBoundingClientRect();
  const box = popup.getBoundingClientRect();
  if (item.top < box.top) popup.scrollTop -= box.top - item.top;
  else if (item.bottom > box.bottom) popup.scrollTop += item.bottom - box.bottom;
}

/** Tells downshift's prop getters to skip their own handling of this event. */
function skipDownshift(event: { nativeEvent: Event }) {
  Object.assign(event.nativeEvent, { preventDownshiftDefault: true });
}

/**
 * A combobox that chooses several options, shown as removable chips. Options are loaded on
 * demand, 10 at a time; without `maxSelected` the list loads 10 more whenever its end is reached
 * (by scrolling or by arrowing onto the last option). Choosing keeps the list open; Backspace in
 * the empty input removes the last chip; ArrowLeft moves from the input to the chips, where
 * Backspace or Delete removes one.
 */
export function MultiselectCombobox({
  label,
  name,
  loadOptions,
  value,
  defaultValue,
  onChange,
  maxSelected,
  error,
  placeholder,
  disabled = false,
  className,
  handoff,
}: MultiselectComboboxProps) {
  const [start] = useState(handoff);
  const limit = selectionLimit(maxSelected);
  const [ownValue, setOwnValue] = useState<MultiselectOption[]>(() => defaultValue ?? []);
  const selected = value ?? ownValue;
  /** The input's text, as downshift last reported it. */
  const query = useRef(start.text);
  const [list, dispatchList] = useReducer(optionsListReducer, initialOptionsList);
  const limitReached = isLimitReached(selected, limit);
  const moreToLoad = canLoadMore(list, limit);

  const { hint: hintId, error: errorId } = start.ids;
  const rootRef = useRef<HTMLDivElement | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const chipButtons = useRef(new Map<string, HTMLButtonElement>());
  const restoreFocus = useRef(false);

  // Handlers run from downshift's effects and from timers; they read the latest values here.
  const latest = useRef({ list, loadOptions, moreToLoad });
  useEffect(() => {
    latest.current = { list, loadOptions, moreToLoad };
  });

  const request = useRef<AbortController | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      request.current?.abort();
      clearTimeout(typingTimer.current);
    },
    [],
  );

  /** Asks for one page; a newer request cancels the one before it. */
  const load = useCallback((page: { query: string; offset: number; limit: number }) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    dispatchList({ type: "started", query: page.query, offset: page.offset });
    Promise.resolve()
      .then(() => latest.current.loadOptions({ ...page, signal: controller.signal }))
      .then(
        (result) => {
          if (controller.signal.aborted) return;
          request.current = null;
          dispatchList({ type: "loaded", query: page.query, offset: page.offset, page: result });
        },
        () => {
          if (controller.signal.aborted) return;
          request.current = null;
          dispatchList({ type: "failed", query: page.query, offset: page.offset });
        },
      );
  }, []);

  const loadMore = useCallback(() => {
    const { list: current, moreToLoad: more } = latest.current;
    // `request` is set at once, before the list state says "loading": no page is asked twice.
    if (!more || request.current) return;
    load(nextPage(current));
  }, [load]);

  const retry = useCallback(() => {
    const failed = latest.current.list.request;
    if (failed) load({ ...failed, limit: infiniteScrollStep });
  }, [load]);

  /**
   * Every change of the chosen options happens here, inside the event that caused it, so the
   * next click or key already sees it (downshift's own change callbacks run a render later, and
   * two fast clicks would each start from the same stale list).
   */
  function commit(next: MultiselectOption[]) {
    if (value === undefined) setOwnValue(next);
    onChange?.(next);
  }

  // downshift moves the focus between the chips and the input (ArrowLeft, ArrowRight); the
  // removals themselves are ours (see commit).
  const { getSelectedItemProps, getDropdownProps, setActiveIndex, activeIndex } =
    useMultipleSelection<MultiselectOption>({
      selectedItems: selected,
      itemToKey: (item) => item?.value,
      onSelectedItemsChange: ({ selectedItems }) => commit(selectedItems),
    });

  /** Removes a chip; the focus moves to the chip now in its place, or to the input. */
  function removeChip(index: number) {
    const next = selected.filter((_, i) => i !== index);
    commit(next);
    restoreFocus.current = true;
    setActiveIndex(next.length === 0 ? -1 : Math.min(index, next.length - 1));
  }

  function comboboxChanges(
    state: UseComboboxState<MultiselectOption>,
    { type, changes, props }: UseComboboxStateChangeOptions<MultiselectOption>,
  ): Partial<UseComboboxState<MultiselectOption>> {
    const types = useCombobox.stateChangeTypes;
    switch (type) {
      case types.InputKeyDownEnter:
      case types.ItemClick:
        // Choosing keeps the list open on the same option, with the query as typed.
        return {
          ...changes,
          isOpen: true,
          highlightedIndex: state.highlightedIndex,
          inputValue: state.inputValue,
        };
      case types.InputBlur:
        // Leaving the field never puts the highlighted option's name in the input.
        return { ...changes, inputValue: state.inputValue };
      case types.InputKeyDownArrowDown:
      case types.InputKeyDownPageDown:
        // At the end while more is coming, wait there instead of wrapping to the top.
        if (
          state.isOpen &&
          props.items.length > 0 &&
          (changes.highlightedIndex ?? -1) < state.highlightedIndex &&
          (latest.current.moreToLoad || request.current !== null)
        ) {
          return { ...changes, highlightedIndex: props.items.length - 1 };
        }
        return changes;
      default:
        return changes;
    }
  }

  const {
    isOpen,
    highlightedIndex,
    getLabelProps,
    getMenuProps,
    getInputProps,
    getItemProps,
    getToggleButtonProps,
  } = useCombobox<MultiselectOption>({
    labelId: start.ids.label,
    inputId: start.ids.input,
    // Typed into the plain field, or asked open there: the list is open from the start.
    initialInputValue: start.text,
    initialIsOpen: start.open || start.text !== "",
    items: list.options,
    itemToString: (item) => item?.label ?? "",
    itemToKey: (item) => item?.value,
    isItemDisabled: (item) => isOptionDisabled(item, selected, limit),
    // downshift owns the input's text (a controlled round trip through onStateChange loses fast
    // keystrokes); `query` follows it.
    scrollIntoView: scrollWithinPopup,
    stateReducer: (state, action) => {
      // downshift never holds a selected item: the chips are the selection, changed by the
      // option's click and the input's Enter (see commit). Not even a controlled `null`: that
      // makes downshift reset the input's text after a choice, eating the next keystroke.
      return { ...comboboxChanges(state, action), selectedItem: null };
    },
    onStateChange: ({ type, inputValue, isOpen: opened }) => {
      const types = useCombobox.stateChangeTypes;
      if (inputValue !== undefined) {
        query.current = inputValue;
        clearTimeout(typingTimer.current);
        if (type === types.InputChange) {
          typingTimer.current = setTimeout(() => {
            if (needsFirstPage(latest.current.list, inputValue)) load(firstPage(inputValue));
          }, typingDebounceMs);
          return;
        }
      }
      if (opened && needsFirstPage(latest.current.list, query.current)) {
        load(firstPage(query.current));
      }
    },
  });

  // Taking over from the plain field: the focus where it was, before the browser paints (a key
  // pressed in between would go nowhere).
  useLayoutEffect(() => {
    const part = start.focusedPart;
    const target = part
      ? Array.from(rootRef.current?.querySelectorAll<HTMLElement>("[data-part]") ?? []).find(
          (node) => node.dataset.part === part,
        )
      : undefined;
    target?.focus();
    if (target instanceof HTMLInputElement) {
      target.setSelectionRange(target.value.length, target.value.length);
    }
  }, [start]);

  // And the list it asked for: one open from the start reports no state change, so its first
  // page is asked for here.
  useEffect(() => {
    if (start.open || start.text !== "") load(firstPage(start.text));
  }, [start, load]);

  // Infinite scroll: the sentinel under the last option comes into view.
  const popupRef = useRef<HTMLDivElement | null>(null);
  const optionCount = list.options.length;
  useEffect(() => {
    const root = popupRef.current;
    const sentinel = sentinelRef.current;
    if (!isOpen || !moreToLoad || optionCount === 0 || !root || !sentinel) return;
    if (typeof IntersectionObserver === "undefined") return;
    // A new observer for each page reports at once whether the sentinel is still in view.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { root, rootMargin: "0px 0px 32px 0px" },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [isOpen, moreToLoad, optionCount, loadMore]);

  // The keyboard's way to the end: arrowing onto the last option loads the next page.
  useEffect(() => {
    if (isOpen && optionCount > 0 && highlightedIndex === optionCount - 1) loadMore();
  }, [isOpen, highlightedIndex, optionCount, loadMore]);

  // A removed chip takes the focus with it; give it to the next chip, or to the input.
  useEffect(() => {
    if (!restoreFocus.current) return;
    restoreFocus.current = false;
    const next = activeIndex >= 0 ? selected[activeIndex] : undefined;
    const target = next ? chipButtons.current.get(next.value) : undefined;
    (target ?? inputRef.current)?.focus();
  }, [selected, activeIndex]);

  // Clicks on the popup's own parts (Retry, the scrollbar) keep the focus in the input.
  useEffect(() => {
    const popup = popupRef.current;
    const keepFocus = (event: globalThis.MouseEvent) => event.preventDefault();
    popup?.addEventListener("mousedown", keepFocus);
    return () => popup?.removeEventListener("mousedown", keepFocus);
  }, []);

  // downshift's menu is the scrolling popup (its clicks stay inside the field, its scrolling
  // keeps the highlighted option in view); the listbox inside it takes the menu's name and id.
  const { ref: menuRef, ...listboxProps } = getMenuProps({}, { suppressRefError: true });
  const labelProps = getLabelProps();

  const loading = list.status === "loading" || (isOpen && !list.loaded && list.status === "idle");
  const showNoMatches = list.loaded && list.status === "idle" && list.options.length === 0;

  const popupNode = (
    <div
      ref={(node) => {
        popupRef.current = node;
        if (typeof menuRef === "function") menuRef(node);
      }}
      hidden={!isOpen}
      className="absolute inset-x-0 z-30 mt-1 max-h-72 overflow-y-auto overscroll-contain rounded-lg border border-line bg-surface shadow-lg"
    >
      <p
        role="status"
        className={
          limitReached
            ? "sticky top-0 z-10 border-b border-line bg-surface-muted px-3 py-2 text-sm text-ink"
            : "sr-only"
        }
      >
        {limitReached && limit !== undefined ? limitMessage(limit) : ""}
      </p>
      <div
        {...listboxProps}
        role="listbox"
        aria-multiselectable="true"
        aria-busy={loading}
        className={clsx(
          list.options.length > 0 && "py-1",
          loading && list.options.length > 0 && "opacity-70",
        )}
      >
        {list.options.map((option, index) => {
          const chosen = isChosen(selected, option.value);
          const optionDisabled = isOptionDisabled(option, selected, limit);
          return (
            <div
              key={option.value}
              {...getItemProps({
                item: option,
                index,
                "aria-selected": chosen,
                onClick: () => commit(toggleOption(selected, option, limit)),
              })}
              className={clsx(
                "flex min-h-10 cursor-pointer items-center gap-2 px-3 py-2 text-sm",
                highlightedIndex === index && "bg-surface-sunken",
                chosen ? "font-semibold text-ink" : "text-ink",
                optionDisabled && "cursor-not-allowed text-ink-muted opacity-60",
              )}
            >
              <Check
                aria-hidden="true"
                className={clsx("size-4 shrink-0 text-brand", !chosen && "invisible")}
              />
              <span className="min-w-0 flex-1 truncate">{option.label}</span>
            </div>
          );
        })}
      </div>
      <div ref={sentinelRef} aria-hidden="true" className="h-px" />
      <div role="status" className="text-sm text-ink-muted empty:hidden">
        {loading ? (
          <p className="flex items-center gap-2 px-3 py-2">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            Loading…
          </p>
        ) : showNoMatches ? (
          <p className="px-3 py-2">No matches</p>
        ) : limit !== undefined && list.hasMore && list.status === "idle" ? (
          <p className="px-3 py-2">Type to find more</p>
        ) : null}
      </div>
      {list.status === "error" ? (
        <div
          className={clsx(
            "flex flex-wrap items-center justify-between gap-2 px-3 py-2",
            list.options.length > 0 && "border-t border-line",
          )}
        >
          <p role="alert" className="text-sm text-danger">
            Could not load the options.
          </p>
          <button
            type="button"
            onClick={retry}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-line bg-surface px-3 text-sm font-semibold text-ink hover:bg-surface-sunken"
          >
            <RotateCw aria-hidden="true" className="size-4" />
            Retry
          </button>
        </div>
      ) : null}
    </div>
  );

  return (
    <MultiselectFrame
      label={label}
      labelProps={{ id: labelProps.id, htmlFor: labelProps.htmlFor }}
      selected={selected}
      chipButtonProps={(option, index) =>
        getSelectedItemProps({
          selectedItem: option,
          index,
          ref: (node: HTMLButtonElement | null) => {
            if (node) chipButtons.current.set(option.value, node);
            else chipButtons.current.delete(option.value);
          },
          onClick: (event: MouseEvent<HTMLButtonElement>) => {
            skipDownshift(event);
            // Enter or Space on a focused chip (a click with no pointer, detail 0) stays
            // with the chips; a pointer's click goes back to the input.
            if (event.detail === 0) {
              removeChip(index);
            } else {
              commit(selected.filter((_, i) => i !== index));
              setActiveIndex(-1);
              inputRef.current?.focus();
            }
          },
          onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
            if (event.key === "Backspace" || event.key === "Delete") {
              event.preventDefault();
              skipDownshift(event);
              removeChip(index);
            }
          },
        })
      }
      inputProps={getInputProps(
        getDropdownProps({
          ref: inputRef,
          disabled,
          onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === "Enter" && isOpen && !event.nativeEvent.isComposing) {
              const option = list.options[highlightedIndex];
              if (option && !isOptionDisabled(option, selected, limit)) {
                commit(toggleOption(selected, option, limit));
              }
            }
            // Backspace in the empty input removes the last chip (downshift would also
            // do it with the caret at the start of typed text).
            if (event.key === "Backspace") {
              skipDownshift(event);
              if (event.currentTarget.value === "" && selected.length > 0) {
                commit(selected.slice(0, -1));
              }
            }
          },
          preventKeyAction: disabled,
          placeholder: selected.length === 0 ? placeholder : undefined,
          "aria-describedby": describedBy(limit, hintId, error, errorId),
          "aria-invalid": error ? true : undefined,
        }),
      )}
      toggleProps={getToggleButtonProps({ disabled })}
      open={isOpen}
      popup={popupNode}
      name={name}
      limit={limit}
      hintId={hintId}
      error={error}
      errorId={errorId}
      disabled={disabled}
      className={className}
      rootRef={rootRef}
    />
  );
}
