import diagnostics from "node:diagnostics_channel";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import compression from "compression";
import express, { type RequestHandler } from "express";

/**
 * The process entry: the fast path, static files, then Oja's app (server/app.ts). `--dev` serves
 * the source through Vite with hot reload; otherwise the production build in build/ is served.
 */
interface OjaServerModule {
  app: RequestHandler;
  /** A built asset or a render-cache hit, answered before any middleware; true when it did. */
  fastPath(req: IncomingMessage, res: ServerResponse): boolean;
  /** Security headers and the CSP nonce of pages and the API (everything but static files). */
  security: RequestHandler;
  /** The headers a static file carries instead (no page-only ones). */
  staticFileHeaders: Record<string, string>;
  /** Counts an answered request for /metrics. */
  observe(req: IncomingMessage, res: ServerResponse, arrivedAt: number): void;
  /** Labels a response as a static file's for /metrics. */
  labelStaticFile(res: ServerResponse): void;
  settings: {
    shutdownGraceMs: number;
    port: number;
    host: string;
    publicUrl: string;
    trustProxy: boolean | number | string;
  };
  shutdown(): Promise<void>;
}

const dev = process.argv.includes("--dev");
// In development Vite loads React Router's development build; Node must resolve the same one
// (hence `--conditions=development` in `npm run dev`), or the adapter and the app would each
// hold their own copy and the router context would not be recognised.
if (dev) process.env.NODE_ENV ??= "development";
const server = express();
server.disable("x-powered-by");
server.use(compression());

let oja: OjaServerModule;
try {
  if (dev) {
    const vite = await import("vite").then((module) =>
      module.createServer({ server: { middlewareMode: true } }),
    );
    server.use(vite.middlewares);
    const load = () => vite.ssrLoadModule("./server/app.ts") as Promise<OjaServerModule>;
    oja = await load();
    server.set("trust proxy", oja.settings.trustProxy);
    server.use(async (req, res, next) => {
      try {
        const current = await load();
        current.security(req, res, () => current.app(req, res, next));
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    const buildPath = "./build/server/index.js";
    oja = (await import(buildPath)) as OjaServerModule;
    server.set("trust proxy", oja.settings.trustProxy);
    // Hashed assets are answered by oja.fastPath, before this; these are the other files.
    const { staticFileHeaders } = oja;
    // The browser polls version/latest.json to notice a deploy: never cached anywhere.
    server.use(
      "/version",
      express.static("build/client/version", {
        setHeaders: (res) => {
          oja.labelStaticFile(res);
          res.set(staticFileHeaders).setHeader("Cache-Control", "no-store");
        },
      }),
    );
    server.use(
      express.static("build/client", {
        maxAge: "1h",
        setHeaders: (res) => {
          oja.labelStaticFile(res);
          res.set(staticFileHeaders);
        },
      }),
    );
    server.use(oja.security);
    server.use(oja.app);
  }
} catch (error) {
  // Bad settings print their own clear message; anything else keeps its stack.
  console.error(error instanceof Error && error.name === "SettingsError" ? error.message : error);
  process.exit(1);
}

/** When a request arrived, kept on the request itself (a WeakMap costs more per request). */
const arrivedAt = Symbol("arrivedAt");
type TimedRequest = IncomingMessage & { [arrivedAt]?: number };
let stopping = false;
// The fast path sees each request first, before Express and its middleware (compression,
// static lookups, logging) have done any work for it.
const listener = http.createServer((req, res) => {
  (req as TimedRequest)[arrivedAt] = performance.now();
  // Stopping: answered, and the client told to come back on a new connection (to another
  // instance, behind a load balancer).
  if (stopping) res.setHeader("Connection", "close");
  if (!oja.fastPath(req, res)) server(req, res);
});
// Every answer written out is counted for /metrics. Node publishes it on this channel, so a
// response carries no listener of ours (a streamed page has ten already).
diagnostics.subscribe("http.server.response.finish", (message) => {
  const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
  oja.observe(request, response, (request as TimedRequest)[arrivedAt] ?? performance.now());
});
listener.listen(oja.settings.port, oja.settings.host, () => {
  console.log(`Oja is ready at ${oja.settings.publicUrl}`);
});

/**
 * A graceful stop (issue 18): no new connections; requests in flight finish, for up to
 * SHUTDOWN_GRACE_SECONDS; each connection is closed as soon as it has no request left; then the
 * services stop (running jobs finish their batch) and the process exits 0.
 */
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing the requests in flight, then stopping`);
  const allClosed = new Promise((resolve) => listener.close(resolve));
  // A keep-alive connection is idle between requests: closed as soon as its answer is out.
  const sweep = setInterval(() => listener.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise((resolve) => {
    timer = setTimeout(resolve, oja.settings.shutdownGraceMs, "grace over");
  });
  const ended = await Promise.race([allClosed.then(() => "all answered"), graceOver]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (ended === "grace over") {
    console.warn("Shutdown grace period over: closing the connections still open");
  }
  listener.closeAllConnections();
  await oja.shutdown();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
