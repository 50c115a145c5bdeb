import type { Logger } from "pino";
import { createContext, type RouterContextProvider } from "react-router";
import type { Auth } from "./auth/auth.server.ts";
import type { Settings } from "./config.server.ts";
import type { Database } from "./db/database.server.ts";
import type { Jobs } from "./jobs/jobs.server.ts";
import type { MediaStore } from "./media/store.server.ts";
import type { PaymentProvider } from "./payments/provider.server.ts";
import type { BriefCache } from "./search/brief-cache.server.ts";
import type { RateLimits } from "./security/rate-limit.server.ts";

/** What every loader and action can reach, put into the router context once per request. */
export interface AppServices {
  settings: Settings;
  db: Database;
  log: Logger;
  auth: Auth;
  /**
   * The server's secret (AUTH_SECRET, or the one kept in DATA_DIR): it signs sessions, and the
   * check-in posters' tokens with a key derived from it.
   */
  secret: string;
  rateLimits: RateLimits;
  /** Suggestions and first pages of searches, kept a few seconds (Redis when REDIS_URL is set). */
  searchCache: BriefCache;
  /** Paystack, or the Paystack simulator in test mode (same client, other base URL and keys). */
  payments: PaymentProvider;
  /** Tells the email sender that something was queued (a no-op without SMTP_URL). */
  emailQueued(): void;
  /** Where pictures are kept: the local disk, or an S3 bucket (decision 037). */
  media: MediaStore;
  /** Background and scheduled work (decision 036); rejects when the queue could not start. */
  jobs: Promise<Jobs>;
}

export const servicesContext = createContext<AppServices>();

export function services(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}

export interface RequestInfo {
  /** The nonce this response's scripts carry (Content-Security-Policy). */
  nonce: string;
  /**
   * The page is rendered for the shared render cache (server/page-cache.ts): no session, and
   * it will be served to everyone, so nothing on it may depend on who is asking.
   */
  shared?: boolean;
  /**
   * Why the request's address or form can't be read (server/request-input.ts): the root
   * middleware answers 400 with it before any loader or action runs.
   */
  inputProblem?: string;
}

/** Per request: how this response is being made. */
export const requestContext = createContext<RequestInfo>({ nonce: "" });
