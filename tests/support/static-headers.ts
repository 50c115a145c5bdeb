/**
 * The headers that govern documents only (decision 032): a built file of the app must carry
 * none of them. Shared by the static-file unit test and the browser's security spec.
 */
export const pageOnlyHeaders = [
  "content-security-policy",
  "x-frame-options",
  "permissions-policy",
  "cross-origin-opener-policy",
  "referrer-policy",
  "set-cookie",
  "x-request-id",
] as const;
