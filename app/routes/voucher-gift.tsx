import { and, eq } from "drizzle-orm";
import { Gift } from "lucide-react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { requireUser } from "#app/auth/session.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { pickerDay } from "#app/components/ui/date-picker/iso-day.ts";
import { LazyDatePicker } from "#app/components/ui/date-picker/lazy-date-picker.tsx";
import { Field, FormMessage, TextAreaField } from "#app/components/ui/field.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { lagosToday } from "#app/console/lagos-time.ts";
import { services } from "#app/context.server.ts";
import { businesses } from "#app/db/schema.server.ts";
import { notFound } from "#app/errors.ts";
import { kobo } from "#app/money.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { addDays, giftLimits } from "#app/vouchers/gift-limits.ts";
import { cancelGift, giftVoucher } from "#app/vouchers/gifts.server.ts";
import { vouchers } from "#app/vouchers/issued-schema.server.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import { redeemableKobo } from "#app/vouchers/voucher-value.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/voucher-gift";

export const headers = privatePageHeaders;

/**
 * /vouchers/gift/{id}: gift voucher {id}, which the signed-in shopper holds (issue 19): a
 * friend's name and email, a message, and the day it arrives (the kit's date picker, today up
 * to 90 days ahead). Posting `intent=cancel` takes back a gift not sent yet. Anyone else's
 * voucher is a 404.
 */
export function meta() {
  return [{ title: "Gift a voucher · Oja" }, { name: "robots", content: "noindex" }];
}

const idSchema = z.string().regex(/^vch_[0-9a-z]{16}$/);

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw notFound(url);
  const [row] = await services(context)
    .db.select({ voucher: vouchers, business: businesses.name })
    .from(vouchers)
    .innerJoin(businesses, eq(businesses.id, vouchers.businessId))
    .where(and(eq(vouchers.id, id.data), eq(vouchers.ownerId, user.id)));
  if (!row) throw notFound(url);
  const today = lagosToday(new Date());
  return data(
    {
      voucher: {
        title: row.voucher.title,
        business: row.business,
        valueKobo: row.voucher.valueKobo,
        redeemableKobo: redeemableKobo(row.voucher, today),
        validUntil: row.voucher.validUntil,
      },
      today,
      lastDay: addDays(today, giftLimits.aheadDays),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw notFound(url);
  const app = services(context);
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "cancel") {
    const taken = await cancelGift(app.db, user.id, String(form.giftId ?? ""));
    if (!taken) {
      return data(
        { errors: {}, message: "This gift can't be taken back: it was sent already." },
        { status: 409 },
      );
    }
    throw redirect("/profile/vouchers?gift=cancelled");
  }
  const result = await giftVoucher(
    { db: app.db, publicUrl: app.settings.publicUrl },
    { id: user.id, name: user.name },
    id.data,
    form,
  );
  if (result.ok) {
    if (result.sentNow) app.emailQueued();
    throw redirect(`/profile/vouchers?gift=${result.sentNow ? "sent" : "scheduled"}`);
  }
  if (result.status === 404) throw notFound(url);
  if (result.status === 409) return data({ errors: {}, message: result.message }, { status: 409 });
  return data({ errors: result.errors, message: null }, { status: 400 });
}

export default function VoucherGift({ loaderData }: Route.ComponentProps) {
  const { voucher, today, lastDay } = loaderData;
  const result = useActionData<typeof action>();
  const errors: Partial<Record<string, string>> = result?.errors ?? {};
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto w-full max-w-xl space-y-6 px-4 py-6 sm:py-10">
      <div>
        <Link to="/profile/vouchers" className="text-sm text-ink-muted hover:underline">
          Your vouchers
        </Link>
        <h1 className="mt-1 flex items-center gap-2 text-2xl font-bold text-ink sm:text-3xl">
          <Gift aria-hidden="true" className="size-7 text-brand" /> Gift a voucher
        </h1>
        <p className="mt-2 text-ink-muted">
          {voucher.title} at {voucher.business}: <Money kobo={kobo(voucher.redeemableKobo)} /> to
          use, valid until {formatDay(voucher.validUntil)}. Your friend gets an email on the day you
          choose, with a link to claim it; the code you have now stops working.
        </p>
      </div>
      {result?.message ? <FormMessage tone="error">{result.message}</FormMessage> : null}
      <Form
        method="post"
        noValidate
        className="space-y-4 rounded-xl border border-line bg-surface p-4 sm:p-6"
      >
        <input type="hidden" name="intent" value="gift" />
        <Field
          label="Your friend's name"
          name="recipientName"
          autoComplete="off"
          error={errors.recipientName}
          required
        />
        <Field
          label="Their email"
          name="recipientEmail"
          type="email"
          autoComplete="off"
          error={errors.recipientEmail}
          required
        />
        <TextAreaField
          label="A message (optional)"
          name="message"
          rows={3}
          maxLength={giftLimits.message}
          hint={`Up to ${giftLimits.message} characters, shown in the email and on the gift.`}
          error={errors.message}
        />
        <LazyDatePicker
          label="The day it arrives"
          name="deliverOn"
          autoApply
          defaultValue={pickerDay(today)}
          minDate={pickerDay(today)}
          maxDate={pickerDay(lastDay)}
          error={errors.deliverOn}
        />
        <p className="text-sm text-ink-muted">
          Today sends it at once; a later day sends it as that day begins (Lagos time), up to{" "}
          {giftLimits.aheadDays} days ahead.
        </p>
        <Button type="submit" size="lg" disabled={busy}>
          <Gift aria-hidden="true" className="size-4" /> {busy ? "Sending…" : "Send the gift"}
        </Button>
      </Form>
    </div>
  );
}
