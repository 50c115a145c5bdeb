/**
 * The multiselect's pure logic, kept apart from React and downshift so it can be tested alone.
 *
 * The spec: "Multiselect dropdown: no limit by default, infinite scroll step of 10 when no limit
 * is set." Options come from the server one page of `infiniteScrollStep` at a time. Without
 * `maxSelected` people may choose any number of options and the list loads the next page when
 * they reach its end; with `maxSelected` only the first page of each query is loaded.
 */

/** The spec's infinite scroll step: every request asks for this many options. */
export const infiniteScrollStep = 10;

export interface MultiselectOption {
  value: string;
  label: string;
}

export interface OptionsPage {
  options: MultiselectOption[];
  hasMore: boolean;
}

export interface LoadOptionsRequest {
  query: string;
  offset: number;
  limit: number;
  signal: AbortSignal;
}

export type LoadOptions = (request: LoadOptionsRequest) => Promise<OptionsPage>;

/** No limit unless one is given: `undefined` (or anything that is not a positive whole number). */
export function selectionLimit(maxSelected: number | undefined): number | undefined {
  return maxSelected !== undefined && Number.isInteger(maxSelected) && maxSelected > 0
    ? maxSelected
    : undefined;
}

export function isLimitReached(
  selected: readonly MultiselectOption[],
  maxSelected: number | undefined,
): boolean {
  const limit = selectionLimit(maxSelected);
  return limit !== undefined && selected.length >= limit;
}

export function limitMessage(maxSelected: number): string {
  return `You can choose up to ${maxSelected}`;
}

export function isChosen(selected: readonly MultiselectOption[], value: string): boolean {
  return selected.some((option) => option.value === value);
}

/** Chosen options stay enabled (to unchoose them); the others are disabled once the limit is reached. */
export function isOptionDisabled(
  option: MultiselectOption,
  selected: readonly MultiselectOption[],
  maxSelected: number | undefined,
): boolean {
  return isLimitReached(selected, maxSelected) && !isChosen(selected, option.value);
}

/** Chooses an option, or unchooses it when it was chosen. Never goes past the limit. */
export function toggleOption(
  selected: readonly MultiselectOption[],
  option: MultiselectOption,
  maxSelected: number | undefined,
): MultiselectOption[] {
  if (isChosen(selected, option.value)) {
    return selected.filter((chosen) => chosen.value !== option.value);
  }
  if (isLimitReached(selected, maxSelected)) return [...selected];
  return [...selected, option];
}

/** Appends a page to the options already shown, leaving out values already there. */
export function mergeOptions(
  shown: readonly MultiselectOption[],
  page: readonly MultiselectOption[],
): MultiselectOption[] {
  const seen = new Set(shown.map((option) => option.value));
  const merged = [...shown];
  for (const option of page) {
    if (seen.has(option.value)) continue;
    seen.add(option.value);
    merged.push(option);
  }
  return merged;
}

/** The options list: what is shown, for which query, and the request under way or failed. */
export interface OptionsListState {
  /** The query the shown options answer. */
  query: string;
  options: MultiselectOption[];
  hasMore: boolean;
  /** Offset of the next page: how many options the server has sent for this query. */
  nextOffset: number;
  /** Whether the first page of `query` has arrived. */
  loaded: boolean;
  status: "idle" | "loading" | "error";
  /** The latest request: the one loading, or the one that failed (for Retry). */
  request: { query: string; offset: number } | null;
}

export const initialOptionsList: OptionsListState = {
  query: "",
  options: [],
  hasMore: false,
  nextOffset: 0,
  loaded: false,
  status: "idle",
  request: null,
};

export type OptionsListAction =
  | { type: "started"; query: string; offset: number }
  | { type: "loaded"; query: string; offset: number; page: OptionsPage }
  | { type: "failed"; query: string; offset: number };

function isLatest(state: OptionsListState, action: { query: string; offset: number }): boolean {
  return state.request?.query === action.query && state.request.offset === action.offset;
}

export function optionsListReducer(
  state: OptionsListState,
  action: OptionsListAction,
): OptionsListState {
  switch (action.type) {
    case "started":
      // The options of the previous query stay on screen until the new ones arrive.
      return {
        ...state,
        status: "loading",
        request: { query: action.query, offset: action.offset },
      };
    case "loaded": {
      if (!isLatest(state, action)) return state;
      const first = action.offset === 0 || action.query !== state.query;
      const options = first
        ? mergeOptions([], action.page.options)
        : mergeOptions(state.options, action.page.options);
      return {
        query: action.query,
        options,
        hasMore: action.page.hasMore,
        nextOffset: action.offset + action.page.options.length,
        loaded: true,
        status: "idle",
        request: null,
      };
    }
    case "failed":
      if (!isLatest(state, action)) return state;
      return { ...state, status: "error" };
  }
}

/** The first page of a query: asked for on open and after typing. */
export function firstPage(query: string): { query: string; offset: number; limit: number } {
  return { query, offset: 0, limit: infiniteScrollStep };
}

/** The page after the shown options. */
export function nextPage(state: OptionsListState): {
  query: string;
  offset: number;
  limit: number;
} {
  return { query: state.query, offset: state.nextOffset, limit: infiniteScrollStep };
}

/**
 * Whether reaching the end of the list loads more: only without a limit (the spec's infinite
 * scroll), when the server said there is more, and when nothing is loading or failed.
 */
export function canLoadMore(state: OptionsListState, maxSelected: number | undefined): boolean {
  return (
    selectionLimit(maxSelected) === undefined &&
    state.loaded &&
    state.hasMore &&
    state.status === "idle"
  );
}

/** Whether opening the list (or typing) needs the first page of `query`. */
export function needsFirstPage(state: OptionsListState, query: string): boolean {
  if (state.status === "loading") return state.request?.query !== query;
  if (state.status === "error") return true;
  return !state.loaded || state.query !== query;
}
