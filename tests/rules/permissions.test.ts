/**
 * One permission rule for the SPA: `can()` answers from the registry's access rules, and
 * no view decides who is staff by itself (reading `admin` is common/permissions.ts's).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { bookings, customers, payouts, walletTransactions } from '../../common/collections.ts';
import { can, isStaff } from '../../common/permissions.ts';

const staff = { admin: true, vendor_id: null };
const sahara = { admin: false, vendor_id: 'v-sahara' };

test('staff may do what a collection allows anyone or staff; vendor staff what it allows anyone, on their own records', () => {
  assert.equal(isStaff(staff), true);
  assert.equal(isStaff(sahara), false);
  assert.equal(isStaff(null), false);
  assert.equal(can(staff, 'update', customers), true);
  assert.equal(can(sahara, 'update', customers), false, 'customers are changed by staff only');
  assert.equal(can(sahara, 'create', customers), true);
  assert.equal(can(sahara, 'list', walletTransactions), false, 'the wallet ledger is staff\'s');
  assert.equal(can(staff, 'create', payouts), false, 'payouts are built, never created as records');
  assert.equal(can(staff, 'transition', payouts), true);
  assert.equal(can(sahara, 'transition', payouts), false);
  assert.equal(can(sahara, 'update', bookings, { vendor_id: 'v-sahara' }), true);
  assert.equal(can(sahara, 'update', bookings, { vendor_id: 'v-kabylie' }), false, 'another vendor\'s booking');
  assert.equal(can(sahara, 'update', bookings, { vendor_id: null }), false, 'a platform record is staff\'s');
  assert.equal(can(null, 'read', bookings), false);
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // A test beside a module (`*.test.ts`) may build a staff user; it decides nothing.
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

test('no view or app module reads `admin` itself: it asks useStaff(), useCan() or isStaff()', () => {
  const offenders = [...sources('src/views'), ...sources('src/app')]
    .filter((path) => /\.admin\b/.test(readFileSync(path, 'utf8')))
    .sort();
  assert.deepEqual(offenders, []);
});
