import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/db/database.server.ts";
import { reviewStats } from "#app/reviews/schema.server.ts";
import {
  type BusinessCard,
  businessCardColumns,
  reviewStatsJoin,
  toBusinessCard,
} from "./catalog.server.ts";
import { businesses, categories, images } from "./schema.server.ts";

/**
 * Queries of the business directory screens: the A–Z directory (/businesses) and the cities
 * businesses are in.
 */

// ---------------------------------------------------------------------------------------------
// The A–Z directory

export const directoryLetters = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ", "#"] as const;
export type DirectoryLetter = (typeof directoryLetters)[number];

/** Business pages of the directory are capped, so 10,000 businesses never make one huge page. */
export const directoryPageSize = 100;

// Accents folded ("Émeka" files under E) with the same function the search indexes use.
const nameKey = sql`oja_unaccent(lower(${businesses.name}))`;
const startsWithLetter = sql`${nameKey} ~ '^[a-z]'`;
// One text key for the whole order: names under A–Z, then the rest ("#"), since "{" sorts
// right after "z" in the "C" collation, the same on PGlite and PostgreSQL.
const sortKey = sql<string>`(case when ${startsWithLetter} then ${nameKey} else '{' || ${nameKey} end) collate "C"`;
const letterOf = sql<string>`case when ${startsWithLetter} then upper(left(${nameKey}, 1)) else '#' end`;

export interface DirectoryFilters {
  categorySlug?: string;
  city?: string;
}

export class InvalidDirectoryCursorError extends Error {
  constructor() {
    super("This page of the directory has expired; start again from the letter.");
    this.name = "InvalidDirectoryCursorError";
  }
}

function encodeCursor(letter: DirectoryLetter | null, key: string, id: string) {
  return Buffer.from(JSON.stringify([letter ?? "", key, id]), "utf8").toString("base64url");
}

function decodeCursor(value: string, letter: DirectoryLetter | null) {
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(parsed) && parsed.length === 3 && parsed[0] === (letter ?? "")) {
      const [, key, id] = parsed as unknown[];
      if (typeof key === "string" && typeof id === "string") return { key, id };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new InvalidDirectoryCursorError();
}

function filterConditions(filters: DirectoryFilters): SQL[] {
  const conditions: SQL[] = [sql`${businesses.status} = 'active'`];
  if (filters.categorySlug) conditions.push(sql`${categories.slug} = ${filters.categorySlug}`);
  if (filters.city) conditions.push(sql`lower(${businesses.city}) = lower(${filters.city}::text)`);
  return conditions;
}

export type DirectoryEntry = BusinessCard & { letter: DirectoryLetter };

/**
 * One page of the directory: every active business (or those of one letter) in name order,
 * A–Z then "#", at most `limit` per page with a keyset cursor to the next; plus how many
 * businesses each letter holds under the same filters, for the letter index.
 */
export async function directoryPage(
  db: Database,
  {
    letter = null,
    filters = {},
    after = null,
    limit = directoryPageSize,
  }: {
    letter?: DirectoryLetter | null;
    filters?: DirectoryFilters;
    after?: string | null;
    limit?: number;
  },
) {
  const cursor = after ? decodeCursor(after, letter) : null;
  const conditions = filterConditions(filters);
  const pageConditions = [...conditions];
  if (letter === "#") pageConditions.push(sql`not ${startsWithLetter}`);
  else if (letter) pageConditions.push(sql`${nameKey} like ${`${letter.toLowerCase()}%`}`);
  if (cursor) {
    pageConditions.push(
      sql`(${sortKey} > ${cursor.key}::text collate "C"
        or (${sortKey} = ${cursor.key}::text collate "C" and ${businesses.id} collate "C" > ${cursor.id}))`,
    );
  }

  const [rows, letterRows] = await Promise.all([
    db
      .select({ ...businessCardColumns, letter: letterOf, sortKey: sql<string>`${sortKey}` })
      .from(businesses)
      .innerJoin(categories, eq(categories.id, businesses.categoryId))
      .leftJoin(images, eq(images.id, businesses.logoImageId))
      .leftJoin(reviewStats, reviewStatsJoin)
      .where(and(...pageConditions))
      .orderBy(sortKey, sql`${businesses.id} collate "C"`)
      .limit(limit + 1),
    db
      .select({ letter: letterOf, count: count() })
      .from(businesses)
      .innerJoin(categories, eq(categories.id, businesses.categoryId))
      .where(and(...conditions))
      .groupBy(letterOf),
  ]);

  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const counts = new Map(letterRows.map((row) => [row.letter, Number(row.count)]));
  return {
    items: page.map(
      (row): DirectoryEntry => ({ ...toBusinessCard(row), letter: row.letter as DirectoryLetter }),
    ),
    nextCursor: rows.length > limit && last ? encodeCursor(letter, last.sortKey, last.id) : null,
    letters: directoryLetters.map((value) => ({ letter: value, count: counts.get(value) ?? 0 })),
  };
}
