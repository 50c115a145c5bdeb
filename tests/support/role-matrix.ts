import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "#app/db/database.server.ts";
import { businessMembers, users } from "#app/db/schema.server.ts";
import { outcomeOf, signUpAs } from "./accounts.ts";
import { createBusiness, createCategory } from "./catalog.ts";
import { pageRequest, routeArgs } from "./router-context.ts";

/**
 * The role matrix (issue 4): every guarded route is tried as each kind of person, and each later
 * resource adds itself with one `expectRoleMatrix` call. "owner" owns the business under test;
 * "ownerOfOther" owns a different one.
 */
export const matrixRoles = [
  "guest",
  "shopper",
  "otherShopper",
  "staff",
  "manager",
  "owner",
  "ownerOfOther",
  "admin",
] as const;
export type MatrixRole = (typeof matrixRoles)[number];

/** What a person sees: the page, a trip to /Login, or the 404 a missing page gives. */
export type Outcome = "ok" | "login" | 404;

/** A console page every member of the business opens; to anyone else it doesn't exist. */
export const consoleStaffAndUp: Record<MatrixRole, Outcome> = {
  guest: "login",
  shopper: 404,
  otherShopper: 404,
  staff: "ok",
  manager: "ok",
  owner: "ok",
  ownerOfOther: 404,
  admin: 404,
};
/** A platform admin's page: to anyone else it doesn't exist. */
export const adminsOnly: Record<MatrixRole, Outcome> = {
  guest: "login",
  shopper: 404,
  otherShopper: 404,
  staff: 404,
  manager: 404,
  owner: 404,
  ownerOfOther: 404,
  admin: "ok",
};
/** A console page for the business's managers and owners. */
export const consoleManagersAndOwners: Record<MatrixRole, Outcome> = {
  ...consoleStaffAndUp,
  staff: 404,
};
/** A console page for the business's owners only. */
export const consoleOwnersOnly: Record<MatrixRole, Outcome> = {
  ...consoleManagersAndOwners,
  manager: 404,
};

export interface RoleFixtures {
  /** The business the staff, manager and owner belong to. */
  business: { id: string; slug: string };
  otherBusiness: { id: string; slug: string };
  userIds: Record<Exclude<MatrixRole, "guest">, string>;
  cookies: Record<Exclude<MatrixRole, "guest">, string>;
}

export async function createRoleFixtures(db: Database): Promise<RoleFixtures> {
  const category = await createCategory(db);
  const business = await createBusiness(db, { categoryId: category.id, name: "Matrix Spa" });
  const otherBusiness = await createBusiness(db, { categoryId: category.id, name: "Other Spa" });
  const suffix = business.id.slice(4);
  const people = {} as Record<Exclude<MatrixRole, "guest">, { id: string; cookie: string }>;
  for (const role of matrixRoles) {
    if (role === "guest") continue;
    const account = await signUpAs(db, {
      name: `Matrix ${role}`,
      email: `${role.toLowerCase()}-${suffix}@example.com`,
    });
    people[role] = { id: account.userId, cookie: account.cookie };
  }
  await db.insert(businessMembers).values([
    { businessId: business.id, userId: people.staff.id, role: "staff" },
    { businessId: business.id, userId: people.manager.id, role: "manager" },
    { businessId: business.id, userId: people.owner.id, role: "owner" },
    { businessId: otherBusiness.id, userId: people.ownerOfOther.id, role: "owner" },
  ]);
  await db.update(users).set({ role: "admin" }).where(eq(users.id, people.admin.id));
  const pick = <Key extends "id" | "cookie">(key: Key) =>
    Object.fromEntries(
      Object.entries(people).map(([role, person]) => [role, person[key]]),
    ) as Record<Exclude<MatrixRole, "guest">, string>;
  return {
    business: { id: business.id, slug: business.slug },
    otherBusiness: { id: otherBusiness.id, slug: otherBusiness.slug },
    userIds: pick("id"),
    cookies: pick("cookie"),
  };
}

/** A loader or action of a route module; its own typed arguments are what routeArgs gives. */
type RouteFunction = (args: never) => unknown;

/**
 * The matrix sends GETs: this wraps a route's action so that it gets `form` posted instead, with
 * the same cookie and address.
 */
export function posting(
  run: RouteFunction,
  form: Record<string, string> | FormData,
): RouteFunction {
  return ((args: { request: Request }) => {
    const headers = new Headers(args.request.headers);
    const body = form instanceof FormData ? form : new URLSearchParams(form);
    const request = new Request(args.request.url, { method: "POST", headers, body });
    return (run as (args: unknown) => unknown)({ ...args, request });
  }) as RouteFunction;
}

/** Runs `run` (a loader or action) as `role` and says what that person got. */
export async function outcomeFor(
  db: Database,
  fixtures: RoleFixtures,
  role: MatrixRole,
  target: { path: string; pattern: string; params?: Record<string, string>; run: RouteFunction },
): Promise<Outcome> {
  const cookie = role === "guest" ? undefined : fixtures.cookies[role];
  const args = await routeArgs(
    db,
    pageRequest(target.path, { cookie }),
    target.pattern,
    target.params,
  );
  const outcome = await outcomeOf(() => target.run(args as never));
  if (!outcome.thrown) return "ok";
  if (outcome.location?.startsWith("/Login")) return "login";
  if (outcome.status === 404) return 404;
  throw new Error(`${target.path} as ${role} answered an unexpected ${outcome.status}`);
}

/** Asserts the whole matrix for one route at once, so a failure shows every role's outcome. */
export async function expectRoleMatrix(
  db: Database,
  fixtures: RoleFixtures,
  target: { path: string; pattern: string; params?: Record<string, string>; run: RouteFunction },
  expected: Record<MatrixRole, Outcome>,
) {
  const actual = {} as Record<MatrixRole, Outcome>;
  for (const role of matrixRoles) actual[role] = await outcomeFor(db, fixtures, role, target);
  expect(actual).toEqual(expected);
}
