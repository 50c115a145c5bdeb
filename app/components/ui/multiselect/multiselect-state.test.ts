import { describe, expect, test } from "vitest";
import {
  canLoadMore,
  firstPage,
  infiniteScrollStep,
  initialOptionsList,
  isLimitReached,
  isOptionDisabled,
  limitMessage,
  type MultiselectOption,
  mergeOptions,
  needsFirstPage,
  nextPage,
  type OptionsListAction,
  type OptionsListState,
  optionsListReducer,
  selectionLimit,
  toggleOption,
} from "./multiselect-state.ts";

function option(n: number): MultiselectOption {
  return { value: `biz_${n}`, label: `Business ${n}` };
}

function options(from: number, count: number): MultiselectOption[] {
  return Array.from({ length: count }, (_, i) => option(from + i));
}

function run(...actions: OptionsListAction[]): OptionsListState {
  return actions.reduce(optionsListReducer, initialOptionsList);
}

/** The list after the first page of `query` arrived: 10 options and more on the server. */
function firstPageLoaded(query = ""): OptionsListState {
  return run(
    { type: "started", query, offset: 0 },
    { type: "loaded", query, offset: 0, page: { options: options(1, 10), hasMore: true } },
  );
}

describe("the spec's numbers", () => {
  test("the infinite scroll step is 10", () => {
    expect(infiniteScrollStep).toBe(10);
  });

  test("the first page of a query asks for 10 options from offset 0", () => {
    expect(firstPage("spa")).toEqual({ query: "spa", offset: 0, limit: 10 });
  });

  test("the page after 10 shown options asks for the next 10 from offset 10", () => {
    expect(nextPage(firstPageLoaded("spa"))).toEqual({ query: "spa", offset: 10, limit: 10 });
  });

  test("the page after that asks for offset 20", () => {
    const state = optionsListReducer(
      optionsListReducer(firstPageLoaded(), { type: "started", query: "", offset: 10 }),
      { type: "loaded", query: "", offset: 10, page: { options: options(11, 10), hasMore: true } },
    );
    expect(state.options).toHaveLength(20);
    expect(nextPage(state)).toEqual({ query: "", offset: 20, limit: 10 });
  });
});

describe("the selection limit", () => {
  test("there is no limit when none is given", () => {
    expect(selectionLimit(undefined)).toBeUndefined();
    expect(isLimitReached(options(1, 500), undefined)).toBe(false);
  });

  test("without a limit every option stays enabled however many are chosen", () => {
    expect(isOptionDisabled(option(999), options(1, 100), undefined)).toBe(false);
  });

  test("a limit that is not a positive whole number counts as no limit", () => {
    expect(selectionLimit(0)).toBeUndefined();
    expect(selectionLimit(-2)).toBeUndefined();
    expect(selectionLimit(2.5)).toBeUndefined();
    expect(selectionLimit(3)).toBe(3);
  });

  test("the limit is reached when as many options are chosen as it allows", () => {
    expect(isLimitReached(options(1, 2), 3)).toBe(false);
    expect(isLimitReached(options(1, 3), 3)).toBe(true);
  });

  test("at the limit the options not chosen are disabled and the chosen ones are not", () => {
    const chosen = options(1, 3);
    expect(isOptionDisabled(option(4), chosen, 3)).toBe(true);
    expect(isOptionDisabled(option(2), chosen, 3)).toBe(false);
  });

  test("the limit message names the limit", () => {
    expect(limitMessage(3)).toBe("You can choose up to 3");
  });
});

describe("choosing and unchoosing", () => {
  test("choosing an option adds it at the end", () => {
    expect(toggleOption([option(1)], option(2), undefined)).toEqual([option(1), option(2)]);
  });

  test("choosing a chosen option removes it", () => {
    expect(toggleOption([option(1), option(2)], option(1), undefined)).toEqual([option(2)]);
  });

  test("without a limit a twelfth option can be chosen", () => {
    const chosen = toggleOption(options(1, 11), option(12), undefined);
    expect(chosen).toHaveLength(12);
  });

  test("at the limit a new option is not added but a chosen one can still be removed", () => {
    const chosen = options(1, 3);
    expect(toggleOption(chosen, option(4), 3)).toEqual(chosen);
    expect(toggleOption(chosen, option(3), 3)).toEqual(options(1, 2));
  });

  test("toggling never changes the list it was given", () => {
    const chosen = options(1, 2);
    toggleOption(chosen, option(3), undefined);
    toggleOption(chosen, option(1), undefined);
    expect(chosen).toEqual(options(1, 2));
  });
});

