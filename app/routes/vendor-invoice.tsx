import { ArrowLeft } from "lucide-react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { formatNigerianPhone } from "#app/auth/phone.ts";
import { Button } from "#app/components/ui/button.tsx";
import { CopyButton } from "#app/components/ui/copy-button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { SectionCard } from "#app/components/ui/section-card.tsx";
import { requireCatalogueManager } from "#app/console/catalogue/guard.server.ts";
import type { FieldErrors } from "#app/console/console-form.tsx";
import { lagosToday } from "#app/console/lagos-time.ts";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { InvoiceStateBadge } from "#app/invoices/invoice-badges.tsx";
import { InvoiceForm } from "#app/invoices/invoice-form.tsx";
import {
  type InvoiceFormText,
  postedInvoiceText,
  savedInvoiceText,
} from "#app/invoices/invoice-form-values.ts";
import { invoiceNumberLabel } from "#app/invoices/invoice-state.ts";
import {
  discountLabel,
  InvoiceLinesList,
  InvoiceTotalsList,
} from "#app/invoices/invoice-summary.tsx";
import {
  deleteDraft,
  type InvoiceRefusal,
  invoiceForBusiness,
  invoiceProducts,
  invoiceUrl,
  sendInvoice,
  updateDraft,
  voidInvoice,
} from "#app/invoices/invoices.server.ts";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import type { Route } from "./+types/vendor-invoice";

/**
 * /vendor/{business}/invoices/{invoiceId}: one invoice (issue 24, decision 058). A draft is the
 * invoice form, with Send (it takes the next number and emails the customer their link) and
 * Delete; a sent one shows its number, lines, totals, state, when it was sent, opened and paid,
 * the customer's link, and Void; a paid or void one only shows. Managers and owners only;
 * another business's invoice, or an unknown id, is a 404.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.invoice.label ?? "Draft invoice"} · Console · Oja` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { business } = await requireCatalogueManager(context, request, params.business);
  const { db, settings } = services(context);
  const now = new Date();
  const invoice = await invoiceForBusiness(db, business.id, params.invoiceId, now);
  if (!invoice) throw notFound(url);
  const at = (time: Date | null) => (time ? formatLagosTime(time) : null);
  const today = lagosToday(now);
  return data(
    {
      invoice: {
        id: invoice.id,
        label: invoice.number === null ? null : invoiceNumberLabel(invoice.number),
        status: invoice.status,
        state: invoice.state,
        customerName: invoice.customerName,
        customerEmail: invoice.customerEmail,
        customerPhone: invoice.customerPhone ? formatNigerianPhone(invoice.customerPhone) : null,
        due: formatDay(invoice.dueOn),
        duePassed: invoice.dueOn < today,
        notes: invoice.notes,
        discount: discountLabel({ kind: invoice.discountKind, percent: invoice.discountValue }),
        vatApplied: invoice.vatApplied,
        totals: {
          subtotalKobo: invoice.subtotalKobo,
          discountKobo: invoice.discountKobo,
          vatKobo: invoice.vatKobo,
          totalKobo: invoice.totalKobo,
        },
        lines: invoice.lines,
        history: [
          { label: "Drafted", at: at(invoice.createdAt) },
          { label: "Sent", at: at(invoice.sentAt) },
          // "Opened" is the customer's first opening of the link only.
          {
            label: "Opened by the customer",
            at: invoice.sentAt ? (at(invoice.firstViewedAt) ?? "Not yet") : null,
          },
          { label: "Paid", at: at(invoice.paidAt) },
          { label: "Voided", at: at(invoice.voidedAt) },
        ].filter((step): step is { label: string; at: string } => step.at !== null),
        // A draft has no page for the customer yet.
        link: invoice.status === "draft" ? null : invoiceUrl(settings.publicUrl, invoice.publicId),
        updatedAt: invoice.updatedAt.toISOString(),
      },
      draft:
        invoice.status === "draft"
          ? { text: savedInvoiceText(invoice), products: await invoiceProducts(db, business.id) }
          : null,
      today,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const intents = ["save", "send", "delete", "void"] as const;
type Intent = (typeof intents)[number];

const unknownIntent: InvoiceRefusal = {
  ok: false,
  status: 400,
  errors: { form: "Unknown action." },
};

interface ActionAnswer {
  intent: Intent | null;
  errors: FieldErrors;
  /** A refused save's form as typed. */
  text?: InvoiceFormText;
  done?: string;
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const { business, actor } = await requireCatalogueManager(context, request, params.business);
  const app = services(context);
  const form = await request.formData();
  const intent = intents.find((known) => known === form.get("intent")) ?? null;
  const { invoiceId } = params;
  const refused = (refusal: InvoiceRefusal) => {
    if (refusal.status === 404) throw notFound(url);
    return data<ActionAnswer>(
      {
        intent,
        errors: refusal.errors,
        text: intent === "save" ? postedInvoiceText(form) : undefined,
      },
      { status: refusal.status },
    );
  };
  const { db } = app;
  if (intent === "send") {
    const sent = await sendInvoice({ db, publicUrl: app.settings.publicUrl }, actor, invoiceId);
    if (!sent.ok) return refused(sent);
    app.emailQueued();
    return data<ActionAnswer>({
      intent,
      errors: {},
      done: `Sent as ${invoiceNumberLabel(sent.number)}: the customer has an email with its link.`,
    });
  }
  const result =
    intent === "save"
      ? await updateDraft(db, actor, invoiceId, form)
      : intent === "delete"
        ? await deleteDraft(db, actor, invoiceId)
        : intent === "void"
          ? await voidInvoice(db, actor, invoiceId)
          : unknownIntent;
  if (!result.ok) return refused(result);
  if (intent === "delete") throw redirect(`/vendor/${business.slug}/invoices?deleted=1`);
  return data<ActionAnswer>({
    intent,
    errors: {},
    done:
      intent === "void"
        ? "Voided: the customer's link shows it as void and it can't be paid."
        : "Saved.",
  });
}

