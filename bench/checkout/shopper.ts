import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";

/**
 * A shopper's browser as the benches play it over HTTP (bench:checkout, bench:soak): its own
 * address (X-Forwarded-For, as a proxy in front of Oja passes it on, with TRUST_PROXY=loopback),
 * its session cookie, the Origin the app's form check wants.
 */
export function addressOf(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

export function browserHeaders(origin: string, address: string, cookie?: string) {
  return {
    origin,
    referer: `${origin}/checkout`,
    "user-agent": "Mozilla/5.0 (oja-bench) Chrome/140.0 Safari/537.36",
    "x-forwarded-for": address,
    ...(cookie ? { cookie } : {}),
  };
}

/** Signs a shopper in through the /Login form; their session cookies, as a browser keeps them. */
export async function signIn(
  origin: string,
  email: string,
  password: string,
  address: string,
): Promise<string> {
  const response = await fetch(`${origin}/Login`, {
    method: "POST",
    redirect: "manual",
    headers: browserHeaders(origin, address),
    body: new URLSearchParams({ email, password, redirectTo: "/checkout" }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (response.status !== 302 || cookies.length === 0) {
    throw new Error(
      `Signing in ${email} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );
  }
  return cookies.join("; ");
}

export interface ActionAnswer {
  status: number;
  redirect: string | undefined;
  data: unknown;
  error?: unknown;
}

/**
 * A POST to a route's action the way React Router's fetcher sends it (single fetch: `{path}.data`),
 * decoded with React Router's own decoder: the action's data, or where it redirected.
 */
export async function postAction(
  url: string,
  headers: Record<string, string>,
  form: URLSearchParams,
): Promise<ActionAnswer> {
  const response = await fetch(url, { method: "POST", redirect: "manual", headers, body: form });
  const redirectTo = response.headers.get("x-remix-redirect");
  if (redirectTo) return { status: response.status, redirect: redirectTo, data: undefined };
  if (!response.body || response.status === 204) {
    return { status: response.status, redirect: undefined, data: undefined };
  }
  const decoded = await decodeViaTurboStream(response.body, globalThis as unknown as Window);
  await decoded.done;
  const value = decoded.value as { data?: unknown; redirect?: string; error?: unknown };
  return {
    status: response.status,
    redirect: value.redirect,
    data: value.data,
    error: value.error,
  };
}
