import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { publicInvoice } from "#app/invoices/invoices.server.ts";
import type { Route } from "./+types/invoice-pdf";

/**
 * GET /invoices/{id}/pdf: the invoice page's "Download PDF" (decision 059), the same invoice
 * and the same 404s. Private to whoever has the link, like the page: never kept by a cache.
 * pdf-lib loads with the first download, not with the server.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { db, settings } = services(context);
  const now = new Date();
  const invoice = await publicInvoice(db, params.id, now);
  if (!invoice) throw notFound(url);
  const { invoicePdf, invoicePdfName } = await import("#app/invoices/invoice-pdf.server.ts");
  const payUrl = new URL(`/pay/${params.id}`, settings.publicUrl).toString();
  const pdf = await invoicePdf(invoice, { payUrl }, now);
  // A copy on its own ArrayBuffer, as a Response body is typed.
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoicePdfName(invoice)}"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
