import { ClipboardCheck, Coins, Gift, ListChecks, MessageSquareWarning, Store } from "lucide-react";
import { Link } from "react-router";
import { latestAuditEvents } from "#app/auth/audit.server.ts";
import { requireAdmin } from "#app/auth/session.server.ts";
import { countPendingApplications } from "#app/console/applications.server.ts";
import { services } from "#app/context.server.ts";
import { countFlaggedReviews } from "#app/reviews/moderation.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/admin";

export const headers = privatePageHeaders;

export function meta() {
  return [{ title: "Admin · Oja" }];
}

/** Platform admins only; to everyone else this page does not exist (404). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db } = services(context);
  const [events, pending, flaggedReviews] = await Promise.all([
    latestAuditEvents(db, { limit: 100 }),
    countPendingApplications(db),
    countFlaggedReviews(db),
  ]);
  return {
    pending,
    flaggedReviews,
    events: events.map((event) => ({
      id: event.id,
      at: event.at.toISOString(),
      action: event.action,
      actorId: event.actorId,
      subjectId: event.subjectId,
      ipAddress: event.ipAddress,
    })),
  };
}

const dateTime = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Africa/Lagos",
});

export default function Admin({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-ink">Admin</h1>
      <nav aria-label="Admin" className="mt-6">
        <ul className="grid gap-3 sm:grid-cols-2">
          {[
            {
              to: "/admin/applications",
              Icon: ClipboardCheck,
              title: "Applications",
              detail:
                loaderData.pending === 0
                  ? "None waiting for review"
                  : `${loaderData.pending} waiting for review`,
            },
            {
              to: "/admin/businesses",
              Icon: Store,
              title: "Businesses",
              detail: "Find, suspend and restore",
            },
            {
              to: "/admin/points",
              Icon: Coins,
              title: "Points",
              detail: "Adjust a shopper's points; referrals held for review",
            },
            {
              to: "/admin/rewards",
              Icon: Gift,
              title: "Rewards",
              detail: "Oja's airtime, data and partner rewards, and their codes",
            },
            {
              to: "/admin/reviews",
              Icon: MessageSquareWarning,
              title: "Reviews",
              detail:
                loaderData.flaggedReviews === 0
                  ? "No flagged or reported reviews"
                  : `${loaderData.flaggedReviews} flagged or reported, waiting for a decision`,
            },
            {
              to: "/admin/jobs",
              Icon: ListChecks,
              title: "Jobs",
              detail: "Scheduled work, and what failed every try",
            },
          ].map(({ to, Icon, title, detail }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex items-center gap-3 rounded-xl border border-line bg-surface p-4 hover:bg-surface-sunken"
              >
                <Icon aria-hidden="true" className="size-6 text-brand" />
                <span className="flex-1">
                  <span className="block font-semibold text-ink">{title}</span>
                  <span className="block text-sm text-ink-muted">{detail}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="audit-log" className="mt-10">
        <h2 id="audit-log" className="text-lg font-semibold text-ink">
          Audit log
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          The latest 100 security events, newest first. Entries can't be changed or deleted.
        </p>
        {loaderData.events.length === 0 ? (
          <p className="mt-4 text-ink-muted">Nothing recorded yet.</p>
        ) : (
          <div className="mt-4 overflow-x-auto rounded-xl border border-line">
            <table className="w-full text-left text-sm">
              <thead className="bg-surface-sunken text-ink">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    When (Lagos)
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Event
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    By
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    About
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    IP address
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line bg-surface">
                {loaderData.events.map((event) => (
                  <tr key={event.id}>
                    <td className="whitespace-nowrap px-3 py-2 text-ink">
                      {dateTime.format(new Date(event.at))}
                    </td>
                    <td className="px-3 py-2 font-medium text-ink">{event.action}</td>
                    <td className="px-3 py-2 font-mono text-xs text-ink-muted">
                      {event.actorId ?? "guest"}
                    </td>
                    <td className="px-3 py-2 font-mono text-xs text-ink-muted">
                      {event.subjectId ?? "—"}
                    </td>
                    <td className="px-3 py-2 font-mono text-xs text-ink-muted">
                      {event.ipAddress ?? "—"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
