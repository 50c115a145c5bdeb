/**
 * Makes a platform admin in the database the app uses (DATABASE_URL, else PGlite in DATA_DIR).
 *
 *   npm run admin:create -- --email ada@oja.ng [--name "Ada Obi"]
 *
 * With the embedded database, stop the app first: PGlite allows one process at a time.
 */
import { parseArgs } from "node:util";
import { makeAdmin } from "#app/auth/admins.server.ts";
import { createAuth } from "#app/auth/auth.server.ts";
import { resolveAuthSecret } from "#app/auth/secret.server.ts";
import { readSettings, SettingsError } from "#app/config.server.ts";
import { type DatabaseHandle, openDatabase } from "#app/db/database.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { z } from "#app/zod.ts";

const usage = `Usage: npm run admin:create -- --email you@example.com [--name "Your Name"]

Promotes the account with that email to platform admin, or creates it (printing a first
password to change after signing in).`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const email = z.email().safeParse(values.email?.trim().toLowerCase());
  if (!email.success) {
    console.error(`--email must be an email address.\n\n${usage}`);
    return 2;
  }
  const settings = readSettings();
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase(settings);
    await migrate(handle.db);
    const auth = createAuth({ db: handle.db, settings, secret: resolveAuthSecret(settings) });
    const result = await makeAdmin(handle.db, auth, { email: email.data, name: values.name });
    if (result.created) {
      console.log(`Created the admin account ${email.data} (${result.userId}).`);
      console.log(`First password, shown once: ${result.password}`);
      console.log("Sign in at /Login and change it in My account → Security.");
    } else {
      console.log(`${email.data} (${result.userId}) is an admin.`);
    }
    return 0;
  } finally {
    await handle?.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof SettingsError ? error.message : error);
  process.exitCode = 1;
}
