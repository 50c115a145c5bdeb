import { exportPersonalData } from "#app/auth/personal-data.server.ts";
import { requireUser } from "#app/auth/session.server.ts";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import type { Route } from "./+types/profile-data";

/** 2026-05-14, as the day reads in Nigeria, for the file name. */
const lagosDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Africa/Lagos",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * "Download my data": every record Oja holds about the signed-in person, as one JSON file
 * (see exportPersonalData). Never cached: it is personal, and it changes.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { db } = services(context);
  const personalData = await exportPersonalData(db, user.id);
  if (!personalData) throw notFound(new URL(request.url));
  const filename = `oja-my-data-${lagosDay.format(personalData.exportedAt)}.json`;
  return new Response(`${JSON.stringify(personalData, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
