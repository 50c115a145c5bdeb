import { randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import { pinoHttp } from "pino-http";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import { type RequestInfo, requestContext, servicesContext } from "#app/context.server.ts";
import { checkReadiness } from "#app/health/readiness.server.ts";
import { mediaDir } from "#app/media/store.server.ts";
import {
  observeRequest,
  registry,
  watchEmailOutbox,
  watchJobs,
  watchPageCache,
} from "#app/metrics/metrics.server.ts";
import { staticFileHeaders as staticHeadersFor } from "#app/security/headers.server.ts";
import { mayUseTestHooks, testHooksHeader } from "#app/security/test-hooks.ts";
import { type RunningServices, startServices } from "#app/services.server.ts";
import { mediaOriginals, mediaVariants, storeVariantStorage } from "./media-variants.ts";
import { createPageCache, localFeed, redisFeed } from "./page-cache.ts";
import {
  createPaystackSimulator,
  type PaystackSimulator,
  simulatorRouter,
} from "./paystack-simulator/index.ts";
import { boundedBody, createRequestHandler } from "./request-handler.ts";
import { checkAddress, checkBody } from "./request-input.ts";
import { routePatterns } from "./route-patterns.ts";
import { originCheckMiddleware, securityHeadersFor, securityMiddleware } from "./security.ts";
import { staticFiles } from "./static-files.ts";

/**
 * Oja's HTTP app. The React Router build bundles this module as its server entry, so the
 * database and every other server singleton exist once. In development Vite re-evaluates this
 * module on change; the services survive on globalThis (PGlite allows one opener per data dir).
 */
const globalForServices = globalThis as typeof globalThis & {
  ojaServices?: Promise<RunningServices>;
  ojaPaystackSimulator?: PaystackSimulator;
};
globalForServices.ojaServices ??= startServices();
const services = await globalForServices.ojaServices;

export const settings = services.settings;

/**
 * Test mode (no Paystack keys): the Paystack simulator runs inside Oja under /_paystack. Its
 * transactions live in this process's memory, so they too survive Vite's reloads on globalThis.
 */
const simulatorSettings = settings.paystack.simulator;
if (simulatorSettings) {
  globalForServices.ojaPaystackSimulator ??= createPaystackSimulator({
    secretKey: settings.paystack.secretKey,
    publicKey: settings.paystack.publicKey,
    webhookUrl: simulatorSettings.webhookUrl,
    log: services.log.child({ module: "paystack-simulator" }),
  });
}
const paystackSimulator = globalForServices.ojaPaystackSimulator;

const loadBuild = () => import("virtual:react-router/server-build");

function routerContext(info: RequestInfo) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestContext, info);
  return context;
}

/**
 * Public pages come from the render cache in production (decisions 011 and 033). In development
 * Vite rebuilds modules on every change, so pages are rendered per request there.
 */
const renderForCache = createFetchHandler(loadBuild, import.meta.env.MODE);
const pageCache = import.meta.env.DEV
  ? undefined
  : createPageCache({
      db: services.db,
      log: services.log,
      render: (path, nonce) =>
        renderForCache(
          new Request(new URL(path, settings.publicUrl)),
          routerContext({ nonce, shared: true }),
        ),
      securityHeaders: securityHeadersFor(settings, false),
      feed: services.redis ? redisFeed(services.redis) : localFeed(),
      maxBytes: settings.pageCacheBytes,
    });
// Not awaited: the server answers at once, rendering per request until the cache is ready.
pageCache?.start();
if (pageCache) watchPageCache(pageCache, settings.pageCacheBytes);

export async function shutdown() {
  await pageCache?.stop();
  await paystackSimulator?.close();
  await services.close();
}

/** Applied by server.ts to everything but static files, which carry staticFileHeaders. */
export const security = securityMiddleware(settings, import.meta.env.DEV);

/** What a file of the build carries instead of the page headers (decision 032). */
export const staticFileHeaders = staticHeadersFor(settings);

/** The build's hashed files, held in memory with their brotli and gzip copies (production). */
const assets = import.meta.env.DEV
  ? undefined
  : staticFiles("build/client/assets", { urlPrefix: "/assets", headers: staticFileHeaders });

/**
 * Run by server.ts on Node's own request before any middleware (decision 032): a built asset or
 * a render-cache hit is written out at once, with a head built when it was stored. True when it
 * answered; everything else (a page not cached yet, a refused address) goes the general way.
 */
export function fastPath(req: IncomingMessage, res: ServerResponse): boolean {
  if (assets?.serve(req, res)) {
    (res as LabelledResponse)[routeLabel] = "/assets/*";
    return true;
  }
  return Boolean(pageCache?.serveHit(req, res));
}

/**
 * The metrics' route label of a request: what answered it when that was no React Router route
 * (built files, pictures, the simulator), else the pattern of the route its path matches.
 */
const routeLabel = Symbol("routeLabel");
type LabelledResponse = ServerResponse & { [routeLabel]?: string };
const patternOf = routePatterns((await loadBuild()).routes);
const fixedRoutes = /^\/(?:healthz|readyz|metrics)$|^\/(?:media|_paystack|version)(?=\/)/;

/** Marks a response as answered by a static file handler (server.ts's express.static). */
export function labelStaticFile(res: ServerResponse) {
  (res as LabelledResponse)[routeLabel] = "static";
}