export default function VendorInvoice({ loaderData, actionData, params }: Route.ComponentProps) {
  const { invoice, draft, today } = loaderData;
  const [search] = useSearchParams();
  const done = actionData?.done;
  const created = search.get("notice") === "created" && !actionData;
  return (
    <section aria-labelledby="invoice-heading" className="space-y-5">
      <Link
        to={`/vendor/${params.business}/invoices`}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-strong hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Invoices
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="invoice-heading" className="text-xl font-semibold text-ink sm:text-2xl">
          {invoice.label ? (
            <span className="font-mono">{invoice.label}</span>
          ) : (
            `Draft for ${invoice.customerName}`
          )}
        </h1>
        <InvoiceStateBadge state={invoice.state} />
      </div>
      {created ? (
        <FormMessage tone="success">
          The draft is saved. Check it below, then send it when it's right.
        </FormMessage>
      ) : null}
      {done ? <FormMessage tone="success">{done}</FormMessage> : null}
      {draft ? (
        <DraftInvoice
          invoice={invoice}
          draft={draft}
          today={today}
          answer={actionData ?? undefined}
        />
      ) : (
        <SentInvoice invoice={invoice} answer={actionData ?? undefined} />
      )}
    </section>
  );
}

type InvoiceView = Route.ComponentProps["loaderData"]["invoice"];
type DraftView = NonNullable<Route.ComponentProps["loaderData"]["draft"]>;

/** A draft: send it as saved, delete it, or change it. */
function DraftInvoice({
  invoice,
  draft,
  today,
  answer,
}: {
  invoice: InvoiceView;
  draft: DraftView;
  today: string;
  answer: ActionAnswer | undefined;
}) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  // Send's and Delete's refusals show here; Save's beside the form's fields.
  const refused =
    answer && answer.intent !== "save" && !answer.done
      ? Object.values(answer.errors)[0]
      : undefined;
  const saveErrors = answer?.intent === "save" && !answer.done ? answer.errors : {};
  return (
    <>
      <section
        aria-labelledby="send-heading"
        className="space-y-3 rounded-xl border border-brand bg-surface p-4"
      >
        <h2 id="send-heading" className="text-lg font-semibold text-ink">
          Send it
        </h2>
        <p className="text-ink">
          {invoice.customerEmail} gets an email with a link to see and pay it by {invoice.due}.
          Sending gives it the next number: after that it can't be changed, only voided.
        </p>
        <InvoiceTotalsList
          className="max-w-sm rounded-lg bg-surface-sunken p-3 text-sm"
          totals={invoice.totals}
          discount={invoice.discount}
          vatApplied={invoice.vatApplied}
        />
        <p className="text-sm text-ink-muted">It is sent as last saved: save changes first.</p>
        {invoice.duePassed ? (
          <FormMessage tone="error">
            The due date has passed: choose a new one below, and save.
          </FormMessage>
        ) : null}
        {refused ? <FormMessage tone="error">{refused}</FormMessage> : null}
        <div className="flex flex-wrap items-center gap-3">
          <Form method="post">
            <Button type="submit" name="intent" value="send" disabled={Boolean(busyIntent)}>
              {busyIntent === "send" ? "Sending…" : "Send invoice"}
            </Button>
          </Form>
          <Form
            method="post"
            onSubmit={(event) => {
              if (!window.confirm("Delete this draft? It can't be brought back.")) {
                event.preventDefault();
              }
            }}
          >
            <Button
              type="submit"
              name="intent"
              value="delete"
              variant="secondary"
              disabled={Boolean(busyIntent)}
            >
              Delete draft
            </Button>
          </Form>
        </div>
      </section>
      <h2 className="pt-2 text-lg font-semibold text-ink">Change the draft</h2>
      <InvoiceForm
        // A save reloads the draft: start the form again from what was saved.
        key={invoice.updatedAt}
        text={answer?.text ?? draft.text}
        errors={saveErrors}
        products={draft.products}
        today={today}
        submitLabel="Save changes"
      />
    </>
  );
}

