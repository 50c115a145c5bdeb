import { describe, expect, it } from "vitest";
import { maxRecentSearches, parseRecentSearches, withRecentSearch } from "./recent-searches.ts";

describe("recent searches", () => {
  it("the newest search comes first and the list keeps the last 5", () => {
    let list: string[] = [];
    for (const term of ["spa", "jollof", "suya", "braids", "gym", "sneakers"]) {
      list = withRecentSearch(list, term);
    }
    expect(list).toEqual(["sneakers", "gym", "braids", "suya", "jollof"]);
    expect(list).toHaveLength(maxRecentSearches);
  });

  it("searching again for a term moves it to the top instead of repeating it", () => {
    expect(withRecentSearch(["jollof", "Spa  Lagos", "gym"], " spa lagos ")).toEqual([
      "spa lagos",
      "jollof",
      "gym",
    ]);
  });

  it("a blank term changes nothing", () => {
    expect(withRecentSearch(["spa"], "   ")).toEqual(["spa"]);
  });

  it("a corrupt or foreign stored value reads as no recent searches", () => {
    expect(parseRecentSearches(null)).toEqual([]);
    expect(parseRecentSearches("{not json")).toEqual([]);
    expect(parseRecentSearches('{"a":1}')).toEqual([]);
    expect(parseRecentSearches('["spa", 3, "", "SPA", "gym", "a", "b", "c", "d"]')).toEqual([
      "spa",
      "gym",
      "a",
      "b",
      "c",
    ]);
  });
});
