import { eq } from "drizzle-orm";
import type { Database } from "#app/db/database.server.ts";
import { users } from "#app/db/schema.server.ts";
import * as createAccount from "#app/routes/create-account.tsx";
import * as login from "#app/routes/login.tsx";
import { pageRequest, routeArgs } from "./router-context.ts";

/**
 * People for integration tests, made the way a browser makes them: through the real sign-up and
 * sign-in actions, Better Auth and the session middleware, on the test's own database.
 *
 *   const ada = await signUpAs(db, { name: "Ada Obi" });
 *   const answer = await postTo(db, profile, "/profile", { intent: "details", … }, { cookie: ada.cookie });
 *   expect(answer.status).toBe(400);
 */

/** A password every check accepts (long, not guessable from the name or email). */
export const testPassword = "correct horse battery staple 42";

/** What a loader or action gave back, or threw, reduced to what a test asserts on. */
export interface RouteOutcome {
  /** The status of the response, or 200 for plain data. */
  status: number;
  /** The data of `data(…)` or a plain return value; undefined for a Response. */
  data: unknown;
  /** Where a redirect sends the browser. */
  location: string | null;
  /** Each `Set-Cookie` line of a Response. */
  setCookies: string[];
  /** Whether it was thrown (redirects and error responses) rather than returned. */
  thrown: boolean;
  /** The Response itself, when it was one (redirects, resource routes). */
  response: Response | null;
}

interface DataLike {
  data: unknown;
  init: ResponseInit | null;
}

function isDataLike(value: unknown): value is DataLike {
  return typeof value === "object" && value !== null && "data" in value && "init" in value;
}

function outcome(value: unknown, thrown: boolean): RouteOutcome {
  if (value instanceof Response) {
    return {
      status: value.status,
      data: undefined,
      location: value.headers.get("Location"),
      setCookies: value.headers.getSetCookie(),
      thrown,
      response: value,
    };
  }
  if (isDataLike(value)) {
    const headers = new Headers(value.init?.headers);
    return {
      status: value.init?.status ?? 200,
      data: value.data,
      location: headers.get("Location"),
      setCookies: headers.getSetCookie(),
      thrown,
      response: null,
    };
  }
  return { status: 200, data: value, location: null, setCookies: [], thrown, response: null };
}

/** Runs a loader or action and says what came of it, whether returned or thrown. */
export async function outcomeOf(run: () => unknown): Promise<RouteOutcome> {
  try {
    return outcome(await run(), false);
  } catch (error) {
    if (error instanceof Response || isDataLike(error)) return outcome(error, true);
    throw error;
  }
}

export interface RequestOptions {
  /** The `Cookie` header: a signed-in person's, from `signUpAs` or `signInAs`. */
  cookie?: string;
  /** The caller's address, as the server records it. */
  ip?: string;
  userAgent?: string;
}

function request(path: string, form: Record<string, string> | undefined, options: RequestOptions) {
  const made = pageRequest(path, { form, cookie: options.cookie, ip: options.ip });
  if (options.userAgent) made.headers.set("user-agent", options.userAgent);
  return made;
}

interface RouteOptions {
  pattern?: string;
  params?: Record<string, string>;
  /** Settings of the test's services, e.g. a Paystack simulator's `env`. */
  env?: Record<string, string>;
}

const patternOf = (path: string) => new URL(path, "http://localhost:3000").pathname;

/**
 * Posts `form` to a route module's action at `path`, after the session middleware has read the
 * cookie, as the browser's form post does. `pattern` defaults to the path without its query.
 */
export async function postTo(
  db: Database,
  route: { action: (args: never) => unknown },
  path: string,
  form: Record<string, string>,
  options: RequestOptions & RouteOptions = {},
): Promise<RouteOutcome> {
  const args = await routeArgs(
    db,
    request(path, form, options),
    options.pattern ?? patternOf(path),
    options.params,
    options.env,
  );
  return outcomeOf(() => route.action(args as never));
}

/** Loads `path` with a route module's loader, as a page visit (GET) does. */
export async function getFrom(
  db: Database,
  route: { loader: (args: never) => unknown },
  path: string,
  options: RequestOptions & RouteOptions = {},
): Promise<RouteOutcome> {
  const args = await routeArgs(
    db,
    request(path, undefined, options),
    options.pattern ?? patternOf(path),
    options.params,
    options.env,
  );
  return outcomeOf(() => route.loader(args as never));
}

/**
 * The `Cookie` header a browser sends after receiving `setCookies`, starting from the cookies it
 * had (`previous`): a cookie set again replaces the old one, and an emptied or expired one goes.
 */
export function cookieHeader(setCookies: string[], previous = ""): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split(";")) {
    const [name, ...value] = pair.trim().split("=");
    if (name) jar.set(name, value.join("="));
  }
  for (const line of setCookies) {
    const [pair = "", ...attributes] = line.split(";");
    const [name = "", ...value] = pair.trim().split("=");
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
    if (!name) continue;
    if (expired || value.join("=") === "") jar.delete(name);
    else jar.set(name, value.join("="));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

let people = 0;

/**
 * A fresh address for each sign-up and sign-in, so the per-IP limits of those forms never refuse
 * a test that makes many people (198.18.0.0/15 is reserved for testing).
 */
export function nextTestIp(): string {
  people += 1;
  return `198.18.${Math.floor(people / 250) % 256}.${(people % 250) + 1}`;
}

export interface TestAccount {
  userId: string;
  name: string;
  email: string;
  password: string;
  /** The `Cookie` header of the device that signed up. */
  cookie: string;
}

/**
 * Signs a new person up through /CreateAccount (privacy accepted), then in through /Login as the
 * "check your email" page asks (sign-up itself starts no session), and returns their id, their
 * password and the session cookie of that first device. The email defaults to a unique one.
 * Throws if a form is refused, with its messages.
 */
export async function signUpAs(
  db: Database,
  person: { name?: string; email?: string; password?: string } & RequestOptions = {},
): Promise<TestAccount> {
  const name = person.name ?? "Ada Obi";
  const password = person.password ?? testPassword;
  const email = (person.email ?? `person-${people + 1}-${Date.now()}@example.com`).toLowerCase();
  const ip = person.ip ?? nextTestIp();
  const answer = await postTo(
    db,
    createAccount,
    "/CreateAccount",
    { name, email, password, privacy: "on" },
    { ip, userAgent: person.userAgent },
  );
  if (answer.status !== 200 || !(answer.data as { sent?: string })?.sent) {
    throw new Error(`Sign-up of ${email} was refused: ${JSON.stringify(answer.data)}`);
  }
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`Sign-up of ${email} made no user`);
  const cookie = await signInAs(db, { email, password, ip, userAgent: person.userAgent });
  return { userId: user.id, name, email, password, cookie };
}

/**
 * Signs in through /Login, as another device would, and returns that device's `Cookie` header.
 * Throws if the sign-in is refused; to test a refusal, post to the login action with `postTo`.
 */
export async function signInAs(
  db: Database,
  person: { email: string; password?: string } & RequestOptions,
): Promise<string> {
  const answer = await postTo(
    db,
    login,
    "/Login",
    { email: person.email, password: person.password ?? testPassword },
    { ip: person.ip ?? nextTestIp(), userAgent: person.userAgent },
  );
  if (answer.status !== 302) {
    throw new Error(`Sign-in of ${person.email} was refused: ${JSON.stringify(answer.data)}`);
  }
  return cookieHeader(answer.setCookies);
}
