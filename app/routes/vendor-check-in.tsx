import { Printer, RefreshCw } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { auditSource, recordAudit } from "#app/auth/audit.server.ts";
import { hasBusinessRole } from "#app/auth/roles.ts";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import { checkInPoints, posterOf, replacePoster } from "#app/checkins/check-ins.server.ts";
import { QrCode } from "#app/components/qr-code.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { services } from "#app/context.server.ts";
import { pointsText } from "#app/points/points-text.ts";
import { qrImage } from "#app/qr.server.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import type { Route } from "./+types/vendor-check-in";

/**
 * /vendor/{business}/check-in: the check-in poster (issue 20, decision 048). Staff and up print it
 * (the QR opens /hi/{business} with a signed token good for a year); managers and up may print a
 * new one, which stops every older poster at once.
 */
export function meta() {
  return [{ title: "Check-in poster · Console · Oja" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { membership } = await requireBusinessMember(context, request, params.business, "staff");
  const { db, secret, settings } = services(context);
  const poster = await posterOf(
    db,
    secret,
    { id: membership.businessId, slug: membership.slug },
    settings.publicUrl,
  );
  return data(
    {
      name: membership.name,
      qr: qrImage(poster.url, "Byte"),
      url: poster.url,
      validUntil: formatDay(poster.validUntil),
      canReplace: hasBusinessRole(membership.role, "manager"),
      // After "Make a new poster" (the action sends the browser back here).
      replaced: url.searchParams.get("poster") === "new",
      points: checkInPoints,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { user, membership } = await requireBusinessMember(
    context,
    request,
    params.business,
    "manager",
  );
  const { db } = services(context);
  const version = await replacePoster(db, membership.businessId);
  await recordAudit(db, {
    action: "check-in-poster.replaced",
    actorId: user.id,
    subjectId: membership.businessId,
    details: { version },
    ...auditSource(request),
  });
  // Back to the page, so the message and the new poster come from one read, and a reload
  // doesn't make yet another.
  return redirect(`/vendor/${membership.slug}/check-in?poster=new`);
}

export default function VendorCheckIn({ loaderData }: Route.ComponentProps) {
  const { name, qr, url, validUntil, canReplace, points, replaced } = loaderData;
  const navigation = useNavigation();
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-xl font-bold text-ink">Check-in poster</h1>
        <p className="text-ink-muted">
          Put it by your till or door. Customers scan it, check in, and earn {pointsText(points)}{" "}
          once a day; you see who visits.
        </p>
      </div>
      {replaced ? (
        <FormMessage tone="success">
          New poster ready: print it now. Posters printed before no longer check anyone in.
        </FormMessage>
      ) : null}

      <section
        data-print-alone
        aria-label="The poster"
        className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border-2 border-brand bg-white p-8 text-center"
      >
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-strong">
          Oja rewards
        </p>
        <p className="text-2xl font-bold text-ink">Check in at {name}</p>
        <QrCode image={qr} label={`QR code to check in at ${name}`} className="h-64 w-64" />
        <p className="text-lg text-ink">
          Scan with your phone&apos;s camera and earn <strong>{pointsText(points)}</strong> every
          day you visit.
        </p>
        <p className="text-xs text-ink-muted">Valid until {validUntil}</p>
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" />
          Print
        </Button>
        {canReplace ? (
          <Form method="post">
            <Button type="submit" variant="secondary" disabled={navigation.state !== "idle"}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Make a new poster
            </Button>
          </Form>
        ) : null}
      </div>
      <p className="text-sm text-ink-muted">
        The poster works until {validUntil}. Make a new one if a photo of it is passed around or you
        take it down: every poster printed before stops working at once. The link inside the code:{" "}
        <span className="break-all font-mono text-xs">{url}</span>
      </p>
    </div>
  );
}
