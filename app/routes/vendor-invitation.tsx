import { MailX, Store } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { auditSource } from "#app/auth/audit.server.ts";
import { businessRoleLabels } from "#app/auth/roles.ts";
import { requireUser } from "#app/auth/session.server.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import {
  acceptInvitation,
  describeInvitation,
  type InvitationState,
} from "#app/console/members.server.ts";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/vendor-invitation";

export const headers = privatePageHeaders;

/**
 * /vendor/invitations/{token}: what an invitation email links to. A guest signs in (or creates
 * the account) first and comes back here; the person signed in with the invited address joins
 * with one tap. Another account, a used link and an expired one each get their own answer; a
 * link Oja never made is a 404.
 */
export function meta() {
  return [{ title: "Invitation · Oja" }, { name: "robots", content: "noindex" }];
}

/** The page's status for each state: 200 to join, 403 wrong account, 410 gone. */
const statusOf: Record<Exclude<InvitationState["kind"], "not-found">, number> = {
  open: 200,
  member: 200,
  "wrong-account": 403,
  used: 410,
  expired: 410,
};

function answer(state: InvitationState, url: URL, email: string) {
  if (state.kind === "not-found") throw notFound(url);
  return data(
    { state, email },
    { status: statusOf[state.kind], headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const state = await describeInvitation(services(context).db, params.token, user);
  return answer(state, url, user.email);
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const state = await acceptInvitation(services(context).db, {
    token: params.token,
    user,
    source: auditSource(request),
  });
  if (state.kind === "member") throw redirect(`/vendor/${state.business.slug}`);
  return answer(state, url, user.email);
}

export default function VendorInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { state, email } = actionData ?? loaderData;
  const navigation = useNavigation();
  const { business } = state;
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10">
      <div className="rounded-xl border border-line bg-surface p-6">
        <Store aria-hidden="true" className="size-8 text-brand" />
        {state.kind === "open" ? (
          <>
            <h1 className="mt-3 text-2xl font-bold text-ink">Join {business.name}</h1>
            <p className="mt-2 text-ink">
              You're invited to help run {business.name} on Oja as{" "}
              <strong>{businessRoleLabels[state.role].toLowerCase()}</strong>.
            </p>
            <Form method="post" className="mt-5">
              <Button type="submit" size="lg" disabled={navigation.state !== "idle"}>
                {navigation.state !== "idle" ? "Joining…" : `Join ${business.name}`}
              </Button>
            </Form>
          </>
        ) : null}
        {state.kind === "member" ? (
          <>
            <h1 className="mt-3 text-2xl font-bold text-ink">You're in {business.name}</h1>
            <p className="mt-2 text-ink">
              You're already a member, as {businessRoleLabels[state.role].toLowerCase()}.
            </p>
            <ButtonLink to={`/vendor/${business.slug}`} className="mt-5">
              Open the console
            </ButtonLink>
          </>
        ) : null}
        {state.kind === "wrong-account" ? (
          <>
            <h1 className="mt-3 text-2xl font-bold text-ink">
              This invitation is for someone else
            </h1>
            <div className="mt-3">
              <FormMessage tone="error">
                {business.name} invited {state.invitedEmail}, but you're signed in as {email}. Sign
                out, then open this link again and sign in with the invited address.
              </FormMessage>
            </div>
          </>
        ) : null}
        {state.kind === "used" || state.kind === "expired" ? (
          <>
            <h1 className="mt-3 flex items-center gap-2 text-2xl font-bold text-ink">
              <MailX aria-hidden="true" className="size-6 text-ink-muted" />
              {state.kind === "used"
                ? "This invitation was already used"
                : "This invitation has expired"}
            </h1>
            <p className="mt-2 text-ink">
              {state.kind === "used"
                ? `Each invitation link works once. If you need to join ${business.name}, ask its owner for a new invitation.`
                : `Invitation links work for 7 days. Ask ${business.name}'s owner to invite you again.`}
            </p>
          </>
        ) : null}
      </div>
    </div>
  );
}
