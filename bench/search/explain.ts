import { parseArgs } from "node:util";
import pg from "pg";

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements one search() or suggest() sends, on PostgreSQL:
 * the tool behind bench/README.md's "where the time goes".
 *
 *   npm run bench:search:explain -- --database-url URL --kind products --text massage
 *   npm run bench:search:explain -- --database-url URL --kind products --filters '{"maxPriceKobo":499999}'
 *   npm run bench:search:explain -- --database-url URL --suggest jol
 */
const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    kind: { type: "string", default: "products" },
    text: { type: "string" },
    filters: { type: "string" },
    sort: { type: "string" },
    after: { type: "string" },
    suggest: { type: "string" },
  },
});
const url = values["database-url"] ?? process.env.DATABASE_URL;
if (!url)
  throw new Error("--database-url (or DATABASE_URL) is required: EXPLAIN runs on PostgreSQL");
process.env.DATABASE_URL = url;

// Every statement the search sends goes through pg's Client.query: keep its text and values.
const sent: Array<{ text: string; values: unknown[] }> = [];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args;
  if (first && typeof first === "object" && "text" in first) {
    const config = first as { text: string; values?: unknown[] };
    sent.push({
      text: config.text,
      values: Array.isArray(second) ? second : (config.values ?? []),
    });
  } else if (typeof first === "string") {
    sent.push({ text: first, values: Array.isArray(second) ? second : [] });
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const { readSettings } = await import("#app/config.server.ts");
const { openDatabase } = await import("#app/db/database.server.ts");
const { search, suggest } = await import("#app/search/search.server.ts");
const handle = await openDatabase(readSettings());
const now = new Date("2026-11-24T11:00:00Z");
if (values.suggest !== undefined) {
  console.log(await suggest(handle.db, values.suggest));
} else {
  const result = await search(
    handle.db,
    {
      kind: values.kind as "products" | "businesses",
      text: values.text,
      filters: values.filters ? JSON.parse(values.filters) : undefined,
      sort: values.sort as undefined,
      after: values.after,
    },
    { now },
  );
  console.log(
    `${result.items.length} items, next ${result.nextCursor ? "yes" : "no"}, facets`,
    JSON.stringify(result.facets),
  );
}
await handle.close();

const client = new pg.Client({ connectionString: url });
await client.connect();
const statements = sent.filter((s) => !/^(begin|commit|rollback)/i.test(s.text.trim()));
const [limits, ...rest] = statements;
await client.query("begin");
if (limits) await query.call(client, limits.text, limits.values);
// EXPLAIN_REPEAT=N: first N-1 warm runs of every statement in the same connection, printing
// only their planning and execution times (the first run of a connection plans ~3 ms slower:
// its catalog caches are cold), then the full plans.
const repeat = Number(process.env.EXPLAIN_REPEAT ?? 1);
for (let run = 1; run < repeat; run++) {
  for (const statement of rest) {
    const plan = (await query.call(
      client,
      `explain (analyze, timing off, summary) ${statement.text}`,
      statement.values,
    )) as { rows: Array<Record<string, string>> };
    const times = plan.rows.map((row) => row["QUERY PLAN"] ?? "").filter((l) => /Time:/.test(l));
    console.log(times.join(" | "));
  }
}
for (const statement of rest) {
  const plan = (await query.call(
    client,
    `explain (analyze, buffers${process.env.EXPLAIN_TIMING === "off" ? ", timing off" : ""}) ${statement.text}`,
    statement.values,
  )) as { rows: Array<Record<string, string>> };
  console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
}
await client.query("rollback");
await client.end();
