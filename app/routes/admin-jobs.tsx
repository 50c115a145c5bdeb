import { Link } from "react-router";
import { requireAdmin } from "#app/auth/session.server.ts";
import { services } from "#app/context.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import type { Route } from "./+types/admin-jobs";

export const headers = privatePageHeaders;

export function meta() {
  return [{ title: "Jobs · Admin · Oja" }];
}

/** What the scheduled and background work is doing (issue 18): platform admins only (404). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { jobs } = services(context);
  try {
    const started = await jobs;
    const [queues, dead] = await Promise.all([started.overview(), started.deadJobs(20)]);
    return {
      problem: null,
      queues,
      dead: dead.map((job) => ({
        id: job.id,
        queue: job.queue,
        error: job.error,
        data: JSON.stringify(job.data),
        failedAt: job.failedAt?.toISOString() ?? null,
      })),
    };
  } catch (error) {
    return {
      problem: error instanceof Error ? error.message : String(error),
      queues: [],
      dead: [],
    };
  }
}

const dateTime = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Africa/Lagos",
});

function waited(seconds: number): string {
  if (seconds < 1) return "—";
  if (seconds < 120) return `${Math.round(seconds)} s`;
  return `${Math.round(seconds / 60)} min`;
}

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  const { problem, queues, dead } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <p className="text-sm">
        <Link to="/admin" className="font-medium text-brand hover:underline">
          Admin
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-ink">Jobs</h1>
      <p className="mt-2 text-ink-muted">
        Scheduled and background work: payment reconciliation, email delivery, clearing unused
        pictures. Each runs once across all servers; a job that fails is tried again, and one that
        fails every try is kept below. Counts may be a minute old.
      </p>
      {problem ? (
        <p role="alert" className="mt-6 rounded-xl border border-danger bg-surface p-4 text-danger">
          The job queue is not running: {problem}
        </p>
      ) : null}
      <section aria-labelledby="queues" className="mt-8">
        <h2 id="queues" className="text-lg font-semibold text-ink">
          Queues
        </h2>
        <div className="mt-3 overflow-x-auto rounded-xl border border-line">
          <table className="w-full text-left text-sm">
            <thead className="bg-surface-sunken text-ink">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Queue
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Waiting
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Running
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Failed every try
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Oldest waiting
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line bg-surface">
              {queues.map((queue) => (
                <tr key={queue.name}>
                  <th scope="row" className="px-3 py-2 font-mono text-xs font-medium text-ink">
                    {queue.name}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums text-ink">{queue.waiting}</td>
                  <td className="px-3 py-2 text-right tabular-nums text-ink">{queue.running}</td>
                  <td className="px-3 py-2 text-right tabular-nums text-ink">{queue.dead}</td>
                  <td className="px-3 py-2 text-right tabular-nums text-ink">
                    {waited(queue.oldestWaitingSeconds)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="failed" className="mt-10">
        <h2 id="failed" className="text-lg font-semibold text-ink">
          Failed every try
        </h2>
        {dead.length === 0 ? (
          <p className="mt-3 text-ink-muted">None: every job ran, or is still being tried.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {dead.map((job) => (
              <li key={job.id} className="rounded-xl border border-line bg-surface p-4 text-sm">
                <p className="font-mono text-xs text-ink-muted">
                  {job.queue} · {job.failedAt ? dateTime.format(new Date(job.failedAt)) : "—"}
                </p>
                <p className="mt-1 font-medium text-ink">{job.error || "No error was kept."}</p>
                <p className="mt-1 break-all font-mono text-xs text-ink-muted">{job.data}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
