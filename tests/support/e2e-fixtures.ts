import { eq } from "drizzle-orm";
import { businesses, categories } from "#app/catalog/schema.server.ts";
import { businessMembers, users } from "#app/db/schema.server.ts";
import { startServices } from "#app/services.server.ts";

/**
 * People the browser suite signs in as, made before the server starts: the app's own start
 * (migrations, demo seed) runs first, then a business of the suite's own with a team. Nothing
 * here is reachable from the app: it writes straight to the database of `.e2e-data`.
 */
export const e2eBusiness = { slug: "e2e-boutique", name: "E2E Boutique" } as const;
export const e2ePassword = "e2e Oja password, long enough 42";
export const e2eTeam = {
  manager: { email: "manager@e2e.oja.test", name: "Mariam Manager", role: "manager" },
  staff: { email: "staff@e2e.oja.test", name: "Sola Staff", role: "staff" },
} as const;

export async function prepareE2eData(): Promise<void> {
  const running = await startServices();
  try {
    const { db, auth } = running;
    const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
    if (!category) throw new Error("the demo seed made no categories");
    const businessId = "biz_e2eboutique000000";
    await db.insert(businesses).values({
      id: businessId,
      slug: e2eBusiness.slug,
      name: e2eBusiness.name,
      categoryId: category.id,
      city: "Lagos",
      address: "1 Test Street, Yaba",
      hours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
      status: "active",
    });
    for (const person of Object.values(e2eTeam)) {
      const { user } = await auth.api.signUpEmail({
        body: {
          name: person.name,
          email: person.email,
          password: e2ePassword,
          privacyAcceptedAt: new Date(),
        },
      });
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      await db.insert(businessMembers).values({ businessId, userId: user.id, role: person.role });
    }
  } finally {
    await running.close();
  }
}
