/**
 * The durable job queue: a `jobs` table (migration 139). Enqueueing is an INSERT in the
 * caller's transaction, so a job exists exactly when the write that asked for it
 * committed. Every instance runs a worker that claims due jobs with FOR UPDATE SKIP
 * LOCKED (so two instances never take the same job), retries a failing job with
 * exponential back-off and keeps it as `failed` after its last attempt. A running job's
 * lock is renewed while it runs; a job whose lock ran out belonged to an instance that
 * died, and another instance takes it again (handlers are written to be re-run).
 *
 * Why not pg-boss: it runs on PGlite through its `db` adapter only when the adapter sends
 * parameterless SQL down a separate path (its migrations are multi-statement scripts with
 * BEGIN/COMMIT that PGlite's extended protocol refuses), every queue is a table partition
 * that must exist before the first send inside a caller's transaction, and each instance
 * keeps its own timers (polling, maintenance, cron) on PGlite's single connection. The
 * few things used here fit in one table and this file.
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.ts';

export interface EnqueueOptions {
  /** Not before this instant (a scheduled notification). */
  runAt?: Date;
  /** At most one waiting job per name and key; a second enqueue is dropped. */
  singletonKey?: string;
  /** Attempts after the first one before the job is kept as failed (default 5). */
  retryLimit?: number;
}

export type JobHandler = (data: any, app: FastifyInstance) => Promise<void>;

const handlers = new Map<string, JobHandler>();
const schedules = new Map<string, number>();

/** The code that runs a job by name; registered once at import of the module that owns it. */
export function registerJob(name: string, handler: JobHandler): void {
  handlers.set(name, handler);
}

/** Runs job `name` (with no data) every `everySeconds`, once across all instances. */
export function registerSchedule(name: string, everySeconds: number): void {
  schedules.set(name, everySeconds);
}

export async function enqueue(q: Queryable, name: string, data: Record<string, unknown>, options: EnqueueOptions = {}): Promise<void> {
  await q.query(
    `INSERT INTO jobs (name, data, run_at, singleton_key, retry_limit) VALUES ($1, $2, COALESCE($3::timestamptz, now()), $4, $5)
     ON CONFLICT (name, singleton_key) WHERE state = 'queued' AND singleton_key IS NOT NULL DO NOTHING`,
    [name, JSON.stringify(data), options.runAt?.toISOString() ?? null, options.singletonKey ?? null, options.retryLimit ?? 5],
  );
}

interface JobRow {
  id: number;
  name: string;
  data: Record<string, unknown>;
  attempts: number;
  retry_limit: number;
}

export interface WorkerOptions {
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** How long a claimed job stays this instance's without renewal. */
  lockSeconds?: number;
  /** Jobs run at the same time by this instance. */
  concurrency?: number;
  /** First retry delay; each further attempt doubles it. */
  backoffSeconds?: number;
}

function settings(options: WorkerOptions) {
  return {
    pollMs: options.pollMs ?? Number(process.env.JOB_POLL_MS ?? 1000),
    lockSeconds: options.lockSeconds ?? Number(process.env.JOB_LOCK_SECONDS ?? 30),
    concurrency: options.concurrency ?? 4,
    backoffSeconds: options.backoffSeconds ?? 5,
  };
}

const schedulesKnown = new WeakMap<FastifyInstance, number>();

/** Moves the schedules that are due forward and enqueues their runs, in one transaction (one instance wins each). */
async function enqueueDueSchedules(app: FastifyInstance): Promise<void> {
  if (schedules.size === 0) return;
  // The schedule rows are written once per app (and again when a schedule is registered later).
  if (schedulesKnown.get(app) !== schedules.size) {
    for (const [name, every] of schedules) {
      await app.db.query(
        'INSERT INTO job_schedules (name, every_seconds, next_run_at) VALUES ($1, $2, now()) ON CONFLICT (name) DO UPDATE SET every_seconds = $2 WHERE job_schedules.every_seconds <> $2',
        [name, every],
      );
    }
    schedulesKnown.set(app, schedules.size);
  }
  await app.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      'UPDATE job_schedules SET next_run_at = now() + make_interval(secs => every_seconds) WHERE name = ANY($1::text[]) AND next_run_at <= now() RETURNING name',
      [[...schedules.keys()]],
    );
    for (const { name } of rows) await enqueue(tx, name, {}, { singletonKey: 'schedule', retryLimit: 0 });
  });
}

