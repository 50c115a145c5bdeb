import { clsx } from "clsx";
import { Search, Store } from "lucide-react";
import { Form, Link } from "react-router";
import { requireAdmin } from "#app/auth/session.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Field, FormMessage, SelectField } from "#app/components/ui/field.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import {
  findBusinesses,
  restoreBusiness,
  suspendBusiness,
} from "#app/console/applications.server.ts";
import { adminBusinessStatuses, type BusinessStatus } from "#app/console/form-fields.ts";
import { decideAsAdmin } from "#app/console/review.server.ts";
import { DecisionDone, DecisionForm, ReasonForm, useDecision } from "#app/console/review-forms.tsx";
import { services } from "#app/context.server.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { publicError } from "#app/errors.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/admin-businesses";

export const headers = privatePageHeaders;

/**
 * /admin/businesses: find a business by name or address, filter by status, page through, and
 * suspend (with a reason its owners are sent) or restore it. Admins only; 404 to everyone else.
 */
export function meta() {
  return [{ title: "Businesses · Admin · Oja" }];
}

const statusLabels: Record<BusinessStatus, string> = {
  active: "Active",
  suspended: "Suspended",
  pending: "Waiting for review",
  rejected: "Rejected",
};

export async function loader({ context, request, url }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db } = services(context);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 80);
  const rawStatus = url.searchParams.get("status") ?? "";
  const status = (adminBusinessStatuses as readonly string[]).includes(rawStatus)
    ? (rawStatus as BusinessStatus)
    : undefined;
  try {
    const page = await findBusinesses(db, {
      q,
      status,
      after: url.searchParams.get("after"),
    });
    return {
      q,
      status: status ?? "",
      nextCursor: page.nextCursor,
      businesses: page.items.map((business) => ({
        id: business.id,
        name: business.name,
        slug: business.slug,
        city: business.city,
        status: business.status,
        reviewNote: business.reviewNote,
      })),
    };
  } catch (error) {
    if (error instanceof InvalidPageCursorError) throw publicError(400, error.message);
    throw error;
  }
}

export async function action(args: Route.ActionArgs) {
  return decideAsAdmin(args, {
    suspend: ({ db, businessId, form, reviewer }) =>
      suspendBusiness(db, businessId, form, reviewer),
    restore: ({ db, businessId, reviewer }) => restoreBusiness(db, businessId, reviewer),
  });
}

type BusinessRow = Route.ComponentProps["loaderData"]["businesses"][number];

export default function AdminBusinesses({ loaderData, actionData }: Route.ComponentProps) {
  const { businesses, q, status, nextCursor } = loaderData;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">
      <p className="text-sm">
        <Link to="/admin" className="font-medium text-brand-strong underline">
          Admin
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold text-ink sm:text-3xl">Businesses</h1>
      <p className="mt-2 text-ink-muted">
        A suspended business disappears from every public page and from search until it is restored;
        its members keep their console.
      </p>
      <Form
        method="get"
        role="search"
        className="mt-6 grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
      >
        <Field label="Name or address" name="q" type="search" defaultValue={q} maxLength={80} />
        <SelectField
          label="Status"
          name="status"
          defaultValue={status}
          placeholder="Any status"
          options={adminBusinessStatuses.map((value) => ({
            value,
            label: statusLabels[value],
          }))}
        />
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" className="size-4" /> Find
        </Button>
      </Form>
      <DecisionDone answer={actionData} />
      {businesses.length === 0 ? (
        <div className="mt-6">
          <EmptyState icon={Store} title="No business matches">
            Try part of the name or address, or any status.
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-line rounded-2xl border border-line bg-surface">
          {businesses.map((business) => (
            <BusinessItem key={business.id} business={business} />
          ))}
        </ul>
      )}
      <NextPageLink cursor={nextCursor} label="More businesses" />
    </div>
  );
}

function BusinessItem({ business }: { business: BusinessRow }) {
  const { errors, busy } = useDecision(business.id);
  const headingId = `business-${business.id}`;
  return (
    <li className="space-y-3 p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={headingId} className="font-semibold text-ink">
          {business.status === "active" ? (
            <Link to={`/${business.slug}`} className="hover:underline">
              {business.name}
            </Link>
          ) : (
            business.name
          )}
        </h2>
        <span
          className={clsx(
            "rounded-full px-2.5 py-0.5 text-xs font-medium",
            business.status === "active"
              ? "bg-brand-soft text-brand-strong"
              : business.status === "suspended"
                ? "bg-danger-soft text-danger"
                : "bg-surface-sunken text-ink",
          )}
        >
          {statusLabels[business.status]}
        </span>
        <span className="text-sm text-ink-muted">
          /{business.slug} · {business.city}
        </span>
      </div>
      {business.status === "suspended" && business.reviewNote ? (
        <p className="text-sm text-ink">
          <span className="font-medium">Reason:</span> {business.reviewNote}
        </p>
      ) : null}
      {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
      {business.status === "active" ? (
        <details className="rounded-lg border border-line px-3 py-2">
          <summary className="cursor-pointer text-sm font-medium text-ink">Suspend…</summary>
          <ReasonForm
            businessId={business.id}
            intent="suspend"
            label={`Reason for suspending ${business.name}`}
            hint="Its owners are emailed this reason. 10 to 500 characters."
            className="mt-3 space-y-3"
          >
            Suspend {business.name}
          </ReasonForm>
        </details>
      ) : business.status === "suspended" ? (
        <DecisionForm businessId={business.id}>
          <Button type="submit" name="intent" value="restore" variant="secondary" disabled={busy}>
            Restore {business.name}
          </Button>
        </DecisionForm>
      ) : business.status === "pending" ? (
        <Link to="/admin/applications" className="text-sm font-medium text-brand-strong underline">
          Review in applications
        </Link>
      ) : null}
    </li>
  );
}
