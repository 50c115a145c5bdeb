import pino from "pino";
import { RouterContextProvider } from "react-router";
import { createAuth } from "#app/auth/auth.server.ts";
import { clientIpHeader } from "#app/auth/request-info.server.ts";
import { authenticate } from "#app/auth/session.server.ts";
import { readSettings } from "#app/config.server.ts";
import { type AppServices, servicesContext } from "#app/context.server.ts";
import type { Database } from "#app/db/database.server.ts";
import { diskMediaStore, mediaDir } from "#app/media/store.server.ts";
import { createPaymentProvider } from "#app/payments/provider.server.ts";
import { createBriefCache } from "#app/search/brief-cache.server.ts";
import { createRateLimits } from "#app/security/rate-limit.server.ts";

/**
 * The services of a test: its own database, settings from `env`, a real Better Auth on that
 * database and fresh in-memory rate limits. Made once per database so rate limits carry over
 * between requests of one test, as they do between requests to one server.
 */
const testSecret = "test-secret-that-is-at-least-32-characters-long";
const servicesByDatabase = new WeakMap<Database, Map<string, AppServices>>();

export function testServices(db: Database, env: Record<string, string> = {}): AppServices {
  const key = JSON.stringify(env);
  const known = servicesByDatabase.get(db) ?? new Map<string, AppServices>();
  servicesByDatabase.set(db, known);
  const existing = known.get(key);
  if (existing) return existing;
  const settings = readSettings(env);
  const made: AppServices = {
    db,
    settings,
    log: pino({ level: "silent" }),
    auth: createAuth({ db, settings, secret: testSecret }),
    secret: testSecret,
    rateLimits: createRateLimits(),
    // Nothing kept: a test's loaders show what a search finds now (a suspension, say, at once);
    // how long answers are kept, and shared, is brief-cache.server.test.ts's.
    searchCache: createBriefCache({ ttlMs: 0 }),
    // Points at the simulator the env names (PAYSTACK_BASE_URL and keys from a started
    // simulator's `env`); without them, at an in-process simulator that no test runs.
    payments: createPaymentProvider(settings.paystack),
    emailQueued: () => {},
    media: diskMediaStore(mediaDir(settings)),
    // Route tests run no job queue; the jobs' own tests start pg-boss (app/jobs).
    get jobs() {
      return Promise.reject(new Error("no job queue in route tests"));
    },
  };
  known.set(key, made);
  return made;
}

/** The router context a loader or action receives, holding the test's own database. */
export function routerContext(db: Database, env: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(servicesContext, testServices(db, env));
  return context;
}

/**
 * A request as the browser would send it from one of Oja's pages: same Origin, the caller's
 * address as the server would record it, and the given cookie (a signed-in person) if any.
 */
export function pageRequest(
  path: string,
  options: { method?: string; form?: Record<string, string>; cookie?: string; ip?: string } = {},
) {
  const url = new URL(path, "http://localhost:3000");
  const headers = new Headers({
    origin: url.origin,
    [clientIpHeader]: options.ip ?? "203.0.113.7",
  });
  if (options.cookie) headers.set("cookie", options.cookie);
  const body = options.form ? new URLSearchParams(options.form) : undefined;
  return new Request(url, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
}

/**
 * The arguments React Router passes to a loader or action, after the root middleware has read
 * the session from the request's cookie, exactly as it does in the app.
 */
export async function routeArgs<Params extends Record<string, string>>(
  db: Database,
  request: Request,
  pattern: string,
  params: Params = {} as Params,
  env: Record<string, string> = {},
) {
  const context = routerContext(db, env);
  await authenticate(context, request);
  return { request, url: new URL(request.url), pattern, params, context };
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
