import { and, asc, eq, ilike } from "drizzle-orm";
import { businesses } from "#app/catalog/schema.server.ts";
import { infiniteScrollStep } from "#app/components/ui/multiselect/multiselect-state.ts";
import { services } from "#app/context.server.ts";
import type { Database } from "#app/db/database.server.ts";
import { notFound } from "#app/errors.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/dev-kit-options";

/**
 * Options for the kit's multiselect, loaded on demand (test mode only; 404 with live keys):
 * GET /dev/kit/options?q=&offset=&limit= answers `{ options: [{ value, label }], hasMore }`,
 * the active businesses whose name contains `q` (any case), by name then id. A bad parameter
 * answers 400 with `{ message, fields }`, never 500.
 */
const maxLimit = 50;

/** An empty parameter (`?offset=`) counts as absent. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" || value === null ? undefined : value), schema);
}

const querySchema = z.object({
  q: optional(z.string().trim().max(100, "must be at most 100 characters").default("")),
  offset: optional(
    z.coerce
      .number({ message: "must be a whole number" })
      .int("must be a whole number")
      .min(0, "must be 0 or more")
      .max(100_000, "must be at most 100000")
      .default(0),
  ),
  limit: optional(
    z.coerce
      .number({ message: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be 1 or more")
      .default(infiniteScrollStep)
      .transform((limit) => Math.min(limit, maxLimit)),
  ),
});

/** `%`, `_` and `\` in what people type match themselves, not any text. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

async function findBusinessOptions(
  db: Database,
  { q, offset, limit }: { q: string; offset: number; limit: number },
) {
  const rows = await db
    .select({ value: businesses.id, label: businesses.name })
    .from(businesses)
    .where(
      and(
        eq(businesses.status, "active"),
        q ? ilike(businesses.name, containsPattern(q)) : undefined,
      ),
    )
    .orderBy(asc(businesses.name), asc(businesses.id))
    .offset(offset)
    // One row more than asked tells whether another page exists.
    .limit(limit + 1);
  return { options: rows.slice(0, limit), hasMore: rows.length > limit };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { settings, db } = services(context);
  if (settings.paystack.mode !== "test") throw notFound(url);
  const parsed = querySchema.safeParse({
    q: url.searchParams.get("q"),
    offset: url.searchParams.get("offset"),
    limit: url.searchParams.get("limit"),
  });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "query");
      fields[field] ??= issue.message;
    }
    const message = Object.entries(fields)
      .map(([field, problem]) => `${field} ${problem}`)
      .join("; ");
    return Response.json({ message, fields }, { status: 400 });
  }
  return Response.json(await findBusinessOptions(db, parsed.data));
}
