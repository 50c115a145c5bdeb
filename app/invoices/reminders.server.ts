import { and, asc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Logger } from "pino";
import { businesses } from "#app/catalog/schema.server.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Database } from "#app/db/database.server.ts";
import { queueEmail } from "#app/email/outbox.server.ts";
import { renderEmail } from "#app/email/render.ts";
import type { JobDefinition } from "#app/jobs/jobs.server.ts";
import { formatNaira, kobo } from "#app/money.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import { invoiceNumberLabel } from "./invoice-state.ts";
import { invoiceUrl } from "./invoices.server.ts";
import { invoices } from "./schema.server.ts";

/**
 * The overdue reminder (issue 24, decision 058): one polite email to the customer once a sent
 * invoice's due date is over (`reminderDue`), at a civil hour in Lagos, never twice. Rows are
 * taken `for update skip locked` and marked in the same transaction, so two instances running
 * the job at once remind each customer once.
 */

/** Reminders go out between 08:00 and 20:00 in Lagos: nobody wants a dunning email at 1am. */
const firstHour = 8;
const lastHour = 20;

function lagosHour(now: Date): number {
  return new Date(now.getTime() + 60 * 60_000).getUTCHours();
}

export async function sendInvoiceReminders(
  context: { db: Database; publicUrl: string },
  now = new Date(),
): Promise<number> {
  const hour = lagosHour(now);
  if (hour < firstHour || hour >= lastHour) return 0;
  let sent = 0;
  for (;;) {
    const batch = await context.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(
            eq(invoices.status, "sent"),
            isNull(invoices.remindedAt),
            lt(invoices.dueOn, lagosToday(now)),
          ),
        )
        .orderBy(asc(invoices.dueOn), asc(invoices.id))
        .limit(50)
        .for("update", { skipLocked: true });
      if (due.length === 0) return 0;
      const rows = await tx
        .select({
          id: invoices.id,
          publicId: invoices.publicId,
          number: invoices.number,
          customerName: invoices.customerName,
          customerEmail: invoices.customerEmail,
          totalKobo: invoices.totalKobo,
          dueOn: invoices.dueOn,
          business: businesses.name,
        })
        .from(invoices)
        .innerJoin(businesses, eq(businesses.id, invoices.businessId))
        .where(
          inArray(
            invoices.id,
            due.map((row) => row.id),
          ),
        );
      for (const invoice of rows) {
        const label = invoiceNumberLabel(invoice.number ?? 0);
        const total = formatNaira(kobo(invoice.totalKobo));
        const firstName = invoice.customerName.split(/\s+/)[0] ?? invoice.customerName;
        const content = renderEmail({
          preview: `${label} from ${invoice.business} was due on ${formatDay(invoice.dueOn)}.`,
          heading: `A reminder from ${invoice.business}`,
          paragraphs: [
            `Hello ${firstName}, this is a friendly reminder that invoice ${label} from ${invoice.business} for ${total} was due on ${formatDay(invoice.dueOn)}.`,
            "If you have already paid, thank you, and please ignore this email. Otherwise you can pay it online in a minute.",
          ],
          action: { label: "View and pay", url: invoiceUrl(context.publicUrl, invoice.publicId) },
          footer: `You get this email because ${invoice.business} billed you through Oja. This is the only reminder Oja sends for this invoice.`,
        });
        await queueEmail(tx, {
          to: invoice.customerEmail,
          subject: `Reminder: invoice ${label} from ${invoice.business} (${total})`,
          kind: "invoice-reminder",
          ...content,
        });
      }
      await tx
        .update(invoices)
        .set({ remindedAt: now })
        .where(
          inArray(
            invoices.id,
            rows.map((row) => row.id),
          ),
        );
      return rows.length;
    });
    sent += batch;
    if (batch < 50) return sent;
  }
}

/** Every hour, once across instances: the first run in civil hours after the due day reminds. */
export function invoiceJobs(context: {
  db: Database;
  publicUrl: string;
  log: Logger;
  emailQueued?: () => void;
  now?: () => Date;
}): JobDefinition[] {
  return [
    {
      name: "invoice-reminders-send",
      cron: "5 * * * *",
      collapse: true,
      retryLimit: 0,
      async run() {
        const sent = await sendInvoiceReminders(context, context.now?.() ?? new Date());
        if (sent > 0) {
          context.log.info({ sent }, "invoice reminders sent");
          context.emailQueued?.();
        }
      },
    },
  ];
}
