import { clsx } from "clsx";
import { useCombobox } from "downshift";
import { Clock, LayoutGrid, Package, Store } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { http } from "#app/http/http-client.ts";
import {
  clearRecentSearches,
  readRecentSearches,
  rememberSearch,
} from "#app/search/recent-searches.ts";
import type { Suggestion } from "#app/search/search.server.ts";
import { searchPath } from "#app/search/search-path.ts";
import {
  type Handoff,
  menuClass,
  type SearchBoxProps,
  SearchForm,
  type SearchIds,
  searchInputAttributes,
  searchLabel,
} from "./search-form-frame.tsx";

/** How long typing pauses before suggestions are asked for. */
const typingDebounceMs = 200;

type Option = Suggestion | { kind: "recent"; label: string; detail: null; href: string };

const icons = { recent: Clock, category: LayoutGrid, business: Store, product: Package };
const kindNames = {
  recent: "Recent search",
  category: "Category",
  business: "Business",
  product: "Product",
};

export interface SearchComboboxProps extends SearchBoxProps {
  ids: SearchIds;
  /** Reads the plain box this replaces (search-box.tsx), while it is still on the page. */
  handoff: () => Handoff | undefined;
}

/**
 * The search box's autocomplete, loaded by search-box.tsx on first use: an accessible combobox
 * (downshift) with suggestions as you type and your recent searches when the box is empty.
 * Enter searches for the text (/search/{term}); choosing a suggestion opens it.
 */
