import { Gift } from "lucide-react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { currentUser, requireUser } from "#app/auth/session.server.ts";
import { QrCode } from "#app/components/qr-code.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { lagosToday } from "#app/console/lagos-time.ts";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { kobo } from "#app/money.ts";
import { qrImage } from "#app/qr.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { claimGift, giftByToken } from "#app/vouchers/gifts.server.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import { formatVoucherCode } from "#app/vouchers/voucher-code.ts";
import { redeemableKobo } from "#app/vouchers/voucher-value.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/gift-received";

export const headers = privatePageHeaders;

/**
 * /vouchergift/{token}: what a friend opens from a gift email (issue 19): the voucher, who sent
 * it and their message, its code while nobody has claimed it, and "Claim to my account". Once
 * claimed, it says who has it and never shows the code again (the claimer finds it in
 * /profile/vouchers). A gift not sent yet, taken back, or a wrong token is a 404.
 */
export function meta() {
  return [{ title: "A gift for you · Oja" }, { name: "robots", content: "noindex" }];
}

const tokenSchema = z.string().regex(/^[0-9a-z]{26}$/);

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const token = tokenSchema.safeParse(params.id);
  if (!token.success) throw notFound(url);
  const found = await giftByToken(services(context).db, token.data);
  if (!found) throw notFound(url);
  const { gift, voucher, business } = found;
  const user = currentUser(context);
  const claimed = gift.status === "claimed";
  return data(
    {
      giverName: gift.giverName,
      recipientName: gift.recipientName,
      message: gift.message,
      title: voucher.title,
      business,
      valueKobo: voucher.valueKobo,
      redeemableKobo: redeemableKobo(voucher, lagosToday(new Date())),
      validUntil: voucher.validUntil,
      claimed: claimed
        ? {
            by: found.claimerName?.split(/\s+/)[0] ?? "someone",
            mine: user !== null && user.id === gift.claimedBy,
          }
        : null,
      // The code only while it is unclaimed: the link is the friend's alone until then.
      code: claimed ? null : formatVoucherCode(voucher.code),
      qr: claimed ? null : qrImage(voucher.code, "Alphanumeric"),
      signedIn: user !== null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const token = tokenSchema.safeParse(params.id);
  if (!token.success) throw notFound(url);
  const user = requireUser(context, request);
  const claimed = await claimGift(services(context).db, user, token.data);
  if (claimed.ok) throw redirect("/profile/vouchers?gift=claimed");
  if (claimed.status === 404) throw notFound(url);
  return data({ message: claimed.message }, { status: 409 });
}

export default function GiftReceived({ loaderData, params }: Route.ComponentProps) {
  const gift = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const back = `/vouchergift/${params.id}`;
  return (
    <div className="mx-auto w-full max-w-xl space-y-6 px-4 py-6 sm:py-10">
      <header className="space-y-2 text-center">
        <Gift aria-hidden="true" className="mx-auto size-12 text-brand" />
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">
          {gift.giverName} sent {gift.recipientName.split(/\s+/)[0]} a gift
        </h1>
        {gift.message ? (
          <blockquote className="mx-auto max-w-md whitespace-pre-line rounded-xl bg-surface-sunken px-4 py-3 text-ink">
            “{gift.message}”
          </blockquote>
        ) : null}
      </header>
      <section
        aria-labelledby="gift-voucher"
        className="space-y-3 rounded-card border border-line bg-surface p-4 text-center sm:p-6"
      >
        <h2 id="gift-voucher" className="text-lg font-semibold text-ink">
          {gift.title}
        </h2>
        <p className="text-ink-muted">
          at{" "}
          <Link to={`/${gift.business.slug}`} className="font-medium underline">
            {gift.business.name}
          </Link>{" "}
          · worth <Money kobo={kobo(gift.valueKobo)} /> · valid until {formatDay(gift.validUntil)}
        </p>
        {gift.code && gift.qr ? (
          <div className="flex flex-col items-center gap-2">
            <QrCode image={gift.qr} label={`QR code of voucher ${gift.code}`} />
            <p className="font-mono text-xl font-bold tracking-wider text-ink">{gift.code}</p>
            <p className="text-sm text-ink-muted">
              Show the code at {gift.business.name} to use it. Claim it to keep it safe in your
              account.
            </p>
          </div>
        ) : null}
      </section>
      {result?.message ? <FormMessage tone="error">{result.message}</FormMessage> : null}
      {gift.claimed ? (
        <div className="space-y-3 text-center">
          <p className="text-ink">
            {gift.claimed.mine
              ? "You claimed this gift: it is in your account."
              : `This gift was claimed by ${gift.claimed.by}.`}
          </p>
          {gift.claimed.mine ? (
            <ButtonLink to="/profile/vouchers">See it in your vouchers</ButtonLink>
          ) : null}
        </div>
      ) : gift.signedIn ? (
        <Form method="post" className="text-center">
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Claiming…" : "Claim to my account"}
          </Button>
        </Form>
      ) : (
        <div className="space-y-2 text-center">
          <ButtonLink to={`/Login?redirectTo=${encodeURIComponent(back)}`} size="lg">
            Sign in to claim it
          </ButtonLink>
          <p className="text-sm text-ink-muted">
            New to Oja?{" "}
            <Link
              to={`/CreateAccount?redirectTo=${encodeURIComponent(back)}`}
              className="font-medium underline"
            >
              Create an account
            </Link>{" "}
            to keep it.
          </p>
        </div>
      )}
    </div>
  );
}
