import { data, Link } from "react-router";
import { requireUser } from "#app/auth/session.server.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { CopyButton } from "#app/components/ui/copy-button.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { ShareButton } from "#app/components/ui/share-button.tsx";
import { services } from "#app/context.server.ts";
import { pointsText } from "#app/points/points-text.ts";
import { referralBonusPoints, referralCodeOf } from "#app/referrals/referrals.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { giftsOfGiver } from "#app/vouchers/gifts.server.ts";
import { formatVoucherCode } from "#app/vouchers/voucher-code.ts";
import { vouchersOfOwner } from "#app/vouchers/wallet.server.ts";
import type { Route } from "./+types/copy";

export const headers = privatePageHeaders;

/**
 * /copy: the share kit (issue 20). Everything the shopper may want to pass on, each with the
 * kit's copy button and the phone's share sheet where there is one: the invitation link and
 * code, the codes of vouchers ready to use (to hand to whoever uses one, or read at the till),
 * and the links of gifts sent that nobody has claimed yet.
 */
export function meta() {
  return [{ title: "Share kit · Oja" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { db, settings } = services(context);
  const [code, held, gifts] = await Promise.all([
    referralCodeOf(db, user),
    vouchersOfOwner(db, user.id),
    giftsOfGiver(db, user.id),
  ]);
  const link = (path: string) => new URL(path, settings.publicUrl).toString();
  return data(
    {
      invitation: { code, link: link(`/invite/${code}`), bonus: referralBonusPoints },
      vouchers: held
        .filter(
          (voucher) => voucher.code && voucher.status !== "refunded" && voucher.redeemableKobo > 0,
        )
        .map((voucher) => ({
          id: voucher.id,
          title: voucher.title,
          business: voucher.business,
          code: formatVoucherCode(voucher.code ?? ""),
          redeemableKobo: voucher.redeemableKobo,
        })),
      gifts: gifts
        .filter((gift) => gift.status === "sent")
        .map((gift) => ({
          id: gift.id,
          title: gift.title,
          recipientName: gift.recipientName,
          link: link(`/vouchergift/${gift.token}`),
        })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

function KitRow({
  title,
  detail,
  value,
  what,
  share,
}: {
  title: string;
  detail?: React.ReactNode;
  value: string;
  what: string;
  share?: { title: string; text: string; url: string };
}) {
  return (
    <li className="space-y-2 px-4 py-4">
      <div>
        <p className="font-medium text-ink">{title}</p>
        {detail ? <p className="text-sm text-ink-muted">{detail}</p> : null}
      </div>
      <p className="break-all rounded-lg bg-surface-sunken px-3 py-2 font-mono text-sm text-ink">
        {value}
      </p>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={value} what={what} />
        {share ? <ShareButton label="Share" {...share} accessibleLabel={`Share ${what}`} /> : null}
      </div>
    </li>
  );
}

export default function Copy({ loaderData }: Route.ComponentProps) {
  const { invitation, vouchers, gifts } = loaderData;
  const inviteText = `Join me on Oja: we both get ${pointsText(invitation.bonus)} when your first order is paid.`;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-8 px-4 py-6 sm:py-10">
      <header className="space-y-2">
        <Link to="/profile" className="text-sm text-ink-muted hover:underline">
          Your account
        </Link>
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Share kit</h1>
        <p className="text-ink-muted">Your links and codes, ready to copy or send.</p>
      </header>

      <section aria-labelledby="invite" className="space-y-3">
        <h2 id="invite" className="text-lg font-semibold text-ink">
          Invite a friend
        </h2>
        <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
          <KitRow
            title="Invitation link"
            detail={
              <>
                You both get {pointsText(invitation.bonus)} when their first order is paid.{" "}
                <Link to="/Referrals" className="font-medium text-brand-strong underline">
                  Friends who joined
                </Link>
              </>
            }
            value={invitation.link}
            what="invitation link"
            share={{ title: "Join me on Oja", text: inviteText, url: invitation.link }}
          />
          <KitRow title="Invitation code" value={invitation.code} what="invitation code" />
        </ul>
      </section>

      <section aria-labelledby="voucher-codes" className="space-y-3">
        <h2 id="voucher-codes" className="text-lg font-semibold text-ink">
          Voucher codes
        </h2>
        {vouchers.length === 0 ? (
          <div className="space-y-3 rounded-xl border border-line bg-surface p-4">
            <p className="text-ink-muted">No vouchers ready to use.</p>
            <ButtonLink to="/vouchers" variant="secondary" size="sm">
              Find vouchers
            </ButtonLink>
          </div>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {vouchers.map((voucher) => (
              <KitRow
                key={voucher.id}
                title={voucher.title}
                detail={
                  <>
                    {voucher.business} · <Money kobo={voucher.redeemableKobo} /> to use
                  </>
                }
                value={voucher.code}
                what={`code of ${voucher.title}`}
              />
            ))}
          </ul>
        )}
        <p className="text-sm text-ink-muted">
          Anyone with a code can use it at the business. To give a voucher to someone, send it as a
          gift from{" "}
          <Link to="/profile/vouchers" className="font-medium text-brand-strong underline">
            your vouchers
          </Link>
          : the code then becomes theirs.
        </p>
      </section>

      <section aria-labelledby="gift-links" className="space-y-3">
        <h2 id="gift-links" className="text-lg font-semibold text-ink">
          Gifts waiting to be claimed
        </h2>
        {gifts.length === 0 ? (
          <p className="rounded-xl border border-line bg-surface p-4 text-ink-muted">
            No gifts waiting: gifts you send appear here until your friend claims them.
          </p>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {gifts.map((gift) => (
              <KitRow
                key={gift.id}
                title={`${gift.title} for ${gift.recipientName}`}
                detail="If the email went astray, send your friend this link."
                value={gift.link}
                what={`gift link for ${gift.recipientName}`}
                share={{
                  title: `A gift for ${gift.recipientName}`,
                  text: `A gift for you on Oja: ${gift.title}`,
                  url: gift.link,
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