describe("merging pages", () => {
  test("a page is appended after the options shown", () => {
    expect(mergeOptions(options(1, 2), options(3, 2))).toEqual(options(1, 4));
  });

  test("options already shown are not repeated", () => {
    expect(mergeOptions(options(1, 3), options(3, 3))).toEqual(options(1, 5));
  });

  test("a page repeating a value within itself keeps the first", () => {
    expect(mergeOptions([], [option(1), { ...option(1), label: "Again" }])).toEqual([option(1)]);
  });
});

describe("the options list", () => {
  test("a first page replaces the options of the previous query", () => {
    const state = optionsListReducer(
      optionsListReducer(firstPageLoaded(""), { type: "started", query: "spa", offset: 0 }),
      { type: "loaded", query: "spa", offset: 0, page: { options: [option(40)], hasMore: false } },
    );
    expect(state.query).toBe("spa");
    expect(state.options).toEqual([option(40)]);
    expect(state.hasMore).toBe(false);
  });

  test("the next offset counts what the server sent, even when a duplicate was dropped", () => {
    const state = optionsListReducer(
      optionsListReducer(firstPageLoaded(), { type: "started", query: "", offset: 10 }),
      { type: "loaded", query: "", offset: 10, page: { options: options(10, 10), hasMore: true } },
    );
    expect(state.options).toHaveLength(19);
    expect(nextPage(state).offset).toBe(20);
  });

  test("an answer to a request that was replaced is ignored", () => {
    const state = run(
      { type: "started", query: "s", offset: 0 },
      { type: "started", query: "sp", offset: 0 },
      { type: "loaded", query: "s", offset: 0, page: { options: options(1, 10), hasMore: true } },
    );
    expect(state.loaded).toBe(false);
    expect(state.status).toBe("loading");
  });

  test("a failure keeps the options shown and remembers the request for Retry", () => {
    const state = optionsListReducer(
      optionsListReducer(firstPageLoaded(), { type: "started", query: "", offset: 10 }),
      { type: "failed", query: "", offset: 10 },
    );
    expect(state.status).toBe("error");
    expect(state.options).toHaveLength(10);
    expect(state.request).toEqual({ query: "", offset: 10 });
  });
});

describe("whether more can be loaded", () => {
  test("without a limit, more loads when the server has more and nothing is loading", () => {
    expect(canLoadMore(firstPageLoaded(), undefined)).toBe(true);
  });

  test("with a limit, no more than the first page is loaded", () => {
    expect(canLoadMore(firstPageLoaded(), 3)).toBe(false);
  });

  test("nothing more loads when the server has no more", () => {
    const state = run(
      { type: "started", query: "", offset: 0 },
      { type: "loaded", query: "", offset: 0, page: { options: options(1, 4), hasMore: false } },
    );
    expect(canLoadMore(state, undefined)).toBe(false);
  });

  test("nothing more loads while a page is loading or after a failure", () => {
    const loading = optionsListReducer(firstPageLoaded(), {
      type: "started",
      query: "",
      offset: 10,
    });
    expect(canLoadMore(loading, undefined)).toBe(false);
    const failed = optionsListReducer(loading, { type: "failed", query: "", offset: 10 });
    expect(canLoadMore(failed, undefined)).toBe(false);
  });

  test("nothing loads before the first page has arrived", () => {
    expect(canLoadMore(initialOptionsList, undefined)).toBe(false);
  });
});

describe("when the first page is needed", () => {
  test("opening for the first time needs it", () => {
    expect(needsFirstPage(initialOptionsList, "")).toBe(true);
  });

  test("opening again with the same query does not", () => {
    expect(needsFirstPage(firstPageLoaded("spa"), "spa")).toBe(false);
  });

  test("a different query needs it", () => {
    expect(needsFirstPage(firstPageLoaded("spa"), "salon")).toBe(true);
  });

  test("a query already loading does not need it again", () => {
    const loading = run({ type: "started", query: "spa", offset: 0 });
    expect(needsFirstPage(loading, "spa")).toBe(false);
  });

  test("after a failure it is asked for again", () => {
    const failed = run(
      { type: "started", query: "spa", offset: 0 },
      { type: "failed", query: "spa", offset: 0 },
    );
    expect(needsFirstPage(failed, "spa")).toBe(true);
  });
});
