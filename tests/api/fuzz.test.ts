/**
 * Property-based tests of the write endpoints with fast-check: well over a thousand
 * malformed bodies (wrong types, unknown and missing fields, over-long text, text
 * PostgreSQL cannot store, ids that do not exist, stale versions, cross-field and money
 * rule violations, broken JSON) across create, update, transition, message and
 * settings endpoints. None may answer 5xx or 2xx, and nothing may be written: every
 * table's row count, the versions of the main records and the audit log are the same
 * afterwards.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { addWebUrlFormat } from '../../server/input.ts';
import fc from 'fast-check';
import { TransitionBody } from '../../common/common.ts';
import { COLLECTIONS, collection } from '../../common/registry.ts';
import { settingsPatchOf } from '../../common/settings.ts';
import { book, catalogFor, i18n, inDays, startDomain, tableCounts, type Catalog, type Domain, type Json, type Who } from './resources.fixtures.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);

let d: Domain;
let c: Catalog;
const ajv = addFormats.default(new Ajv({ allErrors: true, coerceTypes: false, useDefaults: true, strict: false }));
addWebUrlFormat(ajv, false);

interface Endpoint {
  name: string;
  method: 'POST' | 'PATCH';
  url: string;
  who: Who;
  schema: Json;
  valid: Json;
  /** Fields that point at other records (a random id must be refused). */
  refs: string[];
  /** Bodies that pass the schema but break a domain rule. */
  domainBreakers?: Json[];
}
const endpoints: Endpoint[] = [];

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
  const paid = await book(d, d.vendor, c, { payment_method: 'cash' });
  const unpaid = await book(d, d.vendor, c);
  const payment = (await d.ok(d.vendor, 'GET', `/payments/?booking_id=${paid.id}`)).results[0];
  const conversation = await d.ok(d.vendor, 'POST', '/conversations/', { kind: 'customer', customer_id: c.customer.id });
  const topic = await d.ok(d.admin, 'POST', '/topics/', { key: 'news', name_i18n: i18n('News') });
  const valid: Record<string, Json> = {
    bookings: { customer_id: c.customer.id, service_id: c.service.id, starts_at: inDays(9), participants: { adult: 1 } },
    combos: { title_i18n: i18n('C'), items: [{ service_id: c.service.id, required: true }, { service_id: c.manualService.id, required: false }], pricing: 'fixed', price: 1000 },
    refunds: { booking_id: paid.id, amount: 100, reason: 'x' },
    locations: { name_i18n: i18n('L'), wilaya_code: '01', branch_id: c.branch.id },
    services: { title_i18n: i18n('S'), category_id: c.category.id, duration_minutes: 30, capacity: 3, location_id: c.location.id },
    'service-slots': { service_id: c.service.id, starts_at: inDays(30), capacity: 3 },
    'price-rules': { service_id: c.service.id, customer_type: 'adult', amount: 100 },
    categories: { name_i18n: i18n('Cat'), parent_id: c.category.id },
    amenities: { name_i18n: i18n('A') },
    interests: { name_i18n: i18n('I') },
    adventures: { title_i18n: i18n('Adv'), days: 2, itinerary: [{ day: 1, title: 'x', service_id: c.service.id }] },
    media: { url: 'https://cdn.example.test/x.jpg', owner_type: 'service' },
    coupons: { code: 'FUZZ10', kind: 'percent', value: 10, service_ids: [c.service.id] },
    discounts: { name_i18n: i18n('D'), kind: 'fixed', value: 10 },
    deals: { title_i18n: i18n('Deal'), service_ids: [c.service.id], discount_percent: 5, starts_at: inDays(1), ends_at: inDays(2) },
    payments: { booking_id: unpaid.id, amount: 100, method: 'cash' },
    'payment-invitations': { booking_id: unpaid.id, amount: 100, invitee_phone: '+213 661 00 00 00' },
    'payment-splits': { payment_id: payment.id },
    customers: { name: 'N', phone: '+213 555 000 000' },
    'loyalty-entries': { customer_id: c.customer.id, points: 5, reason: 'x' },
    'wallet-transactions': { customer_id: c.customer.id, kind: 'credit', source: 'top_up', amount: 5, reason: 'x' },
    reviews: { booking_id: paid.id, rating: 3 },
    vendors: { trade_name: 'T', legal_name: 'L' },
    branches: { name: 'B' },
    notifications: { title_i18n: i18n('T'), body_i18n: i18n('B'), channel: 'push', audience_type: 'topic', topic_id: topic.id },
    topics: { key: 'other', name_i18n: i18n('O') },
    conversations: { kind: 'customer', customer_id: c.customer.id },
    tickets: { requester_type: 'vendor', requester_name: 'R', subject: 'S', booking_id: paid.id },
    'chatbot-requests': { transcript: [], customer_id: c.customer.id },
    'help-articles': { slug: 'fuzz', title_i18n: i18n('H'), body_i18n: i18n('B'), audience: 'all' },
    banners: { image_url: 'https://cdn.example.test/b.jpg' },
    'reason-codes': { kind: 'refund', code: 'fuzz_code', label_i18n: { en: 'Fuzz', fr: 'Fuzz', ar: 'فحص' } },
  };
  // Records to PATCH and to send events to.
  const existing: Record<string, Json> = {
    bookings: paid, services: c.service, locations: c.location, customers: c.customer, branches: c.branch, categories: c.category,
    payments: payment, conversations: conversation, topics: topic,
    vendors: await d.ok(d.admin, 'GET', `/vendors/${d.vendorId}/`),
    coupons: await d.ok(d.vendor, 'POST', '/coupons/', { code: 'EXIST', kind: 'fixed', value: 100 }),
    refunds: await d.ok(d.vendor, 'POST', '/refunds/', { booking_id: paid.id, amount: 100, reason: 'x' }),
    tickets: await d.ok(d.vendor, 'POST', '/tickets/', { requester_type: 'vendor', requester_name: 'R', subject: 'S' }),
  };
  const patches: Record<string, Json> = {
    bookings: { notes: 'n' }, services: { capacity: 4 }, locations: { commune: 'c' }, customers: { notes: 'n' }, branches: { name: 'b' },
    categories: { sort_order: 1 }, payments: { notes: 'n' }, conversations: { subject: 's' }, topics: { description: 'd' }, vendors: { contact_name: 'x' },
    coupons: { value: 5 }, refunds: { reason: 'r' }, tickets: { priority: 'low' },
  };
  const breakers: Record<string, Json[]> = {
    bookings: [{ participants: { adult: 0 } }, { participants: { infant: 1 } }, { starts_at: '2001-01-01T00:00:00Z' }, { coupon_code: 'NOPE' }, { extras: [{ key: 'spa', quantity: 1 }] }, { participants: { adult: 400 } }],
    refunds: [{ amount: 10_000_000_000 }, { reason_code: 'weather' }, { reason: null }],
    payments: [{ amount: 10_000_000_000 }],
    'payment-invitations': [{ amount: 10_000_000_000 }, { expires_at: '2001-01-01T00:00:00Z' }],
    coupons: [{ value: 101 }, { booking_from: inDays(5), booking_to: inDays(1) }],
    discounts: [{ kind: 'percent', value: 500 }],
    deals: [{ starts_at: inDays(5), ends_at: inDays(1) }],
    'price-rules': [{ valid_from: '2030-01-02', valid_to: '2030-01-01' }],
    'service-slots': [{ ends_at: '2001-01-01T00:00:00Z' }],
    combos: [{ pricing: 'percent_of_parts' }],
    'wallet-transactions': [{ kind: 'debit', source: 'adjustment', amount: 10_000_000 }, { kind: 'credit', source: 'refund' }],
    'loyalty-entries': [{ points: -1_000_000 }],
    reviews: [{ booking_id: unpaid.id }],
    'payment-splits': [{ commission_percent: 10 }],
    notifications: [{ audience_type: 'customer' }],
    services: [{ min_participants: 10, max_participants: 2 }],
    banners: [{ starts_at: inDays(3), ends_at: inDays(1) }],
    topics: [{ key: 'news' }],
    'help-articles': [],
  };
  for (const spec of COLLECTIONS) {
    if (spec.parent) continue;
    const who = spec.access.create === 'staff' || spec.vendorRule === 'none' ? d.admin : d.vendor;
    const refs = [...Object.keys(spec.refs ?? {}).filter((r) => !r.includes('.') && r !== 'vendor_id'), ...(spec.vendorFrom ? [spec.vendorFrom.field] : [])];
    if (spec.create && valid[spec.name]) {
      endpoints.push({ name: `create ${spec.name}`, method: 'POST', url: `/${spec.name}/`, who, schema: spec.create as Json, valid: valid[spec.name], refs, domainBreakers: breakers[spec.name] });
    }
    const record = existing[spec.name];
    if (spec.patch && record && patches[spec.name]) {
      endpoints.push({
        name: `update ${spec.name}`, method: 'PATCH', url: `/${spec.name}/${record.id}/`, who: record.vendor_id ? d.vendor : d.admin,
        schema: spec.patch as Json, valid: { ...patches[spec.name], version: record.version }, refs: refs.filter((r) => r in (spec.patch!.properties as object)),
      });
    }
    if (spec.lifecycle && record) {
      endpoints.push({
        name: `transition ${spec.name}`, method: 'POST', url: `/${spec.name}/${record.id}/transition/`, who: record.vendor_id ? d.vendor : d.admin,
        schema: TransitionBody as Json, valid: { event: 'teleport', version: record.version }, refs: [],
      });
    }
  }
  endpoints.push({ name: 'message', method: 'POST', url: `/conversations/${conversation.id}/messages/`, who: d.vendor, schema: collection('messages').create as Json, valid: { body: 'hi' }, refs: [] });
  const business = await d.ok(d.admin, 'GET', '/settings/business/');
  endpoints.push({
    name: 'settings business', method: 'PATCH', url: '/settings/business/', who: d.admin, schema: settingsPatchOf('business') as Json,
    valid: { hold_minutes: 30, version: business.version }, refs: [],
  });
});
after(() => d.close());

