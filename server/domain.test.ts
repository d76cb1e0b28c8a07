import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { addWebUrlFormat, isWebUrl } from './input.ts';
import {
  BOOKING_STATUSES, COLLECTIONS, SettingsSchemas, WILAYAS, bookingMoney, localDay, promotionAmount, quoteBooking, type PricingInput,
} from '../common/index.ts';

const ajv = addFormats.default(new Ajv({ allErrors: true, strict: false }));
addWebUrlFormat(ajv, false);

/** Walks a JSON schema and reports every string without maxLength and array without maxItems. */
function unbounded(schema: unknown, path = '$'): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const out: string[] = [];
  if (s.type === 'string' && s.maxLength === undefined && s.enum === undefined && s.const === undefined) out.push(path);
  if (s.type === 'array' && s.maxItems === undefined) out.push(path);
  for (const [k, v] of Object.entries(s)) {
    if (k === 'properties') for (const [p, ps] of Object.entries(v as object)) out.push(...unbounded(ps, `${path}.${p}`));
    else if (k === 'items' || k === 'not') out.push(...unbounded(v, `${path}[]`));
    else if (k === 'anyOf' || k === 'allOf' || k === 'oneOf') (v as unknown[]).forEach((x) => out.push(...unbounded(x, path)));
  }
  return out;
}

test('there are 58 wilayas with unique two-digit codes and names in three languages', () => {
  assert.equal(WILAYAS.length, 58);
  assert.deepEqual(WILAYAS.map((w) => w.code), Array.from({ length: 58 }, (_, i) => String(i + 1).padStart(2, '0')));
  for (const w of WILAYAS) assert.ok(w.name.en && w.name.fr && w.name.ar && Math.abs(w.lat) <= 90 && Math.abs(w.lng) <= 180);
});

test('every write schema bounds its strings and lists and rejects unknown fields', () => {
  for (const c of COLLECTIONS) {
    for (const [kind, schema] of [['create', c.create], ['patch', c.patch]] as const) {
      if (!schema) continue;
      assert.deepEqual(unbounded(schema), [], `${c.name} ${kind}`);
      assert.equal((schema as { additionalProperties?: unknown }).additionalProperties, false, `${c.name} ${kind}`);
      const validate = ajv.compile(schema);
      assert.equal(validate({ __nope: 1 }), false, `${c.name} ${kind} accepts an unknown field`);
    }
    if (c.patch) assert.ok((c.patch.required as string[]).includes('version'), `${c.name} patch requires version`);
  }
  for (const [section, schema] of Object.entries(SettingsSchemas)) assert.deepEqual(unbounded(schema), [], section);
});

test('the registry only whitelists fields the read shape has', () => {
  for (const c of COLLECTIONS) {
    const fields = Object.keys(c.read.properties);
    // A related filter is a condition on other records (declared with its SQL), not a field.
    const related = Object.keys(c.relatedFilters ?? {});
    for (const f of related) assert.ok(c.filters.includes(f) && !fields.includes(f), `${c.name}: related filter ${f} is listed and is no field`);
    for (const f of [...c.filters.filter((f) => !related.includes(f)), ...c.ordering, ...c.search]) assert.ok(fields.includes(f), `${c.name}: ${f}`);
    assert.ok(c.ordering.includes(c.defaultOrdering.replace(/^-/, '')), `${c.name} default ordering`);
    if (c.lifecycle) assert.ok(fields.includes('status'), `${c.name} has a status`);
  }
  assert.equal(new Set(COLLECTIONS.map((c) => c.name)).size, COLLECTIONS.length);
});

test('localDay judges dates in Algeria (UTC+1)', () => {
  assert.deepEqual(localDay('2025-03-01T23:30:00Z'), { date: '2025-03-02', weekday: 0 });
  assert.deepEqual(localDay('2025-03-01T22:59:00Z'), { date: '2025-03-01', weekday: 6 });
});

const service: PricingInput['service'] = {
  id: 's1', currency: 'DZD', customer_types: ['adult', 'child'], min_participants: 1, max_participants: 20,
  extras: [{ key: 'lunch', name_i18n: { en: 'Lunch', fr: 'Déjeuner', ar: 'غداء' }, price: 80000, per: 'person' }],
};
const rule = (over: Partial<PricingInput['rules'][number]>): PricingInput['rules'][number] => ({
  id: 'r', customer_type: 'adult', amount: 300000, per: 'person', valid_from: null, valid_to: null, weekdays: [], min_group_size: null,
  priority: 0, active: true, ...over,
});

