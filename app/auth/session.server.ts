import { and, eq } from "drizzle-orm";
import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { services } from "../context.server.ts";
import { businesses, businessMembers } from "../db/schema.server.ts";
import { notFound } from "../errors.ts";
import { type BusinessRole, hasBusinessRole } from "./roles.ts";

/** The signed-in person, as every loader and action sees them. */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: "shopper" | "admin";
  sessionId: string;
}

export const userContext = createContext<CurrentUser | null>(null);

/**
 * Reads the session cookie once per request and puts the user into the router context. Requests
 * without Oja's cookie (guests, crawlers, the render cache) never touch the database here.
 */
export async function authenticate(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<Headers | null> {
  if (!request.headers.get("cookie")?.includes("oja.")) return null;
  const { auth } = services(context);
  const { headers, response } = await auth.api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  if (response) {
    const { user, session } = response;
    context.set(userContext, {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      role: user.role === "admin" ? "admin" : "shopper",
      sessionId: session.id,
    });
  }
  return headers;
}

/**
 * Root middleware: the user into context, and a refreshed session cookie onto the response —
 * unless the action itself set that cookie (signed in, out, or changed password), whose value is
 * the newer one, or the response may be kept by a shared cache (robots.txt, sitemaps, cached
 * pages), which must never hand one person's session to the next.
 */
export const authMiddleware: MiddlewareFunction<Response> = async ({ context, request }, next) => {
  const headers = await authenticate(context, request);
  const response = await next();
  if (/\bpublic\b/.test(response.headers.get("Cache-Control") ?? "")) return response;
  const cookieName = (line: string) => line.slice(0, line.indexOf("="));
  const setByAction = new Set(response.headers.getSetCookie().map(cookieName));
  for (const cookie of headers?.getSetCookie() ?? []) {
    if (!setByAction.has(cookieName(cookie))) response.headers.append("Set-Cookie", cookie);
  }
  return response;
};

export function currentUser(context: Readonly<RouterContextProvider>): CurrentUser | null {
  return context.get(userContext);
}

const ownOrigin = "http://oja.invalid";

/**
 * Where /Login sends someone back to: only paths on this site, never another origin. The path is
 * read the way a browser will read the Location header (tabs and newlines dropped, backslashes
 * taken for slashes, dot segments resolved), so `/\t/evil.example` or `/.//evil.example` can't
 * become `//evil.example`; what survives is that normalised path, and anything else is "/".
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined): string {
  const path = typeof value === "string" ? value : "";
  if (!path.startsWith("/") || path.length > 2000) return "/";
  let url: URL;
  try {
    url = new URL(path, ownOrigin);
  } catch {
    return "/";
  }
  const normalised = url.pathname + url.search + url.hash;
  if (url.origin !== ownOrigin || !normalised.startsWith("/") || /^\/[/\\]/.test(normalised)) {
    return "/";
  }
  return normalised;
}

/** Guard: a guest is sent to /Login and brought back here afterwards. */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request) {
  const user = currentUser(context);
  if (user) return user;
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  throw redirect(`/Login?redirectTo=${encodeURIComponent(back)}`);
}

/** Guard: platform admins only; anyone else sees the same 404 as for a page that doesn't exist. */
export function requireAdmin(context: Readonly<RouterContextProvider>, request: Request) {
  const user = requireUser(context, request);
  if (user.role !== "admin") throw notFound(new URL(request.url));
  return user;
}

/**
 * Guard: a member of the business named by `slug` with at least `minimum` role. Non-members,
 * including admins, get 404 so a business's console cannot be probed.
 */
export async function requireBusinessMember(
  context: Readonly<RouterContextProvider>,
  request: Request,
  slug: string,
  minimum: BusinessRole,
) {
  const user = requireUser(context, request);
  const { db } = services(context);
  const [membership] = await db
    .select({
      businessId: businesses.id,
      slug: businesses.slug,
      name: businesses.name,
      role: businessMembers.role,
    })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(and(eq(businessMembers.userId, user.id), eq(businesses.slug, slug.toLowerCase())))
    .limit(1);
  if (!membership || !hasBusinessRole(membership.role, minimum))
    throw notFound(new URL(request.url));
  return { user, membership };
}
