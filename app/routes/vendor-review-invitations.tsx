import { data, Form, Link, useNavigation } from "react-router";
import { fieldErrors } from "#app/auth/forms.ts";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormMessage, TextAreaField } from "#app/components/ui/field.tsx";
import { services } from "#app/context.server.ts";
import {
  invitationDays,
  invitationDaysSchema,
  invitationsOfBusiness,
  inviteByHand,
  setInvitationDays,
} from "#app/reviews/invitations.server.ts";
import { invitationDaysRange, maxInvitationsPerBatch } from "#app/reviews/review-limits.ts";
import type { Route } from "./+types/vendor-review-invitations";

/**
 * /vendor/{business}/reviews/invitations (issue 21, decision 051): every customer is invited to
 * review an order some days after it is fulfilled (the business sets how many, 1–30); managers
 * can also invite by hand, typing addresses or uploading a CSV, under the same rules (an address
 * at most once in 30 days, never one that reviewed here this year). The latest invitations and
 * where each stands are listed below.
 */
export function meta() {
  return [{ title: "Review invitations · Console · Oja" }, { name: "robots", content: "noindex" }];
}

/** A CSV larger than this is refused (500 addresses fit in a few kilobytes). */
const maxCsvBytes = 200_000;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { membership } = await requireBusinessMember(context, request, params.business, "manager");
  const { db } = services(context);
  const [days, invitations] = await Promise.all([
    invitationDays(db, membership.businessId),
    invitationsOfBusiness(db, membership.businessId),
  ]);
  return data({ days, invitations }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { user, membership } = await requireBusinessMember(
    context,
    request,
    params.business,
    "manager",
  );
  const { db, settings } = services(context);
  const form = await request.formData();
  if (form.get("intent") === "days") {
    const parsed = invitationDaysSchema.safeParse({ days: form.get("days") });
    if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
    await setInvitationDays(db, membership.businessId, parsed.data.days);
    return { errors: {}, savedDays: parsed.data.days };
  }
  const file = form.get("csv");
  let text = String(form.get("emails") ?? "");
  if (file instanceof File && file.size > 0) {
    if (file.size > maxCsvBytes) {
      return data(
        { errors: { emails: "That file is too large: a CSV of addresses is a few kilobytes." } },
        { status: 400 },
      );
    }
    text += `\n${await file.text()}`;
  }
  const result = await inviteByHand({ db, publicUrl: settings.publicUrl }, membership, user, text);
  if (!result.ok) return data({ errors: result.errors }, { status: result.status });
  return { errors: {}, sent: result };
}

export default function VendorReviewInvitations({
  loaderData,
  actionData,
  params,
}: Route.ComponentProps) {
  const { days, invitations } = loaderData;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="max-w-3xl space-y-6">
      <div className="space-y-1">
        <Link
          to={`/vendor/${params.business}/reviews`}
          className="text-sm text-ink-muted hover:underline"
        >
          Reviews
        </Link>
        <h1 className="text-xl font-bold text-ink">Review invitations</h1>
        <p className="text-ink-muted">
          Oja emails every customer an invitation after their order is fulfilled: all of them, not
          only the happy ones, so your reviews are trusted. Reviews from invitations show "Invited";
          nobody is ever rewarded for one.
        </p>
      </div>

      <Form
        method="post"
        className="space-y-4 rounded-xl border border-line bg-surface p-4"
        noValidate
      >
        <h2 className="font-semibold text-ink">When invitations go</h2>
        {actionData && "savedDays" in actionData ? (
          <FormMessage tone="success">
            Saved: invitations go {actionData.savedDays} days after an order is fulfilled.
          </FormMessage>
        ) : null}
        <Field
          label="Days after an order is fulfilled"
          name="days"
          type="number"
          inputMode="numeric"
          min={invitationDaysRange.min}
          max={invitationDaysRange.max}
          required
          defaultValue={days}
          error={errors.days}
          hint={`Between ${invitationDaysRange.min} and ${invitationDaysRange.max}: long enough for the customer to have tried what they bought.`}
        />
        <Button type="submit" name="intent" value="days" variant="secondary" disabled={busy}>
          Save
        </Button>
      </Form>

      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-4 rounded-xl border border-line bg-surface p-4"
        noValidate
      >
        <h2 className="font-semibold text-ink">Invite customers by hand</h2>
        {sent ? (
          <FormMessage tone="success">
            {sent.sent === 1 ? "1 invitation sent." : `${sent.sent} invitations sent.`}
            {sent.skipped.length > 0 ? ` ${sent.skipped.length} not sent (see below).` : ""}
            {sent.invalid.length > 0
              ? ` Not email addresses: ${sent.invalid.slice(0, 5).join(", ")}${sent.invalid.length > 5 ? "…" : ""}`
              : ""}
          </FormMessage>
        ) : null}
        <TextAreaField
          label="Email addresses"
          name="emails"
          rows={4}
          error={errors.emails}
          hint={`One per line or separated by commas; at most ${maxInvitationsPerBatch} at a time. Invite everyone you served, not only those you expect to be pleased.`}
        />
        <label className="block space-y-1 text-sm font-medium text-ink">
          <span className="block">Or a CSV file</span>
          <input
            type="file"
            name="csv"
            accept=".csv,text/csv,text/plain"
            className="block w-full text-sm text-ink file:me-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-surface file:px-4 file:font-semibold"
          />
          <span className="block font-normal text-ink-muted">
            With a column named "email", or addresses anywhere in it.
          </span>
        </label>
        <Button type="submit" name="intent" value="send" disabled={busy}>
          {busy ? "Sending…" : "Send invitations"}
        </Button>
      </Form>

      <section className="space-y-3" aria-labelledby="latest-invitations">
        <h2 id="latest-invitations" className="font-semibold text-ink">
          Latest invitations
        </h2>
        {invitations.length === 0 ? (
          <p className="text-ink-muted">
            None yet. The first goes out {days} days after you mark an order fulfilled.
          </p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-line bg-surface">
            <table className="w-full text-left text-sm">
              <thead className="text-ink-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Customer
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    For
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Day
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {invitations.map((invitation) => (
                  <tr key={invitation.id} className="border-line border-t">
                    <td className="break-all px-3 py-2 text-ink">{invitation.email}</td>
                    <td className="px-3 py-2 text-ink">
                      {invitation.orderNumber ? `Order ${invitation.orderNumber}` : "Sent by hand"}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-ink">{invitation.day}</td>
                    <td className="px-3 py-2 text-ink">{invitation.status}</td>
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
