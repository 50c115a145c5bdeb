import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { auditEvents, users } from "#app/db/schema.server.ts";
import { signUpAs } from "#tests/support/accounts.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { testServices } from "#tests/support/router-context.ts";
import { makeAdmin } from "./admins.server.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("npm run admin:create", () => {
  test("promotes an existing shopper and records the role change", async () => {
    const { userId: id } = await signUpAs(database.db, {
      name: "Ngozi Okafor",
      email: "ngozi@example.com",
    });
    const result = await makeAdmin(database.db, testServices(database.db).auth, {
      email: " NGOZI@example.com ",
    });
    expect(result).toEqual({ userId: id, created: false });
    const [user] = await database.db.select().from(users).where(eq(users.id, id));
    expect(user?.role).toBe("admin");
    const [event] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, id), eq(auditEvents.action, "role.changed")));
    expect(event).toMatchObject({ action: "role.changed", details: { to: "admin" } });
  });

  test("creates a confirmed admin account with a first password that signs in", async () => {
    const { auth } = testServices(database.db);
    const result = await makeAdmin(database.db, auth, { email: "ops@oja.ng", name: "Ops" });
    expect(result.created).toBe(true);
    const [user] = await database.db.select().from(users).where(eq(users.email, "ops@oja.ng"));
    expect(user).toMatchObject({ role: "admin", emailVerified: true, name: "Ops" });
    const signedIn = await auth.api.signInEmail({
      body: { email: "ops@oja.ng", password: result.password ?? "" },
    });
    expect(signedIn.user.id).toBe(result.userId);
  });

  test("the audit log refuses to be edited or emptied", async () => {
    await expect(database.db.update(auditEvents).set({ action: "forged" })).rejects.toThrow();
    await expect(database.db.delete(auditEvents)).rejects.toThrow();
  });
});
