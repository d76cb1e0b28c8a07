/** The payment chart: a card payment's outcome is the gateway's; by hand only staff, with a reason. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allowedEvents, evaluateTransition, type ActorRole } from './index.ts';

const at = (role: ActorRole, method: string) => ({ now: new Date().toISOString(), role, record: { method } });

test('vendor staff are not offered pay, fail or expire on a pending card payment; staff and the gateway are', () => {
  for (const method of ['cib', 'edahabia']) {
    assert.deepEqual(allowedEvents('payment', 'pending', at('vendor', method)).sort(), ['cancel']);
    assert.deepEqual(allowedEvents('payment', 'pending', at('staff', method)).sort(), ['cancel', 'expire', 'fail', 'pay']);
    assert.deepEqual(allowedEvents('payment', 'pending', at('system', method)).sort(), ['cancel', 'expire', 'fail', 'pay']);
  }
});

test('a vendor sending pay is refused as a role (403); staff must say why; the gateway needs no reason', () => {
  const vendor = evaluateTransition('payment', 'pending', { type: 'pay', reason: 'Paid' }, at('vendor', 'cib'));
  assert.equal(vendor.ok, false);
  assert.equal(!vendor.ok && vendor.code, 'role');
  const staff = evaluateTransition('payment', 'pending', { type: 'pay' }, at('staff', 'cib'));
  assert.equal(!staff.ok && staff.field, 'reason');
  assert.deepEqual(evaluateTransition('payment', 'pending', { type: 'pay', reason: 'On the statement' }, at('staff', 'cib')), { ok: true, next: 'paid' });
  assert.deepEqual(evaluateTransition('payment', 'pending', { type: 'pay' }, at('system', 'cib')), { ok: true, next: 'paid' });
});
