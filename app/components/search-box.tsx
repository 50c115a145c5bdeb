import { clsx } from "clsx";
import { Search } from "lucide-react";
import { type ComponentType, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { rememberSearch } from "#app/search/recent-searches.ts";
import { searchPath } from "#app/search/search-query.ts";
import type { SearchComboboxProps } from "./search-combobox.tsx";

/**
 * The header's search (and the home page's). It renders as a plain search form whose input
 * already carries the combobox's roles and ids; the autocomplete (downshift, ~11 KB gzipped,
 * search-combobox.tsx) loads only when the box is first pressed, focused or typed in (issue 5:
 * under 100 KB of JavaScript before interaction). Until then Enter searches for the text
 * (/search/{term}), and before JavaScript the form goes to /search/ff?q=…, which redirects there.
 * When the autocomplete arrives it takes the box over with the text, the caret and the focus.
 */
export interface SearchBoxProps {
  className?: string;
  defaultValue?: string;
}

/** The element ids both forms of the box use, so the combobox keeps the plain box's. */
export interface SearchIds {
  base: string;
  label: string;
  input: string;
  menu: string;
}

/** The plain box's state at the moment the autocomplete replaces it. */
export interface Handoff {
  value: string;
  focused: boolean;
  selection: [number, number] | null;
  typed: boolean;
}

let loaded: ComponentType<SearchComboboxProps> | undefined;
let loading: Promise<ComponentType<SearchComboboxProps>> | undefined;

function loadCombobox() {
  loading ??= import("./search-combobox.tsx").then(
    (module) => {
      loaded = module.SearchCombobox;
      return loaded;
    },
    (error: unknown) => {
      loading = undefined; // a chunk lost to a deploy: the next focus tries again
      throw error;
    },
  );
  return loading;
}

export function SearchBox({ className, defaultValue }: SearchBoxProps) {
  const id = useId();
  const ids = { base: id, label: `${id}-label`, input: `${id}-input`, menu: `${id}-menu` };
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps>>();
  const inputRef = useRef<HTMLInputElement>(null);
  const typed = useRef(false);
  const asked = useRef(false);
  const navigate = useNavigate();

  // A box mounted after the autocomplete has loaded (a later page) starts with it.
  useEffect(() => {
    if (loaded) setCombobox(() => loaded);
  }, []);

  function wake() {
    if (asked.current) return;
    asked.current = true;
    // A rejection is a chunk that failed to load: the reload guard takes it
    // (updates/chunk-reload.ts), and the plain box keeps working meanwhile.
    void loadCombobox().then((component) => setCombobox(() => component));
  }

  if (Combobox) {
    return (
      <Combobox
        className={className}
        defaultValue={defaultValue}
        ids={ids}
        handoff={() => {
          const input = inputRef.current;
          if (!input) return undefined;
          const { selectionStart, selectionEnd } = input;
          return {
            value: input.value,
            focused: document.activeElement === input,
            selection:
              selectionStart === null || selectionEnd === null
                ? null
                : [selectionStart, selectionEnd],
            typed: typed.current,
          };
        }}
      />
    );
  }

  return (
    <SearchForm
      className={className}
      onSearch={(text) => {
        rememberSearch(text);
        navigate(searchPath(text));
      }}
      label={
        <label id={ids.label} htmlFor={ids.input} className="sr-only">
          {searchLabel}
        </label>
      }
      input={
        <input
          ref={inputRef}
          id={ids.input}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={false}
          aria-labelledby={ids.label}
          defaultValue={defaultValue}
          onPointerDown={wake}
          onFocus={wake}
          onInput={() => {
            typed.current = true;
            wake();
          }}
          {...searchInputAttributes}
        />
      }
      // The list arrives with the autocomplete; collapsed, the combobox needs none yet.
      menu={null}
      status=""
    />
  );
}

export const searchLabel = "Search businesses, products and vouchers";

export const searchInputAttributes = {
  type: "search",
  name: "q",
  placeholder: "Search spas, suya, sneakers…",
  autoComplete: "off",
  enterKeyHint: "search",
  maxLength: 100,
  className:
    "h-11 w-full rounded-lg border border-line bg-surface pr-3 pl-10 text-base text-ink placeholder:text-ink-muted",
} as const;

export const menuClass = "max-h-[min(24rem,60vh)] overflow-y-auto py-1";

/**
 * The frame both forms of the box share: the form, the label, the icon, the list's panel. With
 * JavaScript, a submit with text calls onSearch instead of going to /search/ff.
 */
export function SearchForm({
  className,
  onSearch,
  label,
  input,
  menu,
  menuOpen = false,
  header,
  status,
}: {
  className?: string;
  onSearch: (text: string) => void;
  label: ReactNode;
  input: ReactNode;
  menu: ReactNode;
  menuOpen?: boolean;
  header?: ReactNode;
  status: string;
}) {
  return (
    <Form
      role="search"
      method="get"
      action="/search/ff"
      className={clsx("relative", className)}
      onSubmit={(event) => {
        event.preventDefault();
        const text = new FormData(event.currentTarget).get("q")?.toString().trim();
        if (text) onSearch(text);
      }}
    >
      {label}
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted"
        />
        {input}
      </div>
      <div
        className={clsx(
          "absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-card border border-line bg-surface shadow-lg",
          !menuOpen && "hidden",
        )}
      >
        {header}
        {menu}
      </div>
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
    </Form>
  );
}
