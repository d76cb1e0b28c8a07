/**
 * One definition of each group of statuses: tags on the lifecycle charts' states, read with
 * `statusesTagged(lifecycle, tag)` by the server and the SPA alike. A list of two or more
 * status literals of one chart written out elsewhere (an array, or an SQL `IN (...)`) is a
 * second definition that can drift: this test names each one. The charts, the migrations
 * (history, as it was written), common/statuses.ts (the enums, checked against the
 * charts below) and the demo data (seeded picks, not rules) may list statuses.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BOOKING_STATUSES, PAYMENT_STATUSES, REFUND_STATUSES } from '../../common/statuses.ts';
import { LIFECYCLES, sqlStatusesTagged, statesOf, statusesTagged, type LifecycleName } from '../../common/lifecycles/index.ts';

const ALLOWED = [/^common\/lifecycles\//, /^server\/db\/migrations\//, /^common\/statuses\.ts$/, /^server\/db\/demoData\.ts$/, /^common\/collections\.ts$/];
/** Charts whose statuses are groups the rules read (others' names are too common a word to scan for). */
const SCANNED: LifecycleName[] = ['booking', 'refund', 'payment'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // A test (`*.test.ts` beside its module) writes out the statuses it expects; that defines no group.
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Each written-out list: `['a', 'b']` in code, `IN ('a', 'b')` in SQL. */
function lists(text: string): string[][] {
  const found: string[][] = [];
  for (const match of text.matchAll(/\[\s*((?:'[a-z_]+'\s*,\s*)+'[a-z_]+')\s*,?\s*\]|\b[Ii][Nn]\s*\(\s*((?:'[a-z_]+'\s*,\s*)+'[a-z_]+')\s*\)/g)) {
    found.push([...(match[1] ?? match[2]).matchAll(/'([a-z_]+)'/g)].map((m) => m[1]));
  }
  return found;
}

test('no group of statuses is written out outside the charts', () => {
  const statusSets = SCANNED.map((name) => new Set(statesOf(name)));
  const offenders: string[] = [];
  for (const path of [...sources('src'), ...sources('common'), ...sources('server'), ...sources('scripts')]) {
    if (ALLOWED.some((allowed) => allowed.test(path))) continue;
    for (const list of lists(readFileSync(path, 'utf8'))) {
      if (statusSets.some((statuses) => list.every((s) => statuses.has(s)))) offenders.push(`${path}: ${list.join(', ')}`);
    }
  }
  assert.deepEqual(offenders, []);
});

test('the groups the rules read, from the charts', () => {
  assert.deepEqual(statusesTagged('booking', 'closed'), ['declined', 'expired', 'cancelled']);
  assert.deepEqual(statusesTagged('booking', 'holding'), ['requested', 'confirmed', 'checked_in', 'no_show']);
  assert.deepEqual(statusesTagged('booking', 'changeable'), ['requested', 'confirmed']);
  assert.deepEqual(statusesTagged('refund', 'committed'), ['requested', 'approved', 'processing', 'succeeded']);
  assert.equal(sqlStatusesTagged('booking', 'closed'), "('declined', 'expired', 'cancelled')");
  assert.throws(() => statusesTagged('booking', 'no_such_tag'), /tagged no_such_tag/);
  // Holding and closed split every booking status but completed (which holds nothing and is not closed).
  const grouped = [...statusesTagged('booking', 'holding'), ...statusesTagged('booking', 'closed')];
  assert.deepEqual(statesOf('booking').filter((s) => !grouped.includes(s)), ['completed']);
});

test('the status enums are the charts\' states', () => {
  assert.deepEqual([...BOOKING_STATUSES].sort(), statesOf('booking').sort());
  assert.deepEqual([...REFUND_STATUSES].sort(), statesOf('refund').sort());
  assert.deepEqual([...PAYMENT_STATUSES].sort(), statesOf('payment').sort());
  assert.ok(Object.keys(LIFECYCLES).length >= SCANNED.length);
});
