import { data, Form, useActionData, useNavigation } from "react-router";
import { auditSource, recordAudit } from "#app/auth/audit.server.ts";
import { requireAdmin } from "#app/auth/session.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormMessage, TextAreaField } from "#app/components/ui/field.tsx";
import { services } from "#app/context.server.ts";
import { secretToken } from "#app/db/ids.ts";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { adjustPoints } from "#app/points/adjust.server.ts";
import { heldReferrals, reviewHeldReferral } from "#app/referrals/referrals.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/admin-points";

export const headers = privatePageHeaders;

/**
 * /admin/points: a person at Oja corrects a shopper's points with a reason (kept in the audit log
 * and shown to the shopper), and decides the referrals held for review (decision 047). Admins
 * only; 404 to everyone else.
 */
export function meta() {
  return [{ title: "Points · Admin · Oja" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return data(
    { held: await heldReferrals(services(context).db), requestKey: secretToken() },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type Answer =
  | { intent: "adjust"; errors: Partial<Record<string, string>>; done?: string }
  | { intent: "review"; errors: Partial<Record<string, string>>; done?: string };

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { db } = services(context);
  const form = await request.formData();
  if (form.get("intent") === "adjust") {
    const result = await adjustPoints(db, admin, form, request);
    if (!result.ok) {
      return data<Answer>({ intent: "adjust", errors: result.errors }, { status: result.status });
    }
    return data<Answer>({
      intent: "adjust",
      errors: {},
      done: `Done: the shopper now has ${result.available} points to spend.`,
    });
  }
  const decision = form.get("intent");
  if (decision !== "approve" && decision !== "refuse") {
    return data<Answer>(
      { intent: "review", errors: { form: "Choose approve or refuse." } },
      { status: 400 },
    );
  }
  const friendId = String(form.get("friendId") ?? "").slice(0, 40);
  const reviewed = await reviewHeldReferral(db, friendId, {
    approve: decision === "approve",
    reviewerId: admin.id,
  });
  if (!reviewed.ok) {
    return data<Answer>(
      { intent: "review", errors: { form: "That referral isn't waiting for review." } },
      { status: 404 },
    );
  }
  await recordAudit(db, {
    action: "referral.reviewed",
    actorId: admin.id,
    subjectId: friendId,
    details: { status: reviewed.status },
    ...auditSource(request),
  });
  return data<Answer>({
    intent: "review",
    errors: {},
    done:
      reviewed.status === "qualified"
        ? "Approved: both have their points (pending 7 days)."
        : "Refused.",
  });
}

export default function AdminPoints({ loaderData }: Route.ComponentProps) {
  const { held, requestKey } = loaderData;
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const adjustErrors = answer?.intent === "adjust" ? answer.errors : {};
  return (
    <div className="mx-auto max-w-3xl space-y-10 px-4 py-10">
      <h1 className="text-3xl font-bold text-ink">Points</h1>

      <section aria-labelledby="adjust" className="space-y-4">
        <h2 id="adjust" className="text-xl font-semibold text-ink">
          Adjust a shopper's points
        </h2>
        {answer?.intent === "adjust" && answer.done ? (
          <FormMessage tone="success">{answer.done}</FormMessage>
        ) : null}
        {adjustErrors.form ? <FormMessage tone="error">{adjustErrors.form}</FormMessage> : null}
        <Form
          method="post"
          className="space-y-4 rounded-xl border border-line bg-surface p-4"
          noValidate
        >
          <input type="hidden" name="intent" value="adjust" />
          <input type="hidden" name="requestKey" value={requestKey} />
          <Field
            label="Shopper's email"
            name="email"
            type="email"
            required
            error={adjustErrors.email}
          />
          <Field
            label="Points"
            name="points"
            inputMode="numeric"
            required
            error={adjustErrors.points}
            hint="Positive to add, negative (e.g. -100) to take away. Never below zero."
          />
          <TextAreaField
            label="Reason"
            name="reason"
            required
            maxLength={200}
            rows={2}
            error={adjustErrors.reason}
            hint="The shopper sees it in their points history; the audit log keeps it."
          />
          <Button type="submit" disabled={busy}>
            Adjust points
          </Button>
        </Form>
      </section>

      <section aria-labelledby="held" className="space-y-4">
        <h2 id="held" className="text-xl font-semibold text-ink">
          Referrals held for review
        </h2>
        {answer?.intent === "review" && answer.done ? (
          <FormMessage tone="success">{answer.done}</FormMessage>
        ) : null}
        {answer?.intent === "review" && answer.errors.form ? (
          <FormMessage tone="error">{answer.errors.form}</FormMessage>
        ) : null}
        {held.length === 0 ? (
          <p className="text-ink-muted">None waiting.</p>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {held.map((referral) => (
              <li key={referral.friendId} className="space-y-2 px-4 py-4">
                <p className="text-ink">
                  <strong>{referral.referrer.name}</strong> ({referral.referrer.email}) invited{" "}
                  <strong>{referral.friend.name}</strong> ({referral.friend.email})
                </p>
                <p className="text-sm text-ink-muted">
                  {formatLagosTime(referral.createdAt)} · {referral.reason}
                </p>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="friendId" value={referral.friendId} />
                  <Button type="submit" name="intent" value="approve" size="sm" disabled={busy}>
                    Approve
                  </Button>
                  <Button
                    type="submit"
                    name="intent"
                    value="refuse"
                    size="sm"
                    variant="secondary"
                    disabled={busy}
                  >
                    Refuse
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
