/**
 * The header search box's recent searches: the last 5 terms, newest first, each once (case and
 * spacing ignored), kept in this browser only. A corrupt or foreign stored value reads as none.
 */
export const recentSearchesKey = "oja:recent-searches";
export const maxRecentSearches = 5;

const sameTerm = (a: string, b: string) =>
  a.replace(/\s+/g, " ").trim().toLowerCase() === b.replace(/\s+/g, " ").trim().toLowerCase();

export function parseRecentSearches(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value = JSON.parse(stored) as unknown;
    if (!Array.isArray(value)) return [];
    const terms: string[] = [];
    for (const term of value) {
      if (typeof term !== "string" || term.trim() === "") continue;
      if (!terms.some((t) => sameTerm(t, term))) terms.push(term);
    }
    return terms.slice(0, maxRecentSearches);
  } catch {
    return [];
  }
}

export function withRecentSearch(list: readonly string[], term: string): string[] {
  const clean = term.replace(/\s+/g, " ").trim();
  if (!clean) return [...list];
  return [clean, ...list.filter((t) => !sameTerm(t, clean))].slice(0, maxRecentSearches);
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage can be switched off (private modes, policies): recent searches are then skipped.
    return null;
  }
}

export function readRecentSearches(): string[] {
  try {
    return parseRecentSearches(storage()?.getItem(recentSearchesKey) ?? null);
  } catch {
    return [];
  }
}

export function rememberSearch(term: string): string[] {
  const next = withRecentSearch(readRecentSearches(), term);
  try {
    storage()?.setItem(recentSearchesKey, JSON.stringify(next));
  } catch {
    // Full or blocked storage only loses the history.
  }
  return next;
}

export function clearRecentSearches(): void {
  try {
    storage()?.removeItem(recentSearchesKey);
  } catch {
    // As above.
  }
}
