import { useCallback, useEffect, useState } from "react";

/**
 * A form's words kept in the browser while they are being written, so a reload, a closed tab or a
 * lost connection doesn't lose a long text (the review form). `draft` is null on the server and on
 * the first render, then what was saved under `key` (if anything); `save` keeps the fields, and
 * `clear` forgets them once the form was sent. Storage that is full, off or corrupt only means no
 * draft: never an error.
 */
export function useDraft(key: string) {
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    try {
      const stored = JSON.parse(window.localStorage.getItem(key) ?? "null");
      if (stored && typeof stored === "object" && !Array.isArray(stored)) {
        setDraft(
          Object.fromEntries(
            Object.entries(stored).filter(
              (entry): entry is [string, string] => typeof entry[1] === "string",
            ),
          ),
        );
      }
    } catch {
      // A corrupt draft is no draft.
    }
  }, [key]);
  const save = useCallback(
    (fields: Record<string, string>) => {
      try {
        window.localStorage.setItem(key, JSON.stringify(fields));
      } catch {
        // Full or disabled storage: the form still works, without a draft.
      }
    },
    [key],
  );
  const clear = useCallback(() => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing to forget.
    }
  }, [key]);
  return { draft, save, clear };
}
