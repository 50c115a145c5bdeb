import { services } from "#app/context.server.ts";
import { cachedSuggestions } from "#app/search/search-pages.server.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/api-search-suggest";

/** How many suggestions the header's search box shows. */
export const suggestionCount = 8;

// Longer text is cut by cleanSearchText; only absurd lengths are refused outright.
const querySchema = z.object({ q: z.string().max(1000).catch("").default("") });

/**
 * The header autocomplete's suggestions as JSON: the same for everyone (no cookie is read), so
 * browsers and a CDN may keep them for a minute while people type the same prefixes.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { q } = querySchema.parse({ q: url.searchParams.get("q") ?? undefined });
  const { db, searchCache } = services(context);
  const suggestions = await cachedSuggestions(db, searchCache, q, suggestionCount);
  return Response.json(suggestions, { headers: { "Cache-Control": "public, max-age=60" } });
}
