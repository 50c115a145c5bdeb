import type { PGlite } from "@electric-sql/pglite";
import { fromPglite, PgBoss } from "pg-boss";
import type { Logger } from "pino";

/**
 * Background and scheduled work on pg-boss (issue 18, decision 036), on either engine: with
 * DATABASE_URL it keeps its tables in PostgreSQL and every instance shares them, so a scheduled
 * run or a sent job runs once across all of them; on the embedded default the same pg-boss runs
 * in this process on PGlite (its own adapter and backend profile). Retries back off
 * exponentially; a job that fails every try is moved to its queue's dead-letter queue
 * (`<name>-dead`), which nobody works: that is the record admins read.
 */
export interface JobDefinition {
  /** Queue name: lower-case letters, digits and dashes. */
  name: string;
  /** A five-field cron expression (UTC): sent on it once across all instances. */
  cron?: string;
  /** Tries after the first failure (default 3), backing off from `retryDelaySeconds` (default 30). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * At most one run waiting and one running ("stately"): asking again while one waits is a no-op.
   * For "run soon" jobs (deliver the email outbox, reconcile payments) that work off whatever is
   * there, however often they are asked.
   */
  collapse?: boolean;
  /** Gives up on a run after this long (default 15 minutes); it then counts as a failed try. */
  expireInSeconds?: number;
  run(data: unknown): Promise<void>;
}

export interface QueueOverview {
  name: string;
  /** Waiting to run (including retries waiting for their delay); counts may be a minute old. */
  waiting: number;
  running: number;
  /** Failed every try, kept as the dead-letter record. */
  dead: number;
  /** How long the oldest waiting job has waited, in seconds (0 when none waits). */
  oldestWaitingSeconds: number;
}

export interface DeadJob {
  id: string;
  queue: string;
  data: unknown;
  /** The last error, as pg-boss kept it. */
  error: string;
  createdAt: Date;
  failedAt: Date | null;
}

export interface Jobs {
  /** Asks for a run of `name` (once per `key` while one waits, when given). */
  send(name: string, data?: object, options?: { key?: string }): Promise<void>;
  overview(): Promise<QueueOverview[]>;
  deadJobs(limit?: number): Promise<DeadJob[]>;
  /** Stops taking jobs and waits up to `timeoutMs` for the running ones. */
  stop(timeoutMs?: number): Promise<void>;
}

export type JobsConnection = { databaseUrl: string } | { pglite: PGlite };

const schema = "pgboss";
const deadQueue = (name: string) => `${name}-dead`;

export async function startJobs(options: {
  connection: JobsConnection;
  definitions: JobDefinition[];
  log: Logger;
  /** How often an idle worker looks for work (default 2 s); tests go faster. */
  pollingIntervalSeconds?: number;
}): Promise<Jobs> {
  const { connection, definitions, log } = options;
  const boss =
    "databaseUrl" in connection
      ? new PgBoss({
          connectionString: connection.databaseUrl,
          schema,
          max: 4,
          useListenNotify: true,
        })
      : new PgBoss({
          db: fromPglite(connection.pglite),
          backend: "pglite",
          schema,
          useListenNotify: true,
        });
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  await boss.start();

  const names = definitions.map((definition) => definition.name);
  const polling = options.pollingIntervalSeconds ?? 2;
  for (const definition of definitions) {
    const dead = deadQueue(definition.name);
    await boss.createQueue(dead);
    const settings = {
      retryLimit: definition.retryLimit ?? 3,
      retryDelay: definition.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds ?? 15 * 60,
      deadLetter: dead,
      // A sent job wakes a worker at once (LISTEN/NOTIFY) rather than at its next poll.
      notify: true,
    };
    await boss.createQueue(definition.name, {
      ...settings,
      policy: definition.collapse ? "stately" : "standard",
    });
    // A queue made by an earlier version keeps up with the definition (its policy can't change).
    await boss.updateQueue(definition.name, settings);
    if (definition.cron) await boss.schedule(definition.name, definition.cron, null, { tz: "UTC" });
    else await boss.unschedule(definition.name);
    await boss.work(
      definition.name,
      {
        batchSize: 1,
        pollingIntervalSeconds: polling,
        // NOTIFY wakes a worker for a new job, never for a retry whose delay is over: the
        // polling stays as often as without it, or a retry would wait pg-boss's 30 s backstop.
        notifyPollingIntervalSeconds: polling,
      },
      async ([job]) => {
        try {
          await definition.run(job?.data ?? null);
        } catch (error) {
          log.error({ err: error, job: definition.name, id: job?.id }, "job failed");
          throw error;
        }
      },
    );
  }

  return {
    async send(name, data = {}, sendOptions = {}) {
      await boss.send(name, data, sendOptions.key ? { singletonKey: sendOptions.key } : {});
    },
    async overview() {
      // pg-boss counts a queue by scanning its jobs and keeps the counts a short while (up to a
      // minute), so a dashboard or a scrape never scans on every read; the oldest waiting job
      // is one indexed look-up, read fresh.
      const counts = async (name: string) => (await boss.getQueueStats(name, { force: true }))[0];
      return Promise.all(
        names.map(async (name) => {
          const [queue, dead, [oldest]] = await Promise.all([
            counts(name),
            counts(deadQueue(name)),
            boss.findJobs(name, { queued: true, limit: 1 }),
          ]);
          return {
            name,
            waiting: queue?.queuedCount ?? 0,
            running: queue?.activeCount ?? 0,
            dead: dead?.totalCount ?? 0,
            oldestWaitingSeconds: oldest
              ? Math.max(0, (Date.now() - oldest.createdOn.getTime()) / 1000)
              : 0,
          };
        }),
      );
    },
    async deadJobs(limit = 50) {
      const found = await Promise.all(
        names.map(async (name) => {
          const jobs = await boss.findJobs(deadQueue(name), { limit });
          return Promise.all(
            jobs.map(async (job): Promise<DeadJob> => {
              // The error stays on the job that failed (kept a week), which the dead letter names.
              const [failed] = job.sourceId
                ? await boss.findJobs(name, { id: job.sourceId, limit: 1 })
                : [];
              return {
                id: job.id,
                queue: name,
                data: job.data,
                error: describeOutput(failed?.output),
                createdAt: job.sourceCreatedOn ?? job.createdOn,
                failedAt: failed?.completedOn ?? job.createdOn,
              };
            }),
          );
        }),
      );
      return found
        .flat()
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, limit);
    },
    async stop(timeoutMs = 30_000) {
      await boss.stop({ graceful: true, timeout: timeoutMs });
    },
  };
}

/** pg-boss keeps a failed job's error as its output (a serialized Error). */
function describeOutput(output: unknown): string {
  if (output && typeof output === "object" && "message" in output) {
    return String((output as { message: unknown }).message);
  }
  return output === null || output === undefined ? "" : JSON.stringify(output);
}
