import { useId, useRef } from "react";
import { useNavigate } from "react-router";
import { searchPath } from "#app/search/search-path.ts";
import { lazyComponent, useLazyComponent } from "./lazy-component.ts";
import {
  type SearchBoxProps,
  SearchForm,
  searchInputAttributes,
  searchLabel,
} from "./search-form-frame.tsx";

const combobox = lazyComponent(() =>
  import("./search-combobox.tsx").then((module) => module.SearchCombobox),
);

/**
 * The header's search (and the home page's). It renders as a plain search form whose input
 * already carries the combobox's roles and ids; the autocomplete (downshift, ~11 KB gzipped,
 * search-combobox.tsx) loads only when the box is first pressed, focused or typed in (issue 5:
 * under 100 KB of JavaScript before interaction). Until then Enter searches for the text
 * (/search/{term}), and before JavaScript the form goes to /search/ff?q=…, which redirects there.
 * When the autocomplete arrives it takes the box over with the text, the caret and the focus.
 */
export function SearchBox({ className, defaultValue }: SearchBoxProps) {
  const id = useId();
  const ids = { base: id, label: `${id}-label`, input: `${id}-input`, menu: `${id}-menu` };
  const [Combobox, wake] = useLazyComponent(combobox);
  const inputRef = useRef<HTMLInputElement>(null);
  const typed = useRef(false);
  const navigate = useNavigate();

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
        // The text is searched: an autocomplete arriving after this must not offer suggestions
        // for it over the results (it did on a slow connection, covering the result tabs).
        typed.current = false;
        // Kept for the autocomplete, which reads them and brings the module with it: a search
        // made before it has loaded waits for that chunk to be remembered, not to be made.
        void import("#app/search/recent-searches.ts").then(({ rememberSearch }) =>
          rememberSearch(text),
        );
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
