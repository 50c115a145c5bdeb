import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { createAuth } from "#app/auth/auth.server.ts";
import { resolveAuthSecret } from "#app/auth/secret.server.ts";
import { readSettings } from "#app/config.server.ts";
import { openDatabase } from "#app/db/database.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { businesses, businessMembers, products, users } from "#app/db/schema.server.ts";
import { openMediaStores } from "#app/media/store.server.ts";
import { seedDemo } from "#app/seed/demo.server.ts";

/**
 * An end-to-end server whose demo data has an owner (the demo seed has no members, and a
 * membership can't be written into the embedded database while a server holds it). Before the
 * server starts, on a fresh DATA_DIR: migrations, the demo seed, one account made through Better
 * Auth as sign-up makes it, and that account as owner of the first active demo business with a
 * product without sizes; with E2E_MANAGER_EMAIL, a second account as its manager (same password).
 * What the spec needs is written to `$DATA_DIR/e2e-owner.json`; then the
 * usual server starts on the same data.
 *
 *   DATA_DIR=.e2e-vendor PORT=3641 E2E_OWNER_EMAIL=… E2E_OWNER_PASSWORD=… node tests/support/e2e-vendor-server.ts
 */
const dataDir = process.env.DATA_DIR;
const email = process.env.E2E_OWNER_EMAIL;
const password = process.env.E2E_OWNER_PASSWORD;
const managerEmail = process.env.E2E_MANAGER_EMAIL;
if (!dataDir || !email || !password) {
  throw new Error("DATA_DIR, E2E_OWNER_EMAIL and E2E_OWNER_PASSWORD are required");
}
rmSync(dataDir, { recursive: true, force: true });

const settings = readSettings();
const handle = await openDatabase(settings);
try {
  await migrate(handle.db);
  const media = await openMediaStores(settings);
  await seedDemo(handle.db, { media: media.originals });
  media.close();
  const auth = createAuth({ db: handle.db, settings, secret: resolveAuthSecret(settings) });
  await auth.api.signUpEmail({
    body: { name: "Folake Owner", email, password, privacyAcceptedAt: new Date() },
  });
  const [owner] = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  const [pick] = await handle.db
    .select({
      businessId: businesses.id,
      businessSlug: businesses.slug,
      businessName: businesses.name,
      businessCity: businesses.city,
      productSlug: products.slug,
      productName: products.name,
    })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(
      and(
        eq(businesses.status, "active"),
        eq(products.status, "active"),
        gt(products.stock, 5),
        sql`jsonb_array_length(${products.sizes}) = 0`,
      ),
    )
    .orderBy(asc(businesses.slug), asc(products.slug))
    .limit(1);
  if (!owner || !pick) throw new Error("no demo business with a product to sell");
  await handle.db
    .insert(businessMembers)
    .values({ businessId: pick.businessId, userId: owner.id, role: "owner" });
  if (managerEmail) {
    const made = await auth.api.signUpEmail({
      body: { name: "Tunde Manager", email: managerEmail, password, privacyAcceptedAt: new Date() },
    });
    await handle.db
      .insert(businessMembers)
      .values({ businessId: pick.businessId, userId: made.user.id, role: "manager" });
  }
  writeFileSync(path.join(dataDir, "e2e-owner.json"), JSON.stringify(pick));
} finally {
  await handle.close();
}

await import("../../server.ts");