/** Counts an answered request (server.ts calls it when the answer is written). */
export function observe(req: IncomingMessage, res: ServerResponse, arrivedAt: number) {
  const url = req.url ?? "/";
  const queryStart = url.indexOf("?");
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const fixed = fixedRoutes.exec(pathname)?.[0];
  const route =
    (res as LabelledResponse)[routeLabel] ??
    (fixed ? (fixed.length < pathname.length ? `${fixed}/*` : fixed) : patternOf(pathname));
  observeRequest(req.method, route, res.statusCode, (performance.now() - arrivedAt) / 1000);
}

export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", settings.trustProxy);

app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});

watchEmailOutbox(services.db);
watchJobs(services.jobs);

/**
 * Ready when the database answers, and Redis when it is set (app/health/readiness.server.ts);
 * 503 naming the one that doesn't.
 */
app.get("/readyz", async (_req, res) => {
  res.set("Cache-Control", "no-store");
  const { reasons, ready, ...report } = await checkReadiness({
    db: services.db,
    mode: settings.modes.database,
    redis: services.redis,
  });
  if (!ready) services.log.error({ reasons }, "readiness check failed");
  res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "unavailable", ...report });
});

/** Loopback with no proxy's forwarding header: a request made on this machine. */
function fromThisMachine(req: IncomingMessage): boolean {
  const address = req.socket.remoteAddress ?? "";
  const loopback = address === "::1" || /^(?:::ffff:)?127\./.test(address);
  return loopback && !req.headers["x-forwarded-for"] && !req.headers.forwarded;
}

function sendsMetricsToken(req: IncomingMessage): boolean {
  const token = settings.metricsToken;
  const given = Buffer.from(req.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "");
  const expected = Buffer.from(token ?? "");
  // Compared as bytes: timingSafeEqual throws on two lengths, which odd Unicode can make.
  return Boolean(token) && given.length === expected.length && timingSafeEqual(given, expected);
}

/** Prometheus's page (issue 18). To anyone else it is a 404, as if it did not exist. */
app.get("/metrics", async (req, res) => {
  res.set("Cache-Control", "no-store");
  if (!fromThisMachine(req) && !sendsMetricsToken(req)) {
    res.status(404).json({ error: "Not found" });
    return;
  }
  res.set("Content-Type", registry.contentType).send(await registry.metrics());
});

app.use(
  "/media/w",
  mediaVariants({
    storage: storeVariantStorage(services.mediaStores),
    onRendered: (rendered) => services.log.debug(rendered, "rendered a picture variant"),
  }),
);
app.use(
  "/media",
  settings.s3
    ? mediaOriginals(services.mediaStores.originals)
    : express.static(mediaDir(settings), { maxAge: "7d", fallthrough: false }),
);

app.use(
  pinoHttp({
    logger: services.log,
    // Links in emails carry single-use tokens in `?token=`; they never reach the logs.
    serializers: {
      req: (req: { method: string; url: string; id: unknown }) => ({
        id: req.id,
        method: req.method,
        url: req.url.replace(/([?&]token=)[^&]*/gi, "$1[redacted]"),
      }),
    },
    genReqId: (req, res) => {
      // A load balancer's id is kept so logs join up; anything odd is replaced, never logged.
      const given = req.headers["x-request-id"]?.toString() ?? "";
      const id = /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
      res.setHeader("x-request-id", id);
      return id;
    },
  }),
);

// Before the Origin check: the app's own server-side client calls the simulator's API with no
// Origin, as it would call Paystack; the API checks the secret key instead.
if (paystackSimulator && simulatorSettings) {
  // Its test hooks complete any payment and list shoppers' emails: admins and the test suite only.
  app.use("/_paystack/_test", async (req, res, next) => {
    const headers = new Headers();
    if (req.headers.cookie) headers.set("cookie", req.headers.cookie);
    const session = req.headers.cookie?.includes("oja.")
      ? await services.auth.api.getSession({ headers }).catch(() => null)
      : null;
    const caller = {
      isAdmin: session?.user.role === "admin",
      token: req.get(testHooksHeader),
    };
    if (mayUseTestHooks(settings, caller)) return next();
    res.status(404).set("Cache-Control", "no-store").json({ status: false, message: "Not found" });
  });
  app.use(
    "/_paystack",
    simulatorRouter(paystackSimulator, {
      publicBaseUrl: simulatorSettings.publicBaseUrl,
      frameAncestors: ["'self'"],
      testHooks: true,
    }),
  );
}

app.use(originCheckMiddleware(settings));
app.use(checkAddress());
if (pageCache) {
  const { middleware } = pageCache;
  // A refused address gets its error page, not the cached page it resembles.
  app.use((req, res, next) => (res.locals.inputProblem ? next() : middleware(req, res, next)));
}

app.use(
  boundedBody(settings.bodyLimits),
  checkBody(),
  createRequestHandler({
    build: loadBuild,
    mode: import.meta.env.MODE,
    getLoadContext(_req, res) {
      // Development pages have no CSP (Vite injects inline scripts), so they carry no nonce.
      const nonce = import.meta.env.DEV ? "" : String(res.locals.cspNonce ?? "");
      return routerContext({ nonce, inputProblem: res.locals.inputProblem });
    },
  }),
);
