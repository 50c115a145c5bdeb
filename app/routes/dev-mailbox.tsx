import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { services } from "#app/context.server.ts";
import { deliveryStatus, formatMailTime, listMailbox } from "#app/email/outbox.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { requireTestHooks } from "#app/security/test-hooks.server.ts";
import type { Route } from "./+types/dev-mailbox";

export const headers = privatePageHeaders;

/**
 * The dev mailbox: every email in the outbox, newest first, so people and the browser tests can
 * read what Oja sent while no SMTP server is configured. Test mode only; 404 with live keys.
 */
export function meta() {
  return [{ title: "Mailbox · Oja (test mode)" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { db } = services(context);
  requireTestHooks(context, request);
  const to = url.searchParams.get("to")?.trim() ?? "";
  const rows = await listMailbox(db, { to: to || undefined, limit: 200 });
  return {
    to,
    messages: rows.map((row) => ({
      id: row.id,
      toAddress: row.toAddress,
      subject: row.subject,
      kind: row.kind,
      createdAt: row.createdAt.toISOString(),
      time: formatMailTime(row.createdAt),
      status: deliveryStatus(row),
    })),
  };
}

const statusStyle = {
  sent: "bg-brand-soft text-brand-strong",
  "in outbox": "bg-surface-sunken text-ink",
  failed: "bg-danger-soft text-danger",
} as const;

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { to, messages } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-ink">Mailbox</h1>
      <p className="mt-1 text-ink-muted">Every email Oja has queued, newest first.</p>

      <Form
        method="get"
        action="/dev/mailbox"
        className="mt-6 flex flex-wrap items-end gap-2"
        role="search"
      >
        <label className="flex min-w-64 flex-1 flex-col gap-1 text-sm font-medium text-ink">
          To
          <input
            type="search"
            name="to"
            defaultValue={to}
            placeholder="ada@example.com"
            autoComplete="off"
            className="h-11 rounded-lg border border-line bg-surface px-3 text-base text-ink"
          />
        </label>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {to ? (
          <Link to="/dev/mailbox" className="min-h-11 content-center px-2 text-sm text-brand">
            Show all
          </Link>
        ) : null}
      </Form>

      {messages.length === 0 ? (
        <p className="mt-6 rounded-card border border-line bg-surface p-6 text-ink-muted">
          {to
            ? `No email to ${to} yet.`
            : "No email yet. Emails Oja sends appear here while no SMTP server is configured."}
        </p>
      ) : (
        // A list rather than a table: addresses and subjects stay readable on a phone.
        <ul
          aria-label={to ? `Emails to ${to}, newest first` : "Emails, newest first"}
          className="mt-6 divide-y divide-line rounded-card border border-line bg-surface"
        >
          {messages.map((message) => (
            <li key={message.id} data-testid="mailbox-row" className="px-4 py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <Link
                  to={`/dev/mailbox/${message.id}`}
                  className="font-semibold text-brand hover:underline"
                >
                  {message.subject}
                </Link>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${statusStyle[message.status]}`}
                >
                  {message.status}
                </span>
              </div>
              <p className="mt-1 text-sm break-all text-ink">To {message.toAddress}</p>
              <p className="mt-0.5 text-sm text-ink-muted">
                {message.kind} · <time dateTime={message.createdAt}>{message.time}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
