// A notification to 10,000 email recipients (BENCH_SEND_RECIPIENTS) delivered over SMTP to a
// local SMTP server: total time from the send to the last delivery marked, and resident
// memory at its peak during the send. In process on PGlite in memory, and on PostgreSQL
// too when BENCH_DATABASE_URL is set (bench/lib/notificationSend.ts).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RECIPIENTS = Number(process.env.BENCH_SEND_RECIPIENTS ?? 10_000);

function measure(env, log, label) {
  log(`  ${label}: sending to ${RECIPIENTS.toLocaleString('en')} recipients …`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/lib/notificationSend.ts', String(RECIPIENTS)], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`the notification send benchmark failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

export default {
  name: 'notification-send',
  title: `A notification to ${RECIPIENTS.toLocaleString('en')} email recipients over SMTP`,
  async run({ log }) {
    const notes = ['The local SMTP server receiving the messages runs in the same process; its memory is included.'];
    const rows = [];
    const cases = [['PGlite', { DATABASE_URL: '' }]];
    if (process.env.BENCH_DATABASE_URL) cases.push(['PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL }]);
    else notes.push('PostgreSQL: skipped (set BENCH_DATABASE_URL).');
    for (const [label, env] of cases) {
      const f = measure(env, log, label);
      rows.push([
        label,
        `${(f.ms / 1000).toFixed(1)} s`,
        `${Math.round((f.delivered / f.ms) * 1000).toLocaleString('en')}/s`,
        `${f.delivered.toLocaleString('en')} (${f.status})`,
        f.received.toLocaleString('en'),
        `${Math.round(f.baselineMb)} MB`,
        `${Math.round(f.peakMb)} MB`,
      ]);
    }
    return { notes, columns: ['database', 'total', 'rate', 'delivered', 'received', 'RSS before', 'peak RSS'], rows };
  },
};
