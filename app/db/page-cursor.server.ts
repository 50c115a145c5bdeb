import { type SQL, sql } from "drizzle-orm";

/**
 * Keyset pagination's `?after=` cursor: the last row's sort key and id, as base64url JSON. A
 * cursor is checked against the list's own key shape before it gets near SQL.
 */

/** Thrown for an `?after=` cursor that was not made by this list; answer 400. */
export class InvalidPageCursorError extends Error {
  constructor() {
    super("This page link is broken or out of date. Start again from the first page.");
    this.name = "InvalidPageCursorError";
  }
}

export interface Page<T> {
  items: T[];
  /** The `?after=` value of the next page, or null on the last page. */
  nextCursor: string | null;
}

export function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id]), "utf8").toString("base64url");
}

/** Only a key of the list's own shape gets near SQL, so a forged cursor is a 400, never a 500. */
export function decodeCursor(value: string, keyPattern: RegExp): { key: string; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [key, id] = parsed as unknown[];
      if (typeof key === "string" && keyPattern.test(key) && typeof id === "string" && id) {
        return { key, id };
      }
    }
  } catch {
    // Falls through to the error below.
  }
  throw new InvalidPageCursorError();
}

/** A timestamp key as exact UTC text to the microsecond (a JS Date would lose them). */
export const exactTimeKey = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A timestamptz column as exact UTC text, the cursor's form; round-trips through `::timestamptz`. */
export const exactTime = (column: SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
