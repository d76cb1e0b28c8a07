/** The commission rate beside a payment: the vendor's rate, or the effective one when the platform funded part of a discount. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fundedSplit } from './payouts.ts';
import { commissionRate } from '../../src/views/payments/ledger/commissionRate.ts';

test("a plain payment shows the vendor's rate, rounding aside", () => {
  assert.deepEqual(commissionRate(120_000, 1_000_000, 12), { effective: 0.12, nominal: 0.12, funded: false });
  assert.equal(commissionRate(1_200, 10_005, 12)?.funded, false, 'one minor unit of rounding');
  assert.equal(commissionRate(-5_000, -50_000, null), null, 'a refund has no rate');
});

test('a payment with a platform-funded discount shows what the platform kept', () => {
  // 11,430 paid on a booking of 20,000 of which the platform funds 8,570: 12% of the full price, minus the funded part.
  const split = fundedSplit(1_143_000, 1_143_000, 857_000, 12, 0);
  const rate = commissionRate(split.platform_commission, 1_143_000, 12);
  assert.ok(rate?.funded);
  assert.equal(rate.nominal, 0.12);
  assert.equal(rate.effective, split.platform_commission / 1_143_000);
  assert.ok(rate.effective < 0.12);
});
