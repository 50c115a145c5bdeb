import { FetchError, type FetchOptions, ofetch } from "ofetch";

/**
 * The one HTTP client for the browser and for the server's outbound calls. ofetch builds the
 * request and parses the answer; this module adds what ofetch 1.5 lacks or gets wrong for us:
 * a timeout per attempt that works together with the caller's AbortSignal (ofetch skips its
 * timeout when a signal is given, and a retry reuses the timed-out signal), backoff with jitter,
 * Retry-After, and retries only where repeating a request is safe.
 */

/** The spec's statuses (section 7); ofetch's own default list is the same. */
export const retryStatuses: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** Methods that may be sent twice with the same effect (RFC 9110 §9.2.2). */
const idempotentMethods = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

export interface ClientSettings {
  baseURL?: string;
  /** Milliseconds one attempt may take. */
  timeout: number;
  /** Further attempts after the first, for requests that may be repeated. */
  retries: number;
  /** First backoff step; each retry doubles it. */
  baseDelay: number;
  /** No wait is longer; a Retry-After beyond it ends the retries. */
  maxDelay: number;
  random: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface RequestOptions
  extends Omit<FetchOptions<"json">, "retry" | "retryDelay" | "retryStatusCodes" | "timeout"> {
  timeout?: number;
  retries?: number;
  /** Lets a non-idempotent request (POST, PATCH) be retried: the server deduplicates by it. */
  idempotencyKey?: string;
}

export class HttpTimeoutError extends Error {
  override name = "HttpTimeoutError";
}

/** Exponential backoff with "equal jitter": between half and all of min(max, base × 2^attempt). */
export function backoffDelay(
  attempt: number,
  settings: Pick<ClientSettings, "baseDelay" | "maxDelay" | "random">,
) {
  const ceiling = Math.min(settings.maxDelay, settings.baseDelay * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * settings.random());
}

/** Retry-After as milliseconds from now: delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterDelay(
  header: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

const defaults: ClientSettings = {
  timeout: 15_000,
  retries: 2,
  baseDelay: 400,
  maxDelay: 10_000,
  random: Math.random,
  sleep: abortableSleep,
};

export function createHttpClient(overrides: Partial<ClientSettings> = {}) {
  const settings = { ...defaults, ...overrides };

  async function request<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
    const { timeout = settings.timeout, retries, idempotencyKey, signal, ...rest } = options;
    const method = (rest.method ?? "GET").toUpperCase();
    const headers = new Headers(rest.headers as HeadersInit | undefined);
    if (idempotencyKey) headers.set("Idempotency-Key", idempotencyKey);
    const repeatable = idempotentMethods.has(method) || Boolean(idempotencyKey);
    const allowedRetries = repeatable ? (retries ?? settings.retries) : 0;

    for (let attempt = 0; ; attempt++) {
      const timer = AbortSignal.timeout(timeout);
      const attemptSignal = signal ? AbortSignal.any([signal, timer]) : timer;
      try {
        return await ofetch<T, "json">(url, {
          ...rest,
          baseURL: rest.baseURL ?? settings.baseURL,
          method,
          headers,
          signal: attemptSignal,
          retry: false,
        });
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        const timedOut = timer.aborted;
        const response = error instanceof FetchError ? error.response : undefined;
        // A failed connection or a timeout has no status; an idempotent request may retry it.
        const retryable = response ? retryStatuses.has(response.status) : true;
        const wait = Math.max(
          backoffDelay(attempt, settings),
          retryAfterDelay(response?.headers.get("retry-after")) ?? 0,
        );
        if (!retryable || attempt >= allowedRetries || wait > settings.maxDelay) {
          if (timedOut) {
            throw new HttpTimeoutError(`${method} ${url} took longer than ${timeout} ms`, {
              cause: error,
            });
          }
          throw error;
        }
        await settings.sleep(wait, signal ?? undefined);
      }
    }
  }

  return { request, settings };
}

/** The app's shared client. */
export const http = createHttpClient();
export { FetchError as HttpError };
