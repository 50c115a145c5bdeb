import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { services } from "#app/context.server.ts";
import { deliveryStatus, findMailboxMessage, formatMailTime } from "#app/email/outbox.server.ts";
import { notFound } from "#app/errors.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { requireTestHooks } from "#app/security/test-hooks.server.ts";
import type { Route } from "./+types/dev-mailbox-message";

export const headers = privatePageHeaders;

/**
 * One email of the dev mailbox: its plain text with every URL a real link (so a browser test can
 * follow a verification link) and its HTML in a sandboxed frame. Test mode only.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  const subject = loaderData?.message.subject;
  return [
    { title: subject ? `${subject} · Mailbox · Oja (test mode)` : "Mailbox · Oja (test mode)" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const { db } = services(context);
  requireTestHooks(context, request);
  const row = await findMailboxMessage(db, params.id);
  if (!row) throw notFound(url);
  return {
    message: {
      id: row.id,
      toAddress: row.toAddress,
      subject: row.subject,
      kind: row.kind,
      text: row.text,
      html: row.html,
      createdAt: row.createdAt.toISOString(),
      time: formatMailTime(row.createdAt),
      status: deliveryStatus(row),
      attempts: row.attempts,
      lastError: row.lastError,
    },
  };
}

const urlPattern = /https?:\/\/[^\s<>"'`]+/g;

/** The text with each http(s) URL as a link; punctuation that ends a sentence stays outside. */
function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const url = match[0].replace(/[.,;:!?)\]}]+$/, "");
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={url} className="break-all text-brand underline">
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="w-20 shrink-0 text-ink-muted">{label}</dt>
      <dd className="min-w-0 break-all text-ink">{children}</dd>
    </div>
  );
}

export default function DevMailboxMessage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <Link
        to="/dev/mailbox"
        className="inline-flex items-center gap-1 text-sm text-brand hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Mailbox
      </Link>
      <h1 className="text-2xl font-bold text-ink">{message.subject}</h1>
      <dl className="space-y-2 rounded-card border border-line bg-surface p-4 text-sm">
        <Field label="To">{message.toAddress}</Field>
        <Field label="Time">
          <time dateTime={message.createdAt}>{message.time}</time>
        </Field>
        <Field label="Kind">{message.kind}</Field>
        <Field label="Status">
          {message.status}
          {message.lastError
            ? ` (${message.attempts} attempts; last error: ${message.lastError})`
            : null}
        </Field>
      </dl>

      <section aria-labelledby="mail-text" className="space-y-2">
        <h2 id="mail-text" className="text-lg font-bold text-ink">
          Plain text
        </h2>
        <div className="rounded-card border border-line bg-surface p-4 font-mono text-sm break-words whitespace-pre-wrap text-ink">
          {linkify(message.text)}
        </div>
      </section>

      <section aria-labelledby="mail-html" className="space-y-2">
        <h2 id="mail-html" className="text-lg font-bold text-ink">
          HTML
        </h2>
        <iframe
          title="HTML version"
          sandbox=""
          srcDoc={message.html}
          className="h-[40rem] w-full rounded-card border border-line bg-white"
        />
      </section>
    </div>
  );
}
