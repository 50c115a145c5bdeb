import { Gift } from "lucide-react";
import { Form, Link } from "react-router";
import { QrCode, type QrImage } from "#app/components/qr-code.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { StatusPill } from "#app/components/ui/status-pill.tsx";
import type { Kobo } from "#app/money.ts";
import { formatDay } from "./offer-terms.ts";

/** A held voucher as the shopper's pages show it (wallet.server.ts makes it). */
export interface VoucherTicketData {
  id: string;
  /** Null while it is on its way to a friend as a gift: the code is theirs. */
  code: string | null;
  qr: QrImage | null;
  title: string;
  offerId: string | null;
  valueKobo: Kobo;
  balanceKobo: Kobo;
  validUntil: string;
  status: "active" | "redeemed" | "expired" | "refunded";
  /** What it is worth at the till today: after its end, the credit of the price paid. */
  redeemableKobo: Kobo;
  pastEnd: boolean;
  /** Its uses at the business, newest first (the shopper's own history). */
  uses?: Array<{ amountKobo: Kobo; at: string }>;
  business: { name: string; slug: string };
  gift: {
    id: string;
    status: "scheduled" | "sent";
    recipientName: string;
    deliverOn: string;
  } | null;
}

const usedFormat = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});

const looks = {
  active: { label: "Ready to use", tone: "good" },
  redeemed: { label: "Used", tone: "neutral" },
  expired: { label: "Expired", tone: "neutral" },
  refunded: { label: "Refunded", tone: "bad" },
  credit: { label: "Credit left", tone: "good" },
  gift: { label: "Gift on its way", tone: "neutral" },
} as const;

/**
 * One voucher: what it is for, where, its code in large type and its QR for staff to scan, what
 * is left of its value and until when, and a way to gift it (`giftable`). Only a usable voucher
 * shows its code big: a used one has nothing left to show at the till; a gift on its way shows
 * no code at all (it is the friend's).
 */
export function VoucherTicket({
  voucher,
  giftable = false,
}: {
  voucher: VoucherTicketData;
  giftable?: boolean;
}) {
  const usable = voucher.status !== "refunded" && voucher.redeemableKobo > 0;
  const credit = usable && voucher.pastEnd;
  const shown = voucher.gift ? looks.gift : credit ? looks.credit : looks[voucher.status];
  return (
    <article
      className="flex flex-col gap-4 rounded-card border border-line bg-surface p-4 sm:flex-row sm:items-center"
      aria-label={voucher.code ? `Voucher ${voucher.code}` : `Voucher: ${voucher.title}`}
    >
      {usable && voucher.qr && voucher.code ? (
        <QrCode image={voucher.qr} label={`QR code of voucher ${voucher.code}`} />
      ) : null}
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 className="font-semibold text-ink">
              {voucher.offerId ? (
                <Link to={`/vouchers/${voucher.offerId}`} className="hover:underline">
                  {voucher.title}
                </Link>
              ) : (
                voucher.title
              )}
            </h3>
            <p className="text-sm text-ink-muted">
              <Link to={`/${voucher.business.slug}`} className="hover:underline">
                {voucher.business.name}
              </Link>
            </p>
          </div>
          <StatusPill {...shown} />
        </div>
        {voucher.gift ? (
          <p className="text-sm text-ink">
            {voucher.gift.status === "scheduled"
              ? `A gift to ${voucher.gift.recipientName}: it arrives on ${formatDay(voucher.gift.deliverOn)}.`
              : `Sent to ${voucher.gift.recipientName} as a gift; waiting for them to claim it.`}{" "}
            Its code is theirs now.
          </p>
        ) : (
          <p
            className={
              usable
                ? "font-mono text-xl font-bold tracking-wider text-ink"
                : "font-mono text-sm text-ink-muted"
            }
          >
            {voucher.code}
          </p>
        )}
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-ink-muted">{credit ? "Credit to use" : "Left to use"}</dt>
            <dd className="font-semibold text-ink">
              {credit ? (
                <Money kobo={voucher.redeemableKobo} />
              ) : (
                <>
                  <Money kobo={voucher.balanceKobo} /> of <Money kobo={voucher.valueKobo} />
                </>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-ink-muted">{voucher.pastEnd ? "Saving ended" : "Valid until"}</dt>
            <dd className="font-semibold text-ink">{formatDay(voucher.validUntil)}</dd>
          </div>
        </dl>
        {credit ? (
          <p className="text-sm text-ink-muted">
            Past its end date the saving is gone, but what you paid stays yours: use it as credit at{" "}
            {voucher.business.name}.
          </p>
        ) : null}
        {giftable && voucher.gift?.status === "scheduled" ? (
          <Form method="post" action={`/vouchers/gift/${voucher.id}`}>
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="giftId" value={voucher.gift.id} />
            <button
              type="submit"
              className="text-sm font-semibold text-brand-strong underline underline-offset-2"
            >
              Take the gift back<span className="sr-only">: {voucher.title}</span>
            </button>
          </Form>
        ) : null}
        {giftable && usable && !voucher.gift ? (
          <Link
            to={`/vouchers/gift/${voucher.id}`}
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-strong underline underline-offset-2"
          >
            <Gift aria-hidden="true" className="size-4" /> Gift it to a friend
            <span className="sr-only">: {voucher.title}</span>
          </Link>
        ) : null}
        {voucher.uses && voucher.uses.length > 0 ? (
          <ul className="space-y-1 border-t border-line pt-2 text-sm text-ink-muted">
            {voucher.uses.map((use) => (
              <li key={use.at}>
                Used <Money kobo={use.amountKobo} /> on {usedFormat.format(new Date(use.at))}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}

/** Vouchers one under another, each with a way to gift it. */
export function VoucherTicketList({ vouchers }: { vouchers: VoucherTicketData[] }) {
  return (
    <ul className="space-y-3">
      {vouchers.map((voucher) => (
        <li key={voucher.id}>
          <VoucherTicket voucher={voucher} giftable />
        </li>
      ))}
    </ul>
  );
}
