import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { clientIpHeader } from "#app/auth/request-info.server.ts";
import type { Settings } from "#app/config.server.ts";
import {
  type InlineScripts,
  isAllowedOrigin,
  paymentOrigins,
  securityHeaders,
} from "#app/security/headers.server.ts";

/**
 * Every response's security headers, with a fresh script nonce that the page's scripts carry
 * (entry.server.tsx reads it from res.locals through the router context). Also records the
 * caller's address, as TRUST_PROXY lets Express see it, in a header nobody outside can set.
 */
export function securityMiddleware(settings: Settings, development: boolean): RequestHandler {
  const headersFor = securityHeadersFor(settings, development);
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.set(headersFor({ nonce }));
    req.headers[clientIpHeader] = req.ip ?? "";
    next();
  };
}

/** The security headers for a response whose inline scripts carry a nonce or are hashed. */
export function securityHeadersFor(settings: Settings, development: boolean) {
  const payments = paymentOrigins(settings.paystack);
  return (scripts: InlineScripts) =>
    securityHeaders({ scripts, secure: settings.secure, payments, development });
}

/** Paths a server elsewhere posts to, each checking its own signature instead of an Origin. */
const originExempt = new Set<string>([
  // Paystack's webhooks (x-paystack-signature).
  "/api/payments/paystack/webhook",
]);

/** Refuses a state-changing request that doesn't come from Oja's own pages (403). */
export function originCheckMiddleware(settings: Settings): RequestHandler {
  const publicOrigin = new URL(settings.publicUrl).origin;
  return (req, res, next) => {
    if (originExempt.has(req.path)) return next();
    const allowed = isAllowedOrigin(
      req.method,
      { origin: req.get("origin"), referer: req.get("referer") },
      publicOrigin,
    );
    if (allowed) return next();
    res
      .status(403)
      .type("text/plain")
      .send("This request did not come from an Oja page, so it was refused.");
  };
}