// Judged as sent: JSON turns NaN and Infinity into null, which a nullable field accepts.
const schemaRejects = (schema: Json, body: unknown) => !ajv.validate(schema, JSON.parse(JSON.stringify(body)));
const props = (schema: Json) => Object.keys((schema.properties as Json) ?? {});

/** Malformed bodies for one endpoint, each guaranteed to be refused. */
function malformed(ep: Endpoint): fc.Arbitrary<{ body: unknown; raw?: string; kind: string }> {
  const keys = Object.keys(ep.valid);
  const known = new Set(props(ep.schema));
  const required = (ep.schema.required as string[] | undefined) ?? [];
  const anyValue = fc.oneof(
    fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.string({ maxLength: 20 }), fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }), fc.constant(''), fc.constant(-1), fc.constant(2 ** 53),
  );
  const arbs: fc.Arbitrary<{ body: unknown; raw?: string; kind: string }>[] = [
    // Not an object at all.
    fc.oneof(fc.integer(), fc.string({ maxLength: 30 }), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }), fc.constant(null)).map((body) => ({ body, kind: 'not an object' })),
    // Broken or hostile JSON text.
    fc.constantFrom('{', '{"a":', '[1,', '{"__proto__": {"admin": true}}', '{"constructor": {"prototype": {"x": 1}}}', 'nul\u0000', '{"version": 1e400}').map((raw) => ({ body: undefined, raw, kind: 'raw' })),
    // An unknown field.
    fc.tuple(fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !known.has(k) && k !== '__proto__'), fc.jsonValue({ maxDepth: 1 }))
      .map(([k, v]) => ({ body: { ...ep.valid, [k]: v }, kind: 'unknown field' })),
    // A known field with a value of the wrong type or out of range.
    fc.tuple(fc.constantFrom(...(keys.length ? keys : ['version'])), anyValue)
      .map(([k, v]) => ({ body: { ...ep.valid, [k]: v }, kind: 'wrong value' }))
      .filter(({ body }) => schemaRejects(ep.schema, body)),
    // Text over its limit, or text that cannot be stored.
    fc.tuple(fc.constantFrom(...(keys.length ? keys : ['version'])), fc.constantFrom('long', 'nul', 'surrogate'))
      .map(([k, how]) => {
        const v = ep.valid[k];
        const text = how === 'long' ? 'x'.repeat(20_001) : how === 'nul' ? 'a\u0000b' : 'a\ud800b';
        const replaced = typeof v === 'string' ? text : v && typeof v === 'object' && !Array.isArray(v) && 'en' in v ? { ...v, en: text } : text;
        return { body: { ...ep.valid, [k]: replaced }, kind: `text ${how}` };
      }),
  ];
  if (required.length > 0) {
    arbs.push(fc.constantFrom(...required).map((k) => {
      const { [k]: _dropped, ...rest } = ep.valid;
      return { body: rest, kind: 'missing field' };
    }));
  }
  if (ep.refs.length > 0) {
    arbs.push(fc.tuple(fc.constantFrom(...ep.refs), fc.uuid({ version: 4 })).map(([k, id]) => ({
      body: { ...ep.valid, [k]: Array.isArray(ep.valid[k]) || k.endsWith('_ids') ? [id] : id }, kind: 'unknown id',
    })));
  }
  if ('version' in ep.valid) arbs.push(fc.integer({ min: 1, max: 1000 }).map((n) => ({ body: { ...ep.valid, version: ep.valid.version + n }, kind: 'stale version' })));
  if (ep.domainBreakers?.length) arbs.push(fc.constantFrom(...ep.domainBreakers).map((b) => ({ body: { ...ep.valid, ...b }, kind: 'domain rule' })));
  return fc.oneof(...arbs);
}

