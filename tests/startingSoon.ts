/**
 * A start time whose check-in is open now, for the API and browser tests of check-in:
 * check-in opens only on the activity's own day in Algeria (common/lifecycles/context.ts),
 * so "in 40 minutes" fails a test run late in the evening. The start is `minutes` ahead, or
 * sooner when Algeria's midnight is nearer; in the last two minutes of the day it waits
 * for the new one (`onWait` is told how long first, for a test to extend its timeout).
 */
import { ALGERIA_UTC_OFFSET_MINUTES } from '../common/time.ts';

const DAY = 86_400_000;
const toAlgerianMidnight = () => DAY - ((Date.now() + ALGERIA_UTC_OFFSET_MINUTES * 60_000) % DAY);

export async function startingSoonToday(minutes: number, onWait?: (ms: number) => void): Promise<Date> {
  if (toAlgerianMidnight() < 2 * 60_000) {
    const wait = toAlgerianMidnight() + 5_000;
    onWait?.(wait);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const start = new Date(Date.now() + Math.min(minutes * 60_000, toAlgerianMidnight() - 60_000));
  // Whole minutes, as the forms show them; still ahead of now.
  start.setUTCSeconds(0, 0);
  return start;
}
