/**
 * The jobs that run with time, once across all instances: expiring holds and payment
 * links (every minute), loyalty points (hourly: a date is soon enough), due scheduled
 * notifications and stalled sends (every minute), old finished jobs (daily). Importing
 * this module registers them; server/main.ts starts the worker.
 */
import '../notifications/index.ts';
import { expirePoints } from '../customers/index.ts';
import { expireOverdue } from './sweeper.ts';
import { pruneJobs, registerJob, registerSchedule } from './queue.ts';
// Day-before booking reminders register themselves (every 15 minutes).
import '../notifications/reminders.ts';

registerJob('holds.expire', async (_data, app) => void (await expireOverdue(app)));
registerSchedule('holds.expire', 60);
registerJob('loyalty.expire', async (_data, app) => void (await expirePoints(app)));
registerSchedule('loyalty.expire', 3600);
registerSchedule('notifications.sweep', 60);
registerJob('jobs.prune', async (_data, app) => pruneJobs(app.db));
registerSchedule('jobs.prune', 86_400);

export { startWorker, runDueJobs } from './queue.ts';
