import { eq } from "drizzle-orm";
import type { Database } from "#app/db/database.server.ts";
import { users } from "#app/db/schema.server.ts";
import { outcomeOf, type RouteOutcome } from "./accounts.ts";
import { pageRequest, routeArgs } from "./router-context.ts";

/**
 * Forms with files, as the browser posts them (multipart/form-data), for the vendor and admin
 * actions; and the small steps their tests share.
 */
export async function postMultipart(
  db: Database,
  route: { action: (args: never) => unknown },
  path: string,
  fields: Record<string, string | File>,
  options: {
    cookie?: string;
    params?: Record<string, string>;
    pattern?: string;
    env?: Record<string, string>;
  } = {},
): Promise<RouteOutcome> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const base = pageRequest(path, { cookie: options.cookie });
  const request = new Request(base.url, { method: "POST", headers: base.headers, body: form });
  const args = await routeArgs(
    db,
    request,
    options.pattern ?? new URL(request.url).pathname,
    options.params,
    options.env,
  );
  return outcomeOf(() => route.action(args as never));
}

/** Marks the person's email as confirmed, as opening the emailed link does. */
export async function confirmEmail(db: Database, userId: string) {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/** A small real picture for upload fields. */
export async function pictureFile(name = "logo.png", color = "#0b7a4b") {
  const { default: sharp } = await import("sharp");
  const bytes = await sharp({ create: { width: 120, height: 120, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new File([bytes], name, { type: "image/png" });
}
