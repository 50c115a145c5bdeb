import { Ticket } from "lucide-react";
import { data, Link } from "react-router";
import { requireUser } from "#app/auth/session.server.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { services } from "#app/context.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { giftsOfGiver } from "#app/vouchers/gifts.server.ts";
import { VoucherTicketList } from "#app/vouchers/voucher-ticket.tsx";
import { vouchersOfOwner } from "#app/vouchers/wallet.server.ts";
import type { Route } from "./+types/profile-vouchers";

export const headers = privatePageHeaders;

/**
 * /profile/vouchers: every voucher the signed-in shopper holds (issue 19), ready ones first,
 * each with its code, QR, what is left of its value (or, past its end, of the price paid as
 * credit), until when, and its uses at the business. Nobody else's.
 */
export function meta() {
  return [{ title: "Your vouchers · Oja" }, { name: "robots", content: "noindex" }];
}

const notices: Partial<Record<string, string>> = {
  sent: "Your gift is on its way: your friend has the email with the link to claim it.",
  scheduled: "Your gift is scheduled. You can take it back until the day it is sent.",
  cancelled: "You took the gift back. The voucher is yours again, with a new code.",
  claimed: "The gift is yours: it is in your vouchers below.",
};

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { db } = services(context);
  const [held, sent] = await Promise.all([vouchersOfOwner(db, user.id), giftsOfGiver(db, user.id)]);
  return data(
    {
      notice: notices[url.searchParams.get("gift") ?? ""] ?? null,
      // Gifts that left this account (claimed by the friend): the rest are in the lists below.
      giftsSent: sent
        .filter((gift) => gift.status === "claimed")
        .map((gift) => ({
          id: gift.id,
          title: gift.title,
          recipientName: gift.recipientName,
          claimedBy: gift.claimerName?.split(/\s+/)[0] ?? null,
        })),
      // Usable today: value left, or after its end the credit of the price paid.
      ready: held.filter((voucher) => voucher.status !== "refunded" && voucher.redeemableKobo > 0),
      past: held.filter((voucher) => voucher.status === "refunded" || voucher.redeemableKobo === 0),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function ProfileVouchers({ loaderData }: Route.ComponentProps) {
  const { ready, past, notice, giftsSent } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-10">
      <div>
        <Link to="/profile" className="text-sm text-ink-muted hover:underline">
          Your account
        </Link>
        <h1 className="mt-1 text-2xl font-bold text-ink sm:text-3xl">Your vouchers</h1>
      </div>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {ready.length === 0 && past.length === 0 ? (
        <EmptyState
          icon={Ticket}
          title="No vouchers yet"
          action={<ButtonLink to="/vouchers">Find vouchers</ButtonLink>}
        >
          Vouchers you buy appear here with their codes, ready to show at the business.
        </EmptyState>
      ) : null}
      {ready.length > 0 ? (
        <section aria-labelledby="ready" className="space-y-3">
          <h2 id="ready" className="text-lg font-semibold text-ink">
            Ready to use
          </h2>
          <p className="text-sm text-ink-muted">
            Show the code or its QR at the business. Keep codes private: whoever has one can use it.
          </p>
          <VoucherTicketList vouchers={ready} />
        </section>
      ) : null}
      {giftsSent.length > 0 ? (
        <section aria-labelledby="gifts-sent" className="space-y-3">
          <h2 id="gifts-sent" className="text-lg font-semibold text-ink">
            Gifts you sent
          </h2>
          <ul className="divide-y divide-line rounded-card border border-line bg-surface text-sm">
            {giftsSent.map((gift) => (
              <li key={gift.id} className="px-4 py-3 text-ink">
                {gift.title}: to {gift.recipientName}, claimed
                {gift.claimedBy ? ` by ${gift.claimedBy}` : ""}.
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {past.length > 0 ? (
        <section aria-labelledby="past" className="space-y-3">
          <h2 id="past" className="text-lg font-semibold text-ink">
            Used, expired and refunded
          </h2>
          <VoucherTicketList vouchers={past} />
        </section>
      ) : null}
    </div>
  );
}