async function claim(app: FastifyInstance, limit: number, lockSeconds: number): Promise<JobRow[]> {
  const { rows } = await app.db.query<JobRow>(
    `UPDATE jobs SET state = 'active', attempts = attempts + 1, locked_until = now() + make_interval(secs => $2)
     WHERE id IN (
       SELECT id FROM jobs
       WHERE (state = 'queued' AND run_at <= now()) OR (state = 'active' AND locked_until < now())
       ORDER BY run_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, name, data, attempts, retry_limit`,
    [limit, lockSeconds],
  );
  return rows;
}

async function run(app: FastifyInstance, job: JobRow, backoffSeconds: number): Promise<void> {
  const handler = handlers.get(job.name);
  try {
    if (!handler) throw new Error(`no handler registered for job ${job.name}`);
    await handler(job.data, app);
    await app.db.query("UPDATE jobs SET state = 'done', finished_at = now(), locked_until = NULL WHERE id = $1", [job.id]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // attempts counts the first run: a job with retry_limit 2 runs at most 3 times.
    const last = job.attempts > job.retry_limit;
    if (last) app.log.error({ job: job.name, id: job.id, err: error }, 'job failed for good');
    await app.db.query(
      `UPDATE jobs SET state = $2, last_error = $3, locked_until = NULL,
         run_at = now() + make_interval(secs => $4), finished_at = CASE WHEN $2 = 'failed' THEN now() END
       WHERE id = $1`,
      [job.id, last ? 'failed' : 'queued', message.slice(0, 2000), backoffSeconds * 2 ** (job.attempts - 1)],
    );
  }
}

/**
 * Runs every job due now (and those they enqueue that are due) until none is left, then
 * returns how many ran. Tests use it to step the queue; the worker loop uses it each tick.
 */
export async function runDueJobs(app: FastifyInstance, options: WorkerOptions = {}): Promise<number> {
  const s = settings(options);
  await enqueueDueSchedules(app);
  let ran = 0;
  for (;;) {
    const jobs = await claim(app, s.concurrency, s.lockSeconds);
    if (jobs.length === 0) return ran;
    await Promise.all(jobs.map((job) => run(app, job, s.backoffSeconds)));
    ran += jobs.length;
  }
}

/**
 * Starts this instance's worker; returns a function that stops it (waiting for the jobs
 * in flight). Locks of running jobs are renewed a few times per lock period.
 */
export function startWorker(app: FastifyInstance, options: WorkerOptions = {}): () => Promise<void> {
  const s = settings(options);
  const running = new Map<number, Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  let again = false;

  const renew = setInterval(() => {
    if (running.size === 0) return;
    void app.db
      .query("UPDATE jobs SET locked_until = now() + make_interval(secs => $2) WHERE id = ANY($1::bigint[]) AND state = 'active'", [[...running.keys()], s.lockSeconds])
      .catch((error) => app.log.error({ err: error }, 'job lock renewal failed'));
  }, (s.lockSeconds * 1000) / 3);
  renew.unref();

  const tick = async () => {
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    try {
      await enqueueDueSchedules(app);
      const free = s.concurrency - running.size;
      const jobs = free > 0 ? await claim(app, free, s.lockSeconds) : [];
      for (const job of jobs) {
        const done = run(app, job, s.backoffSeconds).finally(() => {
          running.delete(job.id);
          // A finished job frees a slot: look again at once rather than at the next poll.
          if (!stopped) schedule(0);
        });
        running.set(job.id, done);
      }
    } catch (error) {
      app.log.error({ err: error }, 'job poll failed');
    }
    ticking = false;
    if (!stopped) schedule(again ? 0 : s.pollMs);
    again = false;
  };
  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  };
  schedule(0);

  return async () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(renew);
    await Promise.allSettled(running.values());
  };
}

/** Finished jobs are kept a week for inspection, then deleted (part of the daily clean-up). */
export async function pruneJobs(q: Queryable): Promise<void> {
  await q.query("DELETE FROM jobs WHERE state IN ('done', 'failed') AND finished_at < now() - interval '7 days'");
}
