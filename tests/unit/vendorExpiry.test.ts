/** The vendor page's document alert: its heading follows what the list holds. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { algeriaToday, expiryHeading } from '../../src/views/vendors/expiry.ts';

test('expired documents are headed as expired, not as expiring', () => {
  const today = '2026-11-24';
  assert.equal(expiryHeading(['2026-12-01'], today), 'vendors.expiry.title');
  assert.equal(expiryHeading(['2026-11-24'], today), 'vendors.expiry.title', 'a document expiring today is still valid today');
  assert.equal(expiryHeading(['2026-10-01'], today), 'vendors.expiry.titleExpired');
  assert.equal(expiryHeading(['2026-10-01', '2026-12-01'], today), 'vendors.expiry.titleMixed');
});

test('today is Algeria\'s day (UTC+1)', () => {
  assert.equal(algeriaToday(Date.parse('2026-11-24T23:30:00Z')), '2026-11-25');
});
