import { describe, expect, test } from "vitest";
import {
  contentSecurityPolicy,
  isAllowedOrigin,
  paymentOrigins,
  securityHeaders,
  staticFileHeaders,
} from "./headers.server.ts";

const embedded = paymentOrigins({ mode: "test", apiBaseUrl: "http://127.0.0.1:3000/_paystack" });
const base = {
  scripts: { nonce: "abc123" },
  secure: false,
  payments: embedded,
  development: false,
};

describe("the security headers", () => {
  test("scripts run only from Oja's origin or with this response's nonce", () => {
    expect(contentSecurityPolicy(base)).toContain("script-src 'self' 'nonce-abc123';");
  });

  test("no other site may frame Oja, and plugins and base-tag tricks are off", () => {
    const policy = contentSecurityPolicy(base);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("form-action 'self'");
  });

  test("the embedded simulator needs nothing beyond Oja's own origin", () => {
    expect(contentSecurityPolicy(base)).not.toContain("paystack");
    expect(contentSecurityPolicy(base)).toContain("frame-src 'self';");
  });

  test("Paystack's script, frame and API are allowed with Paystack keys, live or test", () => {
    const live = contentSecurityPolicy({
      ...base,
      payments: paymentOrigins({ mode: "live", apiBaseUrl: "https://api.paystack.co" }),
    });
    expect(live).toContain("script-src 'self' 'nonce-abc123' https://js.paystack.co");
    expect(live).toContain("frame-src 'self' https://checkout.paystack.com");
    expect(live).toContain("connect-src 'self' https://api.paystack.co");
  });

  test("a standalone simulator's one origin serves its script, checkout and API", () => {
    const policy = contentSecurityPolicy({
      ...base,
      payments: paymentOrigins({ mode: "live", apiBaseUrl: "http://127.0.0.1:3400" }),
    });
    expect(policy).toContain("script-src 'self' 'nonce-abc123' http://127.0.0.1:3400;");
    expect(policy).toContain("frame-src 'self' http://127.0.0.1:3400;");
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:3400;");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  test("HSTS and upgrade-insecure-requests are sent only over HTTPS", () => {
    expect(securityHeaders(base)["Strict-Transport-Security"]).toBeUndefined();
    const secure = securityHeaders({ ...base, secure: true });
    expect(secure["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(secure["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
  });

  test("a file of the build carries nosniff, and HSTS over HTTPS, but no page-only header", () => {
    expect(staticFileHeaders({ secure: false })).toEqual({ "X-Content-Type-Options": "nosniff" });
    expect(staticFileHeaders({ secure: true })).toEqual({
      "X-Content-Type-Options": "nosniff",
      "Strict-Transport-Security": securityHeaders({ ...base, secure: true })[
        "Strict-Transport-Security"
      ],
    });
  });

  test("every page names its referrer, permissions and content-type policies", () => {
    const headers = securityHeaders(base);
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Permissions-Policy"]).toContain("microphone=()");
    expect(headers["X-Frame-Options"]).toBe("DENY");
  });

  test("Vite's development pages get no CSP, since Vite injects inline scripts", () => {
    expect(
      securityHeaders({ ...base, development: true })["Content-Security-Policy"],
    ).toBeUndefined();
  });
});

describe("the Origin check", () => {
  const origin = "https://oja.ng";

  test.each(["GET", "HEAD", "OPTIONS"])(
    "%s never changes anything, so it always passes",
    (method) => {
      expect(isAllowedOrigin(method, {}, origin)).toBe(true);
    },
  );

  test("a POST from Oja's own page passes", () => {
    expect(isAllowedOrigin("POST", { origin }, origin)).toBe(true);
  });

  test.each([
    ["another site", { origin: "https://evil.example" }],
    ["the same host over http", { origin: "http://oja.ng" }],
    ["a look-alike subdomain", { origin: "https://oja.ng.evil.example" }],
    ["an opaque origin", { origin: "null" }],
    ["neither Origin nor Referer", {}],
    ["a Referer from another site", { referer: "https://evil.example/form" }],
    ["a malformed Referer", { referer: "not a url" }],
  ])("a POST from %s is refused", (_name, headers) => {
    expect(isAllowedOrigin("POST", headers, origin)).toBe(false);
  });

  test("a browser that sends only a Referer from Oja passes", () => {
    expect(isAllowedOrigin("DELETE", { referer: "https://oja.ng/profile" }, origin)).toBe(true);
  });
});
