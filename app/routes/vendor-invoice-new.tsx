import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { requireCatalogueManager } from "#app/console/catalogue/guard.server.ts";
import type { FieldErrors } from "#app/console/console-form.tsx";
import { lagosToday } from "#app/console/lagos-time.ts";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { InvoiceForm } from "#app/invoices/invoice-form.tsx";
import {
  type InvoiceFormText,
  newInvoiceText,
  postedInvoiceText,
} from "#app/invoices/invoice-form-values.ts";
import { createDraft, invoiceProducts } from "#app/invoices/invoices.server.ts";
import type { Route } from "./+types/vendor-invoice-new";

/**
 * /vendor/{business}/invoices/new: a new invoice, saved as a draft (issue 24, decision 058); the
 * draft's page sends it. Managers and owners only. A refused form answers 400 with each field's
 * message and the form as it was typed.
 */
export function meta() {
  return [{ title: "New invoice · Console · Oja" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { business } = await requireCatalogueManager(context, request, params.business);
  const today = lagosToday(new Date());
  return data(
    {
      today,
      text: newInvoiceText(today),
      products: await invoiceProducts(services(context).db, business.id),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const { business, actor } = await requireCatalogueManager(context, request, params.business);
  const form = await request.formData();
  const result = await createDraft(services(context).db, actor, form);
  if (!result.ok) {
    if (result.status === 404) throw notFound(url);
    return data<{ errors: FieldErrors; text: InvoiceFormText }>(
      { errors: result.errors, text: postedInvoiceText(form) },
      { status: result.status },
    );
  }
  throw redirect(`/vendor/${business.slug}/invoices/${result.invoiceId}?notice=created`);
}

export default function VendorInvoiceNew({ loaderData, actionData, params }: Route.ComponentProps) {
  const { today, products } = loaderData;
  return (
    <section aria-labelledby="new-invoice-heading" className="space-y-5">
      <Link
        to={`/vendor/${params.business}/invoices`}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-strong hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Invoices
      </Link>
      <div className="space-y-1">
        <h1 id="new-invoice-heading" className="text-xl font-semibold text-ink">
          New invoice
        </h1>
        <p className="text-sm text-ink-muted">
          It is saved as a draft: you can check it, change it, then send it. The customer sees
          nothing until you do.
        </p>
      </div>
      <InvoiceForm
        text={actionData?.text ?? loaderData.text}
        errors={actionData?.errors ?? {}}
        products={products}
        today={today}
        submitLabel="Save draft"
      />
    </section>
  );
}
