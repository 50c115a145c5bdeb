import { Link2 } from "lucide-react";
import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { CopyButton } from "#app/components/ui/copy-button.tsx";
import { pickerDay } from "#app/components/ui/date-picker/iso-day.ts";
import { LazyDatePicker } from "#app/components/ui/date-picker/lazy-date-picker.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Field, FieldError, FormMessage } from "#app/components/ui/field.tsx";
import { FieldsetPanel } from "#app/components/ui/fieldset-panel.tsx";
import { requireCatalogueManager } from "#app/console/catalogue/guard.server.ts";
import type { FieldErrors } from "#app/console/console-form.tsx";
import { lagosToday } from "#app/console/lagos-time.ts";
import { services } from "#app/context.server.ts";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { payLinkPaymentsOf } from "#app/invoices/bill-payments.server.ts";
import { PayLinkStateBadge } from "#app/invoices/invoice-badges.tsx";
import { type PayLinkFormText, postedPayLinkText } from "#app/invoices/invoice-form-values.ts";
import { addDays, payLinkLimits } from "#app/invoices/invoice-limits.ts";
import { payLinkRange } from "#app/invoices/invoice-state.ts";
import { archivePayLink, createPayLink, listPayLinks } from "#app/invoices/invoices.server.ts";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { formatNaira, type Kobo } from "#app/money.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import type { Route } from "./+types/vendor-pay-links";

/**
 * /vendor/{business}/pay-links: the business's pay links (issue 24, decision 058): one link
 * for one thing sold over chat, at a fixed amount or one the customer enters, until its last
 * day, its number of payments, or until it is archived. Managers and owners only; the server
 * decides every rule and says which field broke it.
 */
export function meta() {
  return [{ title: "Pay links · Console · Oja" }, { name: "robots", content: "noindex" }];
}

