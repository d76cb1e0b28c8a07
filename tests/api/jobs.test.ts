/**
 * The job queue: enqueued in the caller's transaction (a rollback leaves no job),
 * retries with back-off then a failed state, run_at, singleton keys, a job left by a
 * dead instance taken again, two workers never running one job twice, recurring
 * schedules once, and the time-driven jobs (holds and payment links, loyalty expiry)
 * running through it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import '../../server/jobs/index.ts';
import { enqueue, registerJob, registerSchedule, runDueJobs, startWorker } from '../../server/jobs/queue.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const jobs = (name: string) => t.db.query<Record<string, any>>('SELECT * FROM jobs WHERE name = $1 ORDER BY id', [name]).then((r) => r.rows);

test('a job exists only when the transaction that enqueued it commits', async () => {
  const ran: unknown[] = [];
  registerJob('test.tx', async (data) => void ran.push(data));
  await assert.rejects(t.db.transaction(async (tx) => {
    await enqueue(tx, 'test.tx', { n: 1 });
    throw new Error('rolled back');
  }));
  await t.db.transaction((tx) => enqueue(tx, 'test.tx', { n: 2 }));
  await runDueJobs(t.app);
  assert.deepEqual(ran, [{ n: 2 }]);
  const [job] = await jobs('test.tx');
  assert.equal(job.state, 'done');
  assert.equal(job.attempts, 1);
});

test('a failing job is retried with growing back-off, then kept as failed with its error', async () => {
  let calls = 0;
  registerJob('test.flaky', async () => {
    calls += 1;
    if (calls < 3) throw new Error(`attempt ${calls} failed`);
  });
  await enqueue(t.db, 'test.flaky', {});
  await runDueJobs(t.app, { backoffSeconds: 60 });
  let [job] = await jobs('test.flaky');
  assert.equal(job.state, 'queued', 'waiting for its retry');
  assert.equal(job.last_error, 'attempt 1 failed');
  const wait = Date.parse(job.run_at) - Date.now();
  assert.ok(wait > 50_000 && wait <= 60_000, `first retry in about a minute (${wait} ms)`);
  // Bring the retry forward: the second wait doubles.
  await t.db.query('UPDATE jobs SET run_at = now() WHERE id = $1', [job.id]);
  await runDueJobs(t.app, { backoffSeconds: 60 });
  [job] = await jobs('test.flaky');
  const second = Date.parse(job.run_at) - Date.now();
  assert.ok(second > 110_000 && second <= 120_000, `second retry in about two minutes (${second} ms)`);
  await t.db.query('UPDATE jobs SET run_at = now() WHERE id = $1', [job.id]);
  await runDueJobs(t.app);
  [job] = await jobs('test.flaky');
  assert.equal(job.state, 'done');
  assert.equal(job.attempts, 3);

  registerJob('test.broken', async () => {
    throw new Error('always broken');
  });
  await enqueue(t.db, 'test.broken', {}, { retryLimit: 2 });
  await runDueJobs(t.app, { backoffSeconds: 0 });
  const [broken] = await jobs('test.broken');
  assert.equal(broken.state, 'failed');
  assert.equal(broken.attempts, 3, 'the first run and two retries');
  assert.equal(broken.last_error, 'always broken');
});

test('run_at holds a job back; a singleton key keeps one waiting job', async () => {
  const ran: string[] = [];
  registerJob('test.later', async (data) => void ran.push(data.tag));
  await enqueue(t.db, 'test.later', { tag: 'later' }, { runAt: new Date(Date.now() + 60_000) });
  await enqueue(t.db, 'test.later', { tag: 'one' }, { singletonKey: 'k' });
  await enqueue(t.db, 'test.later', { tag: 'two' }, { singletonKey: 'k' });
  await runDueJobs(t.app);
  assert.deepEqual(ran, ['one']);
  assert.equal((await jobs('test.later')).length, 2, 'the second singleton was dropped');
  await enqueue(t.db, 'test.later', { tag: 'three' }, { singletonKey: 'k' });
  await runDueJobs(t.app);
  assert.deepEqual(ran, ['one', 'three'], 'once the first ran, the key is free again');
});

test('a job whose instance died (lock ran out) is taken again; a live lock is left alone', async () => {
  const ran: number[] = [];
  registerJob('test.orphan', async (data) => void ran.push(data.n));
  await t.db.query(
    `INSERT INTO jobs (name, data, state, attempts, locked_until) VALUES
       ('test.orphan', '{"n": 1}', 'active', 1, now() - interval '1 second'),
       ('test.orphan', '{"n": 2}', 'active', 1, now() + interval '1 minute')`,
  );
  await runDueJobs(t.app);
  assert.deepEqual(ran, [1]);
});

test('two workers running at once never run one job twice', async () => {
  const runs = new Map<number, number>();
  registerJob('test.many', async (data) => {
    runs.set(data.n, (runs.get(data.n) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, 1));
  });
  for (let n = 0; n < 60; n++) await enqueue(t.db, 'test.many', { n });
  const stops = [startWorker(t.app, { pollMs: 20, concurrency: 3 }), startWorker(t.app, { pollMs: 20, concurrency: 3 })];
  const deadline = Date.now() + 20_000;
  while (runs.size < 60 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  await Promise.all(stops.map((stop) => stop()));
  assert.equal(runs.size, 60);
  assert.ok([...runs.values()].every((count) => count === 1), 'each job ran once');
});

test('a recurring schedule runs once per period, whichever worker looks', async () => {
  let ticks = 0;
  registerJob('test.tick', async () => void (ticks += 1));
  registerSchedule('test.tick', 3600);
  await runDueJobs(t.app);
  await runDueJobs(t.app);
  assert.equal(ticks, 1);
  const [{ next_run_at }] = (await t.db.query<{ next_run_at: string }>("SELECT next_run_at FROM job_schedules WHERE name = 'test.tick'")).rows;
  assert.ok(Date.parse(next_run_at) > Date.now() + 3_500_000, 'the next run is an hour ahead');
});

test('expiring holds and payment links, loyalty expiry and the notification sweep run as scheduled jobs', async () => {
  await runDueJobs(t.app);
  for (const name of ['holds.expire', 'loyalty.expire', 'notifications.sweep', 'jobs.prune']) {
    const done = (await jobs(name)).filter((job) => job.state === 'done');
    assert.ok(done.length >= 1, `${name} ran`);
  }
});
