import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import {
  createRequestHandler as createRouterHandler,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";

/**
 * Express to React Router, with every request body bounded before the app sees it (issue 16):
 * boundedBody reads the body, counting bytes as they arrive, chunked or not, and answers a body
 * over its route's limit 413 at once, its connection closed, nothing of it kept. Under the limit
 * the app gets the whole body, as React Router's `request.formData()` would have read it anyway.
 */
export interface BodyLimits {
  /** Any form or JSON post. */
  formBytes: number;
  /** The posts that carry pictures or files (uploadPaths). */
  uploadBytes: number;
}

/** The routes whose forms carry pictures or files: the business application, products, profile. */
const uploadPaths = [
  /^\/vendor\/?$/i,
  /^\/vendor\/[^/]+\/products\/[^/]+\/?$/i,
  /^\/vendor\/[^/]+\/products\/import\/upload\/?$/i,
  /^\/vendor\/[^/]+\/profile\/?$/i,
];

export function bodyLimitFor(path: string, limits: BodyLimits): number {
  return uploadPaths.some((pattern) => pattern.test(path)) ? limits.uploadBytes : limits.formBytes;
}

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  readonly limit: number;
  constructor(limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
    this.limit = limit;
  }
}

/**
 * The whole body, or BodyTooLargeError as soon as it passes `limit` bytes (or says it will); then
 * the request is paused, not destroyed, so the 413 can still be written on its connection.
 */
export function readLimitedBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(new BodyTooLargeError(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) {
        chunks.push(chunk);
        return;
      }
      stop();
      request.pause();
      chunks.length = 0;
      reject(new BodyTooLargeError(limit));
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, received));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    request.on("data", onData);
    request.once("end", onEnd);
    request.once("error", onError);
  });
}

function sizeText(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${Math.floor(bytes / (1024 * 1024))} MB`
    : `${Math.floor(bytes / 1024)} KB`;
}

/**
 * 413 with a short page a person can read, then the connection closes: the rest of the body is
 * never read (a client still sending learns it from the closed socket).
 */
function refuseTooLarge(response: ExpressResponse, limit: number) {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response
    .status(413)
    .set({ Connection: "close", "Cache-Control": "no-store" })
    .type("html")
    .send(
      `<!doctype html><html lang="en-NG"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too large to send · Oja</title><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1c1917"><h1>That was too large to send</h1><p>Oja takes at most ${sizeText(limit)} here. Go back and send less, such as fewer or smaller pictures.</p><p><a href="/">Oja home</a></p></body></html>`,
    );
  response.once("finish", () => response.req.socket.destroy());
}

/** The origin the request was sent to; a Host header that is no host name reads as localhost. */
function requestOrigin(request: ExpressRequest) {
  const origin = `${request.protocol}://${request.get("host") ?? "localhost"}`;
  return URL.canParse(origin) ? origin : `${request.protocol}://localhost`;
}

function fetchRequest(request: ExpressRequest, response: ExpressResponse, body: Buffer | null) {
  const url = new URL(request.originalUrl, requestOrigin(request));
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // A shopper who leaves mid-render cancels the work done for them; a finished response doesn't.
  const controller = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) controller.abort();
  });
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    // The Buffer's own bytes, not a copy (Buffer.concat made them; its memory is an ArrayBuffer).
    body: body === null ? null : (body as Uint8Array<ArrayBuffer>),
  });
}

async function sendResponse(response: ExpressResponse, answer: Response) {
  if (response.destroyed || response.writableEnded) {
    await answer.body?.cancel();
    return;
  }
  response.statusMessage = answer.statusText;
  response.status(answer.status);
  for (const [name, value] of answer.headers) response.append(name, value);
  if (!answer.body) {
    response.end();
    return;
  }
  if (/text\/event-stream/i.test(answer.headers.get("Content-Type") ?? "")) response.flushHeaders();
  try {
    await pipeline(
      Readable.fromWeb(answer.body as import("node:stream/web").ReadableStream),
      response,
    );
  } catch (error) {
    // The shopper went away mid-response: nothing to tell anyone.
    if (response.destroyed || response.writableEnded) return;
    throw error;
  }
}

/**
 * Reads the body of every request that has one, within its route's limit, into `req.body` (a
 * Buffer); a body over the limit is answered 413 here and goes no further.
 */
export function boundedBody(limits: BodyLimits) {
  return async (request: ExpressRequest, response: ExpressResponse, next: NextFunction) => {
    if (request.method === "GET" || request.method === "HEAD") {
      next();
      return;
    }
    const limit = bodyLimitFor(request.path, limits);
    try {
      request.body = await readLimitedBody(request, limit);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        refuseTooLarge(response, limit);
        return;
      }
      // The client went away mid-body: nobody is left to answer.
      if (request.destroyed || request.readableAborted) return;
      next(error);
      return;
    }
    next();
  };
}

/** React Router's handler for requests whose body boundedBody has read. */
export function createRequestHandler(options: {
  build: () => Promise<ServerBuild>;
  mode?: string;
  getLoadContext: (request: ExpressRequest, response: ExpressResponse) => RouterContextProvider;
}) {
  const handle = createRouterHandler(options.build, options.mode);
  return async (request: ExpressRequest, response: ExpressResponse, next: NextFunction) => {
    try {
      const body = Buffer.isBuffer(request.body) ? request.body : null;
      const answer = await handle(
        fetchRequest(request, response, body),
        options.getLoadContext(request, response),
      );
      await sendResponse(response, answer);
    } catch (error) {
      next(error);
    }
  };
}
