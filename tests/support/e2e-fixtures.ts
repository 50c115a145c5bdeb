import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { businesses } from "#app/catalog/schema.server.ts";
import { businessMembers, users } from "#app/db/schema.server.ts";
import { startServices } from "#app/services.server.ts";

/**
 * People the browser suite signs in as, made before the server starts: the app's own start
 * (migrations, demo seed) runs first, then a manager and a staff member join the oldest demo
 * business, and a platform admin (`users.role = 'admin'`, a member of no business) is made for
 * the specs that review applications. No business is added, so every public list stays as the
 * demo made it (other specs count them), and the oldest business never leads the "newest" lists
 * they read. Nothing here is reachable from the app: it writes straight to the database, and the
 * business it chose to `e2e-fixtures.json` in the data dir, for the specs (`e2eFixtures()`).
 */
export const e2ePassword = "e2e Oja password, long enough 42";
export const e2eTeam = {
  manager: { email: "manager@e2e.oja.test", name: "Mariam Manager", role: "manager" },
  staff: { email: "staff@e2e.oja.test", name: "Sola Staff", role: "staff" },
  /** A platform admin, not a business member: `role` here is the account's, not a membership. */
  admin: { email: "admin@e2e.oja.test", name: "Adebayo Admin", role: "admin" },
} as const;

export interface E2eFixtures {
  business: { slug: string; name: string };
}

const fixturesFile = (dataDir: string) => path.join(dataDir, "e2e-fixtures.json");

export async function prepareE2eData(dataDir: string): Promise<void> {
  const running = await startServices();
  try {
    const { db, auth } = running;
    const [business] = await db
      .select({ id: businesses.id, slug: businesses.slug, name: businesses.name })
      .from(businesses)
      .where(eq(businesses.status, "active"))
      .orderBy(asc(businesses.createdAt), asc(businesses.slug))
      .limit(1);
    if (!business) throw new Error("the demo seed made no active business");
    for (const person of Object.values(e2eTeam)) {
      const { user } = await auth.api.signUpEmail({
        body: {
          name: person.name,
          email: person.email,
          password: e2ePassword,
          privacyAcceptedAt: new Date(),
        },
      });
      const admin = person.role === "admin";
      await db
        .update(users)
        .set(admin ? { emailVerified: true, role: "admin" } : { emailVerified: true })
        .where(eq(users.id, user.id));
      if (admin) continue;
      await db
        .insert(businessMembers)
        .values({ businessId: business.id, userId: user.id, role: person.role });
    }
    const fixtures: E2eFixtures = { business: { slug: business.slug, name: business.name } };
    writeFileSync(fixturesFile(dataDir), JSON.stringify(fixtures));
  } finally {
    await running.close();
  }
}

/** What prepareE2eData made, for a spec (the server must have started). */
export function e2eFixtures(): E2eFixtures {
  return JSON.parse(readFileSync(fixturesFile(".e2e-data"), "utf8")) as E2eFixtures;
}
