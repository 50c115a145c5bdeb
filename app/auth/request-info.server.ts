/**
 * The caller's address as Express worked it out under TRUST_PROXY. server/security.ts sets this
 * header on every request and drops any value the caller sent, so it can be believed here.
 */
export const clientIpHeader = "x-oja-client-ip";

export function clientIp(request: Request): string | null {
  return request.headers.get(clientIpHeader);
}

export function userAgent(request: Request): string | null {
  return request.headers.get("user-agent")?.slice(0, 300) ?? null;
}