test(`${RUNS} malformed bodies across the write endpoints: never 5xx, never a write`, async () => {
  assert.ok(endpoints.length >= 40, `only ${endpoints.length} endpoints`);
  const before = await tableCounts(d);
  const seen: Record<string, number> = {};
  const statuses: Record<number, number> = {};
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...endpoints).chain((ep) => malformed(ep).map((m) => ({ ep, ...m }))),
      async ({ ep, body, raw, kind }) => {
        const res = raw !== undefined
          ? await d.call(ep.who, ep.method, ep.url, raw)
          : await d.call(ep.who, ep.method, ep.url, body === undefined ? 'null' : JSON.stringify(body));
        seen[kind] = (seen[kind] ?? 0) + 1;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        assert.ok(res.status >= 400 && res.status < 500, `${ep.name} (${kind}) ${JSON.stringify(body ?? raw)?.slice(0, 300)} -> ${res.status} ${JSON.stringify(res.body)}`);
        assert.equal(typeof res.body?.detail, 'string', 'errors have a detail');
        if (res.status === 400 && res.body.errors) {
          for (const messages of Object.values(res.body.errors)) assert.ok(Array.isArray(messages) && messages.length > 0);
        }
      },
    ),
    { numRuns: RUNS },
  );
  if (process.env.FUZZ_VERBOSE) console.log(seen, statuses);
  assert.deepEqual(await tableCounts(d), before);
  assert.ok(Object.keys(seen).length >= 8, JSON.stringify(seen));
  assert.ok(Object.keys(statuses).every((s) => Number(s) < 500));
});

test('valid versions of the fuzzed bodies do go through (the malformed ones failed for their mutation)', async () => {
  const ep = endpoints.find((e) => e.name === 'create customers')!;
  await d.ok(ep.who, 'POST', ep.url, ep.valid);
  const tag = endpoints.find((e) => e.name === 'create amenities')!;
  await d.ok(tag.who, 'POST', tag.url, tag.valid);
});