/** "₦5,000.00", or what the customer may enter. */
function amountText(link: {
  amountKobo: Kobo | null;
  minAmountKobo: Kobo | null;
  maxAmountKobo: Kobo | null;
}): string {
  if (link.amountKobo !== null) return formatNaira(link.amountKobo);
  const range = payLinkRange(link.minAmountKobo, link.maxAmountKobo);
  return range ? `Customer enters (${range})` : "Customer enters the amount";
}

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { business } = await requireCatalogueManager(context, request, params.business);
  const { db, settings } = services(context);
  const now = new Date();
  const today = lagosToday(now);
  const [links, payments] = await Promise.all([
    listPayLinks(db, business.id, now),
    payLinkPaymentsOf(db, business.id),
  ]);
  return data(
    {
      links: links.map((link) => ({
        id: link.id,
        description: link.description,
        amount: amountText(link),
        paid:
          link.quantityLimit === null
            ? `${link.paidCount.toLocaleString("en-NG")} paid`
            : `${link.paidCount.toLocaleString("en-NG")} of ${link.quantityLimit.toLocaleString("en-NG")} paid`,
        // It stops at the end of its last Lagos day: the day before the instant it stops.
        lastDay: link.expiresAt
          ? formatDay(lagosToday(new Date(link.expiresAt.getTime() - 1)))
          : null,
        state: link.state,
        url: new URL(`/pay/${link.publicId}`, settings.publicUrl).toString(),
        payments: (payments.get(link.id) ?? []).map((payment) => ({
          reference: payment.reference,
          amount: formatNaira(payment.amountKobo),
          payer: payment.payerPhone
            ? `${payment.payerEmail} · ${payment.payerPhone}`
            : (payment.payerEmail ?? ""),
          paidAt: payment.paidAt ? formatLagosTime(payment.paidAt) : "",
        })),
      })),
      today,
      latestDay: addDays(today, payLinkLimits.maxExpiryDays),
      created: url.searchParams.get("created"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

interface ActionAnswer {
  intent: "create" | "archive";
  errors: FieldErrors;
  values?: PayLinkFormText;
  notice?: string;
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { business, actor } = await requireCatalogueManager(context, request, params.business);
  const { db } = services(context);
  const form = await request.formData();
  if (form.get("intent") === "archive") {
    const result = await archivePayLink(db, actor, String(form.get("link") ?? ""));
    if (!result.ok) {
      return data<ActionAnswer>(
        { intent: "archive", errors: { archive: result.errors.form } },
        { status: result.status },
      );
    }
    return data<ActionAnswer>({
      intent: "archive",
      errors: {},
      notice: "Archived: the link takes no more payments. What was paid through it stays.",
    });
  }
  const result = await createPayLink(db, actor, form);
  if (!result.ok) {
    return data<ActionAnswer>(
      { intent: "create", errors: result.errors, values: postedPayLinkText(form) },
      { status: result.status },
    );
  }
  // A fresh form for the next link, and a reload that doesn't post this one again.
  throw redirect(`/vendor/${business.slug}/pay-links?created=${result.payLinkId}`);
}

export default function VendorPayLinks({ loaderData, actionData }: Route.ComponentProps) {
  const { links, today, latestDay, created } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const creating = busy && navigation.formData?.get("intent") === "create";
  const made = created && !actionData ? links.find((link) => link.id === created) : undefined;
  return (
    <section aria-labelledby="pay-links-heading" className="space-y-6">
      <div className="space-y-1">
        <h1 id="pay-links-heading" className="text-xl font-semibold text-ink">
          Pay links
        </h1>
        <p className="text-sm text-ink-muted">
          One link for one thing you sell over chat or social media: send it, and the customer pays
          on a page with your name, by card or bank transfer. No Oja account needed.
        </p>
      </div>
      {made ? (
        <FormMessage tone="success">
          Made: copy the link of “{made.description}” below and send it to your customers.
        </FormMessage>
      ) : null}
      {actionData?.notice ? <FormMessage tone="success">{actionData.notice}</FormMessage> : null}
      {actionData?.errors.archive ? (
        <FormMessage tone="error">{actionData.errors.archive}</FormMessage>
      ) : null}
      {links.length === 0 ? (
        <EmptyState title="No pay links yet" icon={Link2}>
          Make one below: a fixed price (“Ankara fabric, 6 yards: ₦18,000”) or an amount the
          customer enters (a deposit, a donation).
        </EmptyState>
      ) : (
        <ul
          aria-label="Your pay links"
          className="divide-y divide-line overflow-hidden rounded-card border border-line bg-surface"
        >
          {links.map((link) => (
            <li key={link.id} className="space-y-2 p-3 sm:p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-ink">{link.description}</p>
                  <p className="text-sm font-semibold text-ink">{link.amount}</p>
                  <p className="text-sm text-ink-muted">
                    {link.paid} · {link.lastDay ? `Last day ${link.lastDay}` : "No last day"}
                  </p>
                </div>
                <PayLinkStateBadge state={link.state} />
              </div>
              <p className="break-all rounded-lg bg-surface-sunken px-3 py-2 font-mono text-xs text-ink">
                {link.url}
              </p>
              {link.payments.length > 0 ? (
                <details className="text-sm">
                  <summary className="cursor-pointer font-medium text-brand-strong">
                    {link.payments.length === 1
                      ? "1 payment"
                      : `${link.payments.length.toLocaleString("en-NG")} payments`}
                  </summary>
                  <ul
                    aria-label={`Payments of ${link.description}`}
                    className="mt-2 divide-y divide-line"
                  >
                    {link.payments.map((payment) => (
                      <li
                        key={payment.reference}
                        className="flex flex-wrap justify-between gap-x-3 py-1.5"
                      >
                        <span className="min-w-0 break-all text-ink">{payment.payer}</span>
                        <span className="text-ink-muted">
                          <span className="font-semibold text-ink">{payment.amount}</span> ·{" "}
                          {payment.paidAt}
                        </span>
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
              <div className="flex flex-wrap items-center gap-2">
                <CopyButton text={link.url} what={`link of ${link.description}`} />
                {link.state === "archived" ? null : (
                  <Form
                    method="post"
                    onSubmit={(event) => {
                      if (
                        !window.confirm(
                          `Archive “${link.description}”? Its link stops taking payments, for good.`,
                        )
                      ) {
                        event.preventDefault();
                      }
                    }}
                  >
                    <input type="hidden" name="intent" value="archive" />
                    <input type="hidden" name="link" value={link.id} />
                    <Button type="submit" size="sm" variant="ghost" disabled={busy}>
                      Archive<span className="sr-only"> {link.description}</span>
                    </Button>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <PayLinkForm
        key={created ?? "new"}
        values={actionData?.intent === "create" ? (actionData.values ?? {}) : {}}
        errors={actionData?.intent === "create" ? actionData.errors : {}}
        today={today}
        latestDay={latestDay}
        busy={busy}
        creating={creating}
      />
    </section>
  );
}

const isDay = (text: string | undefined) => /^\d{4}-\d{2}-\d{2}$/.test(text ?? "");

/**
 * A new pay link: what it's for, a fixed amount or one the customer enters (each with its own
 * fields, so it works without JavaScript; with it, only the chosen kind's show), and its limits.
 */
function PayLinkForm({
  values,
  errors,
  today,
  latestDay,
  busy,
  creating,
}: {
  values: PayLinkFormText;
  errors: FieldErrors;
  today: string;
  latestDay: string;
  busy: boolean;
  creating: boolean;
}) {
  const hydrated = useHydrated();
  const [kind, setKind] = useState(values.amountKind === "open" ? "open" : "fixed");
  const refused = Object.keys(errors).length > 0;
  return (
    <Form method="post" className="space-y-5" noValidate>
      <input type="hidden" name="intent" value="create" />
      <FieldsetPanel
        title="Make a pay link"
        intro="Days are Lagos days: a link stops at midnight after its last day."
      >
        {refused ? (
          <FormMessage tone="error">Nothing was made: fix the fields marked below.</FormMessage>
        ) : null}
        <Field
          label="What it's for"
          name="description"
          autoComplete="off"
          maxLength={payLinkLimits.descriptionMax}
          defaultValue={values.description}
          hint="The customer reads it on the pay page, like “Ankara fabric, 6 yards”."
          error={errors.description}
        />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-ink">Amount</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(
              [
                ["fixed", "A fixed amount"],
                ["open", "The customer enters it"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-ink">
                <input
                  type="radio"
                  name="amountKind"
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                  className="size-5 accent-brand"
                />
                {label}
              </label>
            ))}
          </div>
          {errors.amountKind ? <FieldError>{errors.amountKind}</FieldError> : null}
          {!hydrated || kind === "fixed" ? (
            <Field
              label="Amount (₦)"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={values.amount}
              hint={hydrated ? undefined : "For a fixed amount."}
              error={errors.amount}
            />
          ) : null}
          {!hydrated || kind === "open" ? (
            <div className="grid gap-5 sm:grid-cols-2">
              <Field
                label="Lowest (₦, optional)"
                name="minAmount"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={values.minAmount}
                hint={hydrated ? undefined : "When the customer enters the amount."}
                error={errors.minAmount}
              />
              <Field
                label="Highest (₦, optional)"
                name="maxAmount"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={values.maxAmount}
                error={errors.maxAmount}
              />
            </div>
          ) : null}
        </fieldset>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="How many payments (optional)"
            name="quantityLimit"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={values.quantityLimit}
            hint="Empty: no limit. It stops once paid this many times."
            error={errors.quantityLimit}
          />
          <LazyDatePicker
            label="Last day (optional)"
            name="expiresOn"
            autoApply
            placeholder="No last day"
            defaultValue={isDay(values.expiresOn) ? pickerDay(values.expiresOn ?? today) : null}
            minDate={pickerDay(today)}
            maxDate={pickerDay(latestDay)}
            error={errors.expiresOn}
          />
        </div>
        <Button type="submit" disabled={busy}>
          <Link2 aria-hidden="true" className="size-4" />
          {creating ? "Making…" : "Make the link"}
        </Button>
      </FieldsetPanel>
    </Form>
  );
}
