import { clsx } from "clsx";
import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * What the plain search box (search-box.tsx) and its autocomplete (search-combobox.tsx, loaded
 * later) share, in a module of its own so that neither imports the other for it.
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

export const searchLabel = "Search businesses and products";

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
