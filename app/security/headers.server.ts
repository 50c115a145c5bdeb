/**
 * The security headers of every response. Pure, so the policy can be read and tested in one
 * place; server/security.ts applies it.
 */
/**
 * What lets a page's inline scripts run: this response's nonce (fresh random bytes each time),
 * or, for a page rendered once and sent to everyone (the render cache), the SHA-256 hashes of
 * its inline scripts, since a nonce everyone receives is no secret (issue 16).
 */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] };

export interface HeaderOptions {
  scripts: InlineScripts;
  /** Served over HTTPS: add HSTS and upgrade any stray http: subresource. */
  secure: boolean;
  /** Where the payment provider's inline script, checkout frame and API are (paymentOrigins()). */
  payments: PaymentOrigins;
  /** Vite's dev server injects inline scripts and a websocket; its pages get no CSP. */
  development: boolean;
}

export interface PaymentOrigins {
  script: string[];
  frame: string[];
  connect: string[];
}

const paystackOrigins: PaymentOrigins = {
  script: ["https://js.paystack.co"],
  frame: ["https://checkout.paystack.com"],
  connect: ["https://api.paystack.co"],
};

/**
 * The origins a page needs for payments. The embedded simulator is served by Oja itself
 * ('self'); Paystack (live or test keys) needs its script, checkout and API origins; another
 * Paystack-compatible API (the standalone simulator) serves all three from its own origin.
 */
export function paymentOrigins(paystack: { mode: "test" | "live"; apiBaseUrl: string }) {
  if (paystack.mode === "test") return { script: [], frame: [], connect: [] };
  const origin = new URL(paystack.apiBaseUrl).origin;
  if (paystackOrigins.connect.includes(origin)) return paystackOrigins;
  return { script: [origin], frame: [origin], connect: [origin] };
}

export function contentSecurityPolicy({ scripts, secure, payments }: HeaderOptions): string {
  const inline =
    "nonce" in scripts
      ? [`'nonce-${scripts.nonce}'`]
      : scripts.hashes.map((hash) => `'sha256-${hash}'`);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...inline, ...payments.script],
    // React's style attributes and the toaster's injected sheet need inline styles; styles can't
    // run code, and inline scripts stay nonce- or hash-only.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...payments.connect],
    "frame-src": ["'self'", ...payments.frame],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "manifest-src": ["'self'"],
    "worker-src": ["'self'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (secure) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

export function securityHeaders(options: HeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy":
      "camera=(self), geolocation=(self), microphone=(), payment=(), usb=(), browsing-topics=()",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  };
  if (!options.development) headers["Content-Security-Policy"] = contentSecurityPolicy(options);
  if (options.secure) headers["Strict-Transport-Security"] = strictTransportSecurity;
  return headers;
}

const strictTransportSecurity = "max-age=31536000; includeSubDomains";

/**
 * The security headers of a file of the build (scripts, styles, fonts, icons): Oja's own bytes,
 * never a document that shows request data. `nosniff` makes the browser refuse a script or style
 * sent with the wrong type, and HSTS counts on any HTTPS response, so both stay. The rest govern
 * a document, which a script, style or font never is: CSP (a script file's own CSP applies only
 * if it were started as a worker, and Oja starts none), X-Frame-Options (framing a file of bytes
 * harms nobody), Permissions-Policy and COOP (a document's features and window). Referrer-Policy
 * would only set a stylesheet's own requests, all same-origin, and the browser's default is the
 * same `strict-origin-when-cross-origin` (decision 032).
 */
export function staticFileHeaders(options: { secure: boolean }): Record<string, string> {
  const headers: Record<string, string> = { "X-Content-Type-Options": "nosniff" };
  if (options.secure) headers["Strict-Transport-Security"] = strictTransportSecurity;
  return headers;
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request may change state: safe methods always; anything else only when the browser
 * says it comes from Oja's own origin (Origin, or Referer when a browser omits Origin). A request
 * with neither is refused, so a form on another site can't post here, even with SameSite cookies.
 */
export function isAllowedOrigin(
  method: string,
  headers: { origin?: string | null; referer?: string | null },
  publicOrigin: string,
): boolean {
  if (safeMethods.has(method.toUpperCase())) return true;
  if (headers.origin) return headers.origin === publicOrigin;
  if (headers.referer) {
    try {
      return new URL(headers.referer).origin === publicOrigin;
    } catch {
      return false;
    }
  }
  return false;
}
