import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/database.server.ts";
import { users } from "../db/schema.server.ts";
import { recordAudit } from "./audit.server.ts";
import type { Auth } from "./auth.server.ts";

/**
 * Makes `email` a platform admin (`npm run admin:create`). An existing account is promoted; for a
 * new one an account is created, its email counted as confirmed (the operator vouches for it),
 * and a random first password returned for the operator to hand over and have changed.
 */
export async function makeAdmin(
  db: Database,
  auth: Auth,
  input: { email: string; name?: string },
): Promise<{ userId: string; created: boolean; password?: string }> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, email));
  if (existing) {
    if (existing.role !== "admin") {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ role: "admin", updatedAt: new Date() })
          .where(eq(users.id, existing.id));
        await recordAudit(tx, {
          action: "role.changed",
          actorId: null,
          subjectId: existing.id,
          details: { from: existing.role, to: "admin", by: "admin:create" },
        });
      });
    }
    return { userId: existing.id, created: false };
  }
  const password = `${randomBytes(18).toString("base64url")}-Oja`;
  const { user } = await auth.api.signUpEmail({
    body: { name: input.name ?? "Oja admin", email, password, privacyAcceptedAt: new Date() },
  });
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ role: "admin", emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await recordAudit(tx, {
      action: "role.changed",
      actorId: null,
      subjectId: user.id,
      details: { from: "shopper", to: "admin", by: "admin:create" },
    });
  });
  return { userId: user.id, created: true, password };
}
