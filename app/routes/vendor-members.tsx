import { UserPlus } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { auditSource } from "#app/auth/audit.server.ts";
import { email, type FieldErrors, fieldErrors } from "#app/auth/forms.ts";
import { businessRoleLabels, businessRoles } from "#app/auth/roles.ts";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import { toast } from "#app/components/toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormMessage, SelectField } from "#app/components/ui/field.tsx";
import {
  changeMemberRole,
  inviteMember,
  membersOf,
  openInvitationsOf,
  removeMember,
  revokeInvitation,
} from "#app/console/members.server.ts";
import { useConsole } from "#app/console/use-console.ts";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/vendor-members";

/**
 * /vendor/{business}/members: owners only (managers and staff get 404, page and action alike).
 * The members with their roles, open invitations, and the forms to invite by email with a role,
 * revoke an invitation, change a role and remove someone. The last owner can be neither demoted
 * nor removed.
 */
export function meta() {
  return [{ title: "Members · Console · Oja" }, { name: "robots", content: "noindex" }];
}

const dateFormat = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeZone: "Africa/Lagos",
});

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { user, membership } = await requireBusinessMember(
    context,
    request,
    params.business,
    "owner",
  );
  const { db } = services(context);
  const now = Date.now();
  const [members, invitations] = await Promise.all([
    membersOf(db, membership.businessId),
    openInvitationsOf(db, membership.businessId),
  ]);
  return data(
    {
      me: user.id,
      members: members.map((member) => ({ ...member, since: dateFormat.format(member.since) })),
      invitations: invitations.map((invitation) => ({
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        expired: invitation.expiresAt.getTime() <= now,
        expires: dateFormat.format(invitation.expiresAt),
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const role = z.enum(businessRoles, { message: "Choose a role" });
const inviteSchema = z.object({ email, role });
const roleSchema = z.object({ userId: z.string().min(1).max(100), role });
const removeSchema = z.object({ userId: z.string().min(1).max(100) });
const revokeSchema = z.object({ invitationId: z.string().min(1).max(100) });

type ActionResult = { ok: boolean; intent: string; message: string; errors?: FieldErrors };

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const { user, membership } = await requireBusinessMember(
    context,
    request,
    params.business,
    "owner",
  );
  const app = services(context);
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "");
  // Who acts, for which business, from where: every members change takes these.
  const changedBy = {
    businessId: membership.businessId,
    actorId: user.id,
    source: auditSource(request),
  };
  const answer = (status: number, message: string, errors?: FieldErrors) =>
    data<ActionResult>({ ok: status < 300, intent, message, errors }, { status });

  if (intent === "invite") {
    const parsed = inviteSchema.safeParse(form);
    if (!parsed.success) return answer(400, "Check the invitation.", fieldErrors(parsed.error));
    const result = await inviteMember(app.db, {
      ...changedBy,
      email: parsed.data.email,
      role: parsed.data.role,
      publicUrl: app.settings.publicUrl,
    });
    if (!result.ok) return answer(400, result.message, { [result.field]: result.message });
    app.emailQueued();
    return answer(200, `Invitation sent to ${parsed.data.email}.`);
  }

  if (intent === "revoke") {
    const parsed = revokeSchema.safeParse(form);
    if (!parsed.success) return answer(400, "Choose which invitation to revoke.");
    const result = await revokeInvitation(app.db, {
      ...changedBy,
      invitationId: parsed.data.invitationId,
    });
    if (!result.ok) throw notFound(url);
    return answer(200, `Invitation to ${result.email} revoked: its link no longer works.`);
  }

  if (intent === "role") {
    const parsed = roleSchema.safeParse(form);
    if (!parsed.success) return answer(400, "Choose a role.", fieldErrors(parsed.error));
    const result = await changeMemberRole(app.db, {
      ...changedBy,
      userId: parsed.data.userId,
      role: parsed.data.role,
    });
    if (!result.ok && result.status === 404) throw notFound(url);
    if (!result.ok) return answer(result.status, result.message);
    // An owner who made themselves manager or staff may no longer open this page.
    if (parsed.data.userId === user.id && parsed.data.role !== "owner") {
      throw redirect(`/vendor/${membership.slug}`);
    }
    return answer(200, `Role changed to ${businessRoleLabels[parsed.data.role].toLowerCase()}.`);
  }

  if (intent === "remove") {
    const parsed = removeSchema.safeParse(form);
    if (!parsed.success) return answer(400, "Choose whom to remove.");
    const result = await removeMember(app.db, { ...changedBy, userId: parsed.data.userId });
    if (!result.ok && result.status === 404) throw notFound(url);
    if (!result.ok) return answer(result.status, result.message);
    if (parsed.data.userId === user.id) throw redirect("/vendor");
    return answer(200, "Removed from the business.");
  }

  return answer(400, "Unknown action.");
}

const roleOptions = businessRoles.map((value) => ({
  value,
  label: businessRoleLabels[value],
}));

const roleHints = "Staff see orders; managers also run the catalogue; owners also manage members.";

export default function VendorMembers({ loaderData, actionData }: Route.ComponentProps) {
  const { business } = useConsole();
  const { members, invitations, me } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const inviteForm = useRef<HTMLFormElement>(null);
  const inviteErrors = actionData?.intent === "invite" ? actionData.errors : undefined;
  const owners = members.filter((member) => member.role === "owner").length;

  useEffect(() => {
    if (!actionData?.ok) return;
    toast.success(actionData.message);
    if (actionData.intent === "invite") inviteForm.current?.reset();
  }, [actionData]);

  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold text-ink">Members</h1>
      {actionData && !actionData.ok && !actionData.errors ? (
        <FormMessage tone="error">{actionData.message}</FormMessage>
      ) : null}

      <section
        aria-labelledby="members-heading"
        className="rounded-xl border border-line bg-surface p-4"
      >
        <h2 id="members-heading" className="text-lg font-semibold text-ink">
          People in {business.name}
        </h2>
        <ul className="mt-2 divide-y divide-line">
          {members.map((member) => (
            <li key={member.userId} className="py-3" aria-label={member.name}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium text-ink">
                    {member.name}
                    {member.userId === me ? (
                      <span className="font-normal text-ink-muted"> (you)</span>
                    ) : null}
                  </p>
                  <p className="break-all text-sm text-ink-muted">{member.email}</p>
                  <p className="text-sm text-ink-muted">Member since {member.since}</p>
                </div>
                {member.role === "owner" && owners === 1 ? (
                  <p className="text-sm text-ink-muted">
                    The only owner: make someone else owner before changing this.
                  </p>
                ) : (
                  <div className="flex flex-wrap items-end gap-2">
                    <Form method="post" className="flex items-end gap-2">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="userId" value={member.userId} />
                      <label className="text-sm">
                        <span className="sr-only">Role of {member.name}</span>
                        <select
                          name="role"
                          defaultValue={member.role}
                          key={member.role}
                          className="block min-h-9 rounded-lg border border-line bg-surface px-2 text-sm text-ink focus:border-brand focus:outline-2 focus:outline-focus"
                        >
                          {roleOptions.map((option) => (
                            <option key={option.value} value={option.value}>
                              {option.label}
                            </option>
                          ))}
                        </select>
                      </label>
                      <Button type="submit" size="sm" variant="secondary">
                        Save role
                      </Button>
                    </Form>
                    <details className="relative">
                      <summary className="inline-flex min-h-9 cursor-pointer items-center rounded-lg px-3 text-sm font-semibold text-danger hover:bg-danger-soft">
                        Remove
                      </summary>
                      <Form
                        method="post"
                        className="absolute right-0 z-10 mt-1 w-64 space-y-2 rounded-lg border border-line bg-surface p-3 shadow-lg"
                      >
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="userId" value={member.userId} />
                        <p className="text-sm text-ink">
                          {member.userId === me
                            ? "Leave this business? You lose access to its console."
                            : `Remove ${member.name}? They lose access to this console.`}
                        </p>
                        <Button type="submit" size="sm" variant="danger">
                          {member.userId === me ? "Leave" : `Remove ${member.name}`}
                        </Button>
                      </Form>
                    </details>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-ink-muted">{roleHints}</p>
      </section>

      <section
        aria-labelledby="invite-heading"
        className="rounded-xl border border-line bg-surface p-4"
      >
        <h2 id="invite-heading" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <UserPlus aria-hidden="true" className="size-5 text-brand" />
          Invite someone
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          They get an email with a link that works for 7 days. They join once they sign in with that
          address.
        </p>
        <Form
          method="post"
          ref={inviteForm}
          className="mt-3 grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
          noValidate
        >
          <input type="hidden" name="intent" value="invite" />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            required
            error={inviteErrors?.email}
          />
          <SelectField
            label="Role"
            name="role"
            options={roleOptions}
            defaultValue="staff"
            error={inviteErrors?.role}
          />
          <Button type="submit" className="sm:mt-7" disabled={busy === "invite"}>
            {busy === "invite" ? "Sending…" : "Send invitation"}
          </Button>
        </Form>
      </section>

      {invitations.length > 0 ? (
        <section
          aria-labelledby="invitations-heading"
          className="rounded-xl border border-line bg-surface p-4"
        >
          <h2 id="invitations-heading" className="text-lg font-semibold text-ink">
            Invitations not accepted yet
          </h2>
          <ul className="mt-2 divide-y divide-line">
            {invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center justify-between gap-3 py-2.5"
                aria-label={invitation.email}
              >
                <div className="min-w-0">
                  <p className="break-all text-ink">{invitation.email}</p>
                  <p className="text-sm text-ink-muted">
                    {businessRoleLabels[invitation.role]} ·{" "}
                    {invitation.expired
                      ? "expired: invite again to send a new link"
                      : `link works until ${invitation.expires}`}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="invitationId" value={invitation.id} />
                  <Button type="submit" size="sm" variant="secondary">
                    Revoke<span className="sr-only"> the invitation to {invitation.email}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