test('a quote uses the best matching rule per customer type, extras and the coupon', () => {
  const result = quoteBooking({
    service,
    rules: [
      rule({ id: 'adult' }),
      rule({ id: 'adult-group', amount: 250000, min_group_size: 4 }),
      rule({ id: 'weekend', amount: 350000, weekdays: [5, 6], priority: 1 }),
      rule({ id: 'child', customer_type: 'child', amount: 150000 }),
      rule({ id: 'family', customer_type: 'child', amount: 500000, per: 'booking', valid_from: '2030-01-01' }),
    ],
    startsAt: '2025-03-03T09:00:00Z', // a Monday
    now: '2025-03-01T09:00:00Z',
    participants: { adult: 3, child: 2 },
    extras: [{ key: 'lunch', quantity: 5 }],
    coupon: {
      id: 'c', code: 'SPRING', kind: 'percent', value: 10, max_uses: null, per_customer_limit: null, booking_from: null, booking_to: null,
      travel_from: null, travel_to: null, service_ids: [], min_total: null, stackable: false, active: true, uses_count: 0,
    },
  });
  assert.ok(result.ok);
  const q = result.quote;
  assert.deepEqual(q.lines.map((l) => [l.rule_id, l.amount]), [['adult-group', 750000], ['child', 300000]]);
  assert.equal(q.subtotal, 750000 + 300000 + 400000);
  assert.equal(q.discount_amount, 145000);
  assert.equal(q.total, 1450000 - 145000);
  assert.equal(q.coupon_id, 'c');
});

test('a quote refuses unknown extras, missing prices and unusable coupons, field by field', () => {
  const result = quoteBooking({
    service, rules: [rule({})], startsAt: '2025-03-03T09:00:00Z', now: '2025-03-01T09:00:00Z',
    participants: { adult: 1, child: 1 }, extras: [{ key: 'spa', quantity: 1 }],
    coupon: {
      id: 'c', code: 'OLD', kind: 'fixed', value: 100, max_uses: 1, per_customer_limit: null, booking_from: null, booking_to: null,
      travel_from: null, travel_to: null, service_ids: [], min_total: null, stackable: false, active: true, uses_count: 1,
    },
  });
  assert.equal(result.ok, false);
  if (!result.ok) assert.deepEqual(Object.keys(result.errors).sort(), ['coupon_code', 'extras', 'participants.child']);
});

test('promotion amounts never exceed the subtotal', () => {
  assert.equal(promotionAmount({ kind: 'fixed', value: 10_000 }, 5_000, 1), 5_000);
  assert.equal(promotionAmount({ kind: 'per_person', value: 1_000 }, 50_000, 3), 3_000);
  assert.equal(promotionAmount({ kind: 'percent', value: 150 }, 5_000, 1), 5_000);
});

test('payment status and balance follow payments and refunds', () => {
  assert.deepEqual(bookingMoney({ total: 1000, paid: 0, refunded: 0, status: 'confirmed' }), { balance: 1000, payment_status: 'unpaid' });
  assert.deepEqual(bookingMoney({ total: 1000, paid: 300, refunded: 0, status: 'confirmed' }), { balance: 700, payment_status: 'deposit' });
  assert.deepEqual(bookingMoney({ total: 1000, paid: 1000, refunded: 0, status: 'confirmed' }), { balance: 0, payment_status: 'paid' });
  // A partial refund of a paid booking that goes ahead is money given back, not money owed again.
  assert.deepEqual(bookingMoney({ total: 898_000, paid: 898_000, refunded: 400_000, status: 'confirmed' }), { balance: 0, payment_status: 'partially_refunded' });
  assert.deepEqual(bookingMoney({ total: 1000, paid: 300, refunded: 100, status: 'confirmed' }), { balance: 700, payment_status: 'partially_refunded' });
  // Overpaid (repriced lower): owed to the customer until refunded, then settled.
  assert.deepEqual(bookingMoney({ total: 600, paid: 1000, refunded: 0, status: 'confirmed' }), { balance: -400, payment_status: 'paid' });
  assert.deepEqual(bookingMoney({ total: 600, paid: 1000, refunded: 100, status: 'confirmed' }), { balance: -300, payment_status: 'partially_refunded' });
  assert.deepEqual(bookingMoney({ total: 600, paid: 1000, refunded: 400, status: 'confirmed' }), { balance: 0, payment_status: 'partially_refunded' });
  assert.deepEqual(bookingMoney({ total: 1000, paid: 1000, refunded: 1000, status: 'cancelled' }), { balance: 0, payment_status: 'refunded' });
  assert.deepEqual(bookingMoney({ total: 0, paid: 0, refunded: 0, status: 'confirmed' }), { balance: 0, payment_status: 'paid' });
  assert.ok(BOOKING_STATUSES.includes('no_show'));
});

test('a stored address: https anywhere, http only on this machine and only in development, paths of this server', () => {
  for (const production of [false, true]) {
    assert.equal(isWebUrl('https://cdn.example.test/a.png', production), true);
    assert.equal(isWebUrl('/branch/api/media/1/320', production), true);
    for (const bad of ['javascript:alert(1)', ' https://x.test', 'https:x.test', '//x.test/a', '/\\x.test', 'http://x.test/a', 'mailto:a@b.c', '']) {
      assert.equal(isWebUrl(bad, production), false, bad);
    }
  }
  assert.equal(isWebUrl('http://localhost:3000/a.png', false), true);
  assert.equal(isWebUrl('http://127.0.0.1/a.png', false), true);
  assert.equal(isWebUrl('http://localhost:3000/a.png', true), false, 'production takes no http address');
});
