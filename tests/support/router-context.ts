import pino from "pino";
import { RouterContextProvider } from "react-router";
import { readSettings } from "#app/config.server.ts";
import { servicesContext } from "#app/context.server.ts";
import type { Database } from "#app/db/database.server.ts";

/** The router context a loader or action receives, holding the test's own database. */
export function routerContext(db: Database, env: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(servicesContext, { db, settings: readSettings(env), log: pino({ level: "silent" }) });
  return context;
}

/** The arguments React Router passes to a loader for `path` matched by `pattern`. */
export function loaderArgs<Params extends Record<string, string>>(
  db: Database,
  path: string,
  pattern: string,
  params: Params = {} as Params,
  env: Record<string, string> = {},
) {
  const url = new URL(path, "http://localhost:3000");
  return { request: new Request(url), url, pattern, params, context: routerContext(db, env) };
}

/** Runs a loader expected to throw a route error response, and returns what it threw. */
export async function thrownBy(run: () => unknown): Promise<{ status: number; data: unknown }> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, data: thrown.headers.get("Location") };
    const value = thrown as { init?: { status?: number }; data?: unknown };
    return { status: value.init?.status ?? 500, data: value.data };
  }
  throw new Error("expected the loader to throw");
}
