import { CircleCheck, Inbox } from "lucide-react";
import { Link } from "react-router";
import { formatNigerianPhone } from "#app/auth/phone.ts";
import { requireAdmin } from "#app/auth/session.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import {
  approveApplication,
  countPendingApplications,
  pendingApplications,
  rejectApplication,
} from "#app/console/applications.server.ts";
import { decideAsAdmin } from "#app/console/review.server.ts";
import { DecisionDone, DecisionForm, ReasonForm, useDecision } from "#app/console/review-forms.tsx";
import { services } from "#app/context.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/admin-applications";

export const headers = privatePageHeaders;

/**
 * /admin/applications: businesses waiting for review, oldest first. Approve (public, the
 * applicant becomes owner) or reject with a reason the applicant reads. Admins only; 404 to
 * everyone else.
 */
export function meta() {
  return [{ title: "Applications · Admin · Oja" }];
}

const shown = 50;

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db } = services(context);
  const [applications, total] = await Promise.all([
    pendingApplications(db, shown),
    countPendingApplications(db),
  ]);
  return {
    total,
    applications: applications.map((application) => ({
      ...application,
      appliedAt: application.appliedAt.toISOString(),
      phone: application.phone ? formatNigerianPhone(application.phone) : "",
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  return decideAsAdmin(args, {
    approve: ({ db, businessId, reviewer }) => approveApplication(db, businessId, reviewer),
    reject: ({ db, businessId, form, reviewer }) =>
      rejectApplication(db, businessId, form, reviewer),
  });
}

const appliedFormat = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});

type Application = Route.ComponentProps["loaderData"]["applications"][number];

export default function AdminApplications({ loaderData, actionData }: Route.ComponentProps) {
  const { applications, total } = loaderData;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">
      <p className="text-sm">
        <Link to="/admin" className="font-medium text-brand-strong underline">
          Admin
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold text-ink sm:text-3xl">Applications</h1>
      <p className="mt-2 text-ink-muted">
        {total === 0
          ? "No business is waiting for review."
          : `${total} waiting for review, oldest first${total > shown ? `; the first ${shown} are shown` : ""}.`}
      </p>
      <DecisionDone answer={actionData} />
      {applications.length === 0 ? (
        <div className="mt-6">
          <EmptyState icon={Inbox} title="All caught up">
            New applications appear here as businesses apply on /vendor.
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {applications.map((application) => (
            <ApplicationCard key={application.id} application={application} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ApplicationCard({ application }: { application: Application }) {
  const { errors, busy } = useDecision(application.id);
  const headingId = `application-${application.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm"
      >
        {application.coverUrl ? (
          <img src={application.coverUrl} alt="" className="h-32 w-full object-cover" />
        ) : null}
        <div className="space-y-4 p-5">
          <header className="flex items-start gap-3">
            {application.logoUrl ? (
              <img
                src={application.logoUrl}
                alt=""
                className="size-14 shrink-0 rounded-lg border border-line object-cover"
              />
            ) : null}
            <div className="min-w-0">
              <h2 id={headingId} className="text-lg font-semibold text-ink">
                {application.name}
              </h2>
              <p className="text-sm text-ink-muted">
                oja.ng/{application.slug} · {application.category} · {application.city}
              </p>
            </div>
          </header>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="font-medium text-ink-muted">Applicant</dt>
            <dd className="text-ink">
              {application.applicantName ?? "Deleted account"}
              {application.applicantEmail ? ` · ${application.applicantEmail}` : ""}
            </dd>
            <dt className="font-medium text-ink-muted">Applied</dt>
            <dd className="text-ink">{appliedFormat.format(new Date(application.appliedAt))}</dd>
            <dt className="font-medium text-ink-muted">Address</dt>
            <dd className="text-ink">{application.address}</dd>
            <dt className="font-medium text-ink-muted">Phone</dt>
            <dd className="text-ink">{application.phone}</dd>
            <dt className="font-medium text-ink-muted">Description</dt>
            <dd className="whitespace-pre-line text-ink">{application.description}</dd>
          </dl>
          {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
          <div className="flex flex-col gap-4 border-t border-line pt-4 sm:flex-row sm:items-start">
            <DecisionForm businessId={application.id} className="sm:w-40">
              <Button
                type="submit"
                name="intent"
                value="approve"
                className="w-full"
                disabled={busy}
              >
                <CircleCheck aria-hidden="true" className="size-4" />
                Approve
              </Button>
            </DecisionForm>
            <ReasonForm
              businessId={application.id}
              intent="reject"
              label={`Reason for rejecting ${application.name}`}
              hint="The applicant reads this by email and on /vendor. 10 to 500 characters."
              className="flex-1 space-y-3"
            >
              Reject
            </ReasonForm>
          </div>
        </div>
      </article>
    </li>
  );
}