/** A sent, paid or void invoice: what the customer was sent, its link, its history, Void. */
function SentInvoice({
  invoice,
  answer,
}: {
  invoice: InvoiceView;
  answer: ActionAnswer | undefined;
}) {
  const navigation = useNavigation();
  const voiding =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "void";
  const refused = answer && !answer.done ? Object.values(answer.errors)[0] : undefined;
  const voidable = invoice.status === "sent";
  return (
    <>
      {refused ? <FormMessage tone="error">{refused}</FormMessage> : null}
      {invoice.link ? (
        <SectionCard headingId="link-heading" title="The customer's link">
          <p className="my-2 break-all rounded-lg bg-surface-sunken px-3 py-2 font-mono text-sm text-ink">
            {invoice.link}
          </p>
          <CopyButton text={invoice.link} what="the customer's link" />
          <p className="mt-2 text-sm text-ink-muted">
            Whoever has this link can see the invoice and pay it: share it only with the customer.
          </p>
        </SectionCard>
      ) : null}
      <div className="grid gap-5 md:grid-cols-2">
        <SectionCard headingId="customer-heading" title="Customer">
          <p className="mt-2 font-medium text-ink">{invoice.customerName}</p>
          <p className="break-all text-ink">{invoice.customerEmail}</p>
          {invoice.customerPhone ? <p className="text-ink">{invoice.customerPhone}</p> : null}
          <p className="mt-2 text-ink">Due {invoice.due}</p>
        </SectionCard>
        <SectionCard headingId="history-heading" title="History">
          <ol className="mt-2 space-y-1 text-sm">
            {invoice.history.map((step) => (
              <li key={step.label} className="flex justify-between gap-3">
                <span className="text-ink">{step.label}</span>
                <span className="text-right text-ink-muted">{step.at}</span>
              </li>
            ))}
          </ol>
        </SectionCard>
      </div>
      <SectionCard headingId="lines-heading" title="Lines">
        <InvoiceLinesList lines={invoice.lines} />
        <InvoiceTotalsList
          className="border-t border-line pt-2"
          totals={invoice.totals}
          discount={invoice.discount}
          vatApplied={invoice.vatApplied}
        />
      </SectionCard>
      {invoice.notes ? (
        <SectionCard headingId="notes-heading" title="Notes for the customer">
          <p className="mt-2 whitespace-pre-line text-ink">{invoice.notes}</p>
        </SectionCard>
      ) : null}
      {voidable ? (
        <SectionCard headingId="void-heading" title="Void">
          <p className="my-2 text-ink">
            Billed the wrong amount or the wrong person? Void it and write a new one. A void invoice
            keeps its number and can't be paid; this can't be undone.
          </p>
          <Form
            method="post"
            onSubmit={(event) => {
              if (!window.confirm(`Void ${invoice.label}? The customer can no longer pay it.`)) {
                event.preventDefault();
              }
            }}
          >
            <Button type="submit" name="intent" value="void" variant="danger" disabled={voiding}>
              {voiding ? "Voiding…" : "Void invoice"}
            </Button>
          </Form>
        </SectionCard>
      ) : null}
    </>
  );
}