export function SearchCombobox({ className, defaultValue, ids, handoff }: SearchComboboxProps) {
  // Read once, during the first render, while the plain box is still there to read.
  const [start] = useState(handoff);
  const navigate = useNavigate();
  const [query, setQuery] = useState(start?.value ?? defaultValue ?? "");
  const [typed, setTyped] = useState(start?.typed ?? false);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  // Rendered in the browser only (after the plain box), so storage can be read at once.
  const [recent, setRecent] = useState(readRecentSearches);
  const request = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const clearRef = useRef<HTMLButtonElement>(null);

  const term = query.trim();
  const showingRecent = term === "";
  const options: Option[] = showingRecent
    ? recent.map((label) => ({ kind: "recent", label, detail: null, href: searchPath(label) }))
    : suggestions;

  // Ask for suggestions once typing pauses; a newer keystroke aborts the older request.
  useEffect(() => {
    if (!typed || !term) {
      request.current?.abort();
      setSuggestions([]);
      return;
    }
    const timer = setTimeout(() => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      http
        .request<Suggestion[]>(`/api/search/suggest?q=${encodeURIComponent(term)}`, {
          signal: controller.signal,
          timeout: 5_000,
          retries: 1,
        })
        .then((list) => {
          if (!controller.signal.aborted) setSuggestions(Array.isArray(list) ? list : []);
        })
        .catch(() => {
          // Suggestions are a nicety: on failure the box keeps working as a plain search.
        });
    }, typingDebounceMs);
    return () => clearTimeout(timer);
  }, [term, typed]);

  useEffect(() => () => request.current?.abort(), []);

  function open(option: Option) {
    setRecent(rememberSearch(option.label));
    navigate(option.href);
  }

  const {
    isOpen,
    highlightedIndex,
    getLabelProps,
    getMenuProps,
    getInputProps,
    getItemProps,
    openMenu,
    closeMenu,
  } = useCombobox<Option>({
    items: options,
    id: ids.base,
    labelId: ids.label,
    inputId: ids.input,
    menuId: ids.menu,
    // downshift owns the input's text (a controlled round trip loses fast keystrokes).
    initialInputValue: start?.value ?? defaultValue ?? "",
    selectedItem: null,
    itemToString: (item) => item?.label ?? "",
    onInputValueChange: ({ inputValue, type }) => {
      setQuery(inputValue ?? "");
      if (type === useCombobox.stateChangeTypes.InputChange) setTyped(true);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) open(selectedItem);
    },
    stateReducer: (state, { type, changes }) => {
      const types = useCombobox.stateChangeTypes;
      // Choosing opens the option; the box keeps the text as typed rather than the label.
      if (type === types.InputKeyDownEnter || type === types.ItemClick) {
        return { ...changes, inputValue: state.inputValue, isOpen: false };
      }
      if (type === types.InputBlur) return { ...changes, inputValue: state.inputValue };
      return changes;
    },
  });

  const showMenu = isOpen && options.length > 0;

  // Taking over from the plain box: the focus and the caret stay where the shopper left them
  // (focusing opens the list, as a first focus would have).
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input || !start?.focused) return;
    input.focus({ preventScroll: true });
    if (start.selection) input.setSelectionRange(...start.selection);
  }, [start]);

  function clearRecent() {
    clearRecentSearches();
    setRecent([]);
    inputRef.current?.focus();
  }

  return (
    <SearchForm
      className={className}
      onSearch={(text) => {
        closeMenu();
        setRecent(rememberSearch(text));
        navigate(searchPath(text));
      }}
      label={
        // biome-ignore lint/a11y/noLabelWithoutControl: downshift's getLabelProps ties it to the input.
        <label {...getLabelProps()} className="sr-only">
          {searchLabel}
        </label>
      }
      input={
        <input
          {...getInputProps({
            ref: inputRef,
            onBlur: (event) => {
              // Tabbing to "Clear" keeps the list open, or the button would vanish under focus.
              if (event.relatedTarget && event.relatedTarget === clearRef.current) {
                (
                  event.nativeEvent as { preventDownshiftDefault?: boolean }
                ).preventDownshiftDefault = true;
              }
            },
            onFocus: () => {
              if (!isOpen) openMenu();
            },
            onKeyDown: (event) => {
              // Enter without a highlighted option searches for the text: downshift would
              // swallow it, so the form's own submit takes it instead.
              if (event.key === "Enter" && highlightedIndex < 0) {
                (
                  event.nativeEvent as { preventDownshiftDefault?: boolean }
                ).preventDownshiftDefault = true;
              }
            },
          })}
          {...searchInputAttributes}
        />
      }
      menuOpen={showMenu}
      header={
        showMenu && showingRecent ? (
          <div className="flex items-center justify-between border-b border-line px-3 py-1.5">
            <span className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
              Recent searches
            </span>
            <button
              ref={clearRef}
              type="button"
              // Pressing outside the list closes it before a click would land: a pointer clears
              // on press (keeping the focus in the box), the keyboard on click.
              onPointerDown={(event) => {
                event.preventDefault();
                clearRecent();
              }}
              onMouseDown={(event) => event.preventDefault()}
              onClick={clearRecent}
              className="min-h-9 rounded px-2 text-sm font-semibold text-brand hover:underline"
            >
              Clear
            </button>
          </div>
        ) : null
      }
      menu={
        <ul
          {...getMenuProps({
            "aria-label": showingRecent ? "Recent searches" : "Suggestions",
          })}
          className={menuClass}
        >
          {showMenu
            ? options.map((option, index) => {
                const Icon = icons[option.kind];
                return (
                  <li
                    key={`${option.kind}:${option.href}`}
                    {...getItemProps({ item: option, index })}
                    className={clsx(
                      "flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5",
                      highlightedIndex === index && "bg-surface-sunken",
                    )}
                  >
                    <Icon aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm text-ink">{option.label}</span>
                      {option.detail ? (
                        <span className="block truncate text-xs text-ink-muted">
                          {option.detail}
                        </span>
                      ) : null}
                    </span>
                    {option.kind === "recent" ? null : (
                      <span className="shrink-0 text-xs text-ink-muted">
                        {kindNames[option.kind]}
                      </span>
                    )}
                  </li>
                );
              })
            : null}
        </ul>
      }
      status={
        isOpen && !showingRecent && typed && suggestions.length > 0
          ? `${suggestions.length} suggestions; use the arrow keys to choose one.`
          : ""
      }
    />
  );
}
