/**
 * The realtime channel (server/realtime/): each user gets only the events they may see,
 * only after the writing transaction committed, a reconnect with Last-Event-ID replays
 * what was missed, and on PostgreSQL a write on one instance reaches a client of another.
 * Clients are real HTTP streams read with fetch, like the SPA reads them.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/index.ts';
import { publishEvent } from '../../server/realtime/events.ts';
import { pruneEvents } from '../../server/realtime/hub.ts';
import { insertRecord } from '../../server/engine/records.ts';
import { COLLECTION_BY_NAME } from '../../common/registry.ts';
import { book, catalogFor, startDomain, type Domain, type Json, type Who } from './resources.fixtures.ts';

let d: Domain;
let base: string;

before(async () => {
  d = await startDomain();
  base = await d.t.app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => d.close());

interface Received {
  id?: string;
  event: string;
  data: Json;
}

/** An SSE client: collects events; `next` waits for one that matches. */
async function stream(url: string, who: Who, resume: { lastEventId?: string; query?: string; headers?: Record<string, string> } = {}) {
  const controller = new AbortController();
  const response = await fetch(`${url}/branch/api/events/${resume.query ?? ''}`, {
    headers: { authorization: `JWT ${who.token}`, ...(resume.lastEventId ? { 'last-event-id': resume.lastEventId } : {}), ...resume.headers },
    signal: controller.signal,
  });
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const at = line.indexOf(': ');
            fields[line.slice(0, at)] = line.slice(at + 2);
          }
          if (fields.data) received.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data) });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      /* aborted */
    }
    ended = true;
    for (const wake of waiters) wake();
  })();
  return {
    received,
    get ended() {
      return ended;
    },
    async next(match: (r: Received) => boolean, timeoutMs = 5_000): Promise<Received> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (ended) throw new Error('stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event; got ${JSON.stringify(received.map((r) => r.data))}`);
        await new Promise<void>((resolve) => {
          const wake = () => (waiters.delete(wake), resolve());
          waiters.add(wake);
          setTimeout(wake, left);
        });
      }
    },
    close: () => controller.abort(),
  };
}

const forRecord = (id: string) => (r: Received) => r.data.record_id === id;
/** A committed marker for one user: once it arrives, anything before it would have too. */
async function marker(who: Who): Promise<string> {
  const recordId = `marker-${Math.random().toString(36).slice(2)}`;
  await d.t.db.transaction((tx) => publishEvent(tx, { type: 'counters', recordId, audience: { userId: who.user.id } }));
  return recordId;
}

test('the stream needs a valid token', async () => {
  const res = await fetch(`${base}/branch/api/events/`);
  assert.equal(res.status, 401);
  const bad = await fetch(`${base}/branch/api/events/`, { headers: { authorization: 'JWT nope' } });
  assert.equal(bad.status, 401);
});

test('the stream is never compressed or cached, whatever the client accepts', async () => {
  const controller = new AbortController();
  const res = await fetch(`${base}/branch/api/events/`, {
    headers: { authorization: `JWT ${d.vendor.token}`, 'accept-encoding': 'gzip, deflate, br' },
    signal: controller.signal,
  });
  try {
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-encoding'), null);
    assert.match(res.headers.get('cache-control') ?? '', /no-transform/);
    assert.equal(res.headers.get('x-accel-buffering'), 'no');
    // The first bytes arrive at once: where the stream starts, for a reconnect.
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!/\nid: \d+\n\n/.test(text)) text += (await reader.read()).value ?? '';
    assert.match(text, /^: open\n\nid: \d+\n\n/);
  } finally {
    controller.abort();
  }
});

test('record events reach staff and the record’s vendor, never another vendor', async () => {
  const staff = await stream(base, d.admin);
  const own = await stream(base, d.vendor);
  const other = await stream(base, d.vendor2);
  try {
    const branch = await d.ok(d.vendor, 'POST', '/branches/', { name: 'Realtime branch', wilaya_code: '16' });
    const seen = await own.next(forRecord(branch.id));
    assert.equal(seen.event, 'record');
    assert.deepEqual(
      { type: seen.data.type, collection: seen.data.collection, record_id: seen.data.record_id, version: seen.data.version, action: seen.data.action },
      { type: 'record', collection: 'branches', record_id: branch.id, version: 1, action: 'create' },
    );
    assert.equal(seen.id, seen.data.id, 'the SSE id is the event id');
    assert.equal(seen.data.payload, undefined, 'record events carry no field values');
    await staff.next(forRecord(branch.id));

    const changed = await d.ok(d.vendor, 'PATCH', `/branches/${branch.id}/`, { name: 'Renamed', version: 1 });
    const update = await staff.next((r) => r.data.record_id === branch.id && r.data.action === 'update');
    assert.equal(update.data.version, changed.version);

    // The other vendor's stream is open and working, and got none of it.
    const mark = await marker(d.vendor2);
    await other.next(forRecord(mark));
    assert.deepEqual(other.received.filter((r) => r.data.record_id === branch.id), []);
  } finally {
    staff.close();
    own.close();
    other.close();
  }
});

test('a transition publishes once, named by its event', async () => {
  const c = await catalogFor(d, d.vendor);
  const booking = await book(d, d.vendor, c);
  const vendor = await stream(base, d.vendor);
  try {
    const before = await marker(d.vendor);
    await vendor.next(forRecord(before));
    await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/transition/`, { event: 'cancel', reason: 'Storm warning', version: booking.version });
    const after = await marker(d.vendor);
    await vendor.next(forRecord(after));
    const between = vendor.received.slice(vendor.received.findIndex(forRecord(before)) + 1, vendor.received.findIndex(forRecord(after)));
    const ofBooking = between.filter(forRecord(booking.id));
    assert.deepEqual(
      ofBooking.map((r) => [r.data.collection, r.data.action]),
      [['bookings', 'cancel']],
    );
    assert.equal(ofBooking[0]!.data.version, booking.version + 1);
  } finally {
    vendor.close();
  }
});

test('a user audience reaches only that user; a record without a vendor only staff', async () => {
  const staff = await stream(base, d.admin);
  const vendor = await stream(base, d.vendor);
  try {
    const category = await d.ok(d.admin, 'POST', '/categories/', { name_i18n: { en: 'Realtime', fr: 'Temps réel', ar: 'فوري' } });
    await staff.next(forRecord(category.id));
    const note = await marker(d.vendor);
    await vendor.next(forRecord(note));
    assert.deepEqual(vendor.received.filter((r) => r.data.record_id === category.id), [], 'a staff record without a vendor is for staff');
    const staffMark = await marker(d.admin);
    await staff.next(forRecord(staffMark));
    assert.equal(staff.received.filter((r) => r.data.record_id === note).length, 0, 'a user event is for that user only');
  } finally {
    staff.close();
    vendor.close();
  }
});

test('a rolled-back write publishes nothing', async () => {
  const staff = await stream(base, d.admin);
  try {
    const branches = COLLECTION_BY_NAME.get('branches')!;
    let rolledBack = '';
    await assert.rejects(
      d.t.db.transaction(async (tx) => {
        const row = await insertRecord({ tx, actor: null }, branches, { name: 'Never', wilaya_code: '16', vendor_id: d.vendorId });
        rolledBack = String(row.id);
        throw new Error('abandon');
      }),
      /abandon/,
    );
    assert.ok(rolledBack);
    const mark = await marker(d.admin);
    await staff.next(forRecord(mark));
    assert.deepEqual(staff.received.filter((r) => r.data.record_id === rolledBack), []);
    // Nor is it kept for replay.
    assert.deepEqual(await d.sql('SELECT id FROM realtime_events WHERE record_id = $1', [rolledBack]), []);
  } finally {
    staff.close();
  }
});

test('an event is not sent before its transaction commits', async () => {
  const staff = await stream(base, d.admin);
  try {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const recordId = 'held-until-commit';
    const writing = d.t.db.transaction(async (tx) => {
      await publishEvent(tx, { type: 'record', collection: 'branches', recordId, audience: { staff: true } });
      await gate;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(staff.received.filter((r) => r.data.record_id === recordId), [], 'nothing before commit');
    release();
    await writing;
    await staff.next(forRecord(recordId));
  } finally {
    staff.close();
  }
});

test('Last-Event-ID replays what the user missed, and only what they may see', async () => {
  const first = await stream(base, d.vendor);
  const start = await marker(d.vendor);
  const seen = await first.next(forRecord(start));
  first.close();

  const mine = await d.ok(d.vendor, 'POST', '/branches/', { name: 'While away', wilaya_code: '16' });
  const theirs = await d.ok(d.vendor2, 'POST', '/branches/', { name: 'Not mine', wilaya_code: '16' });

  for (const headers of [{ lastEventId: seen.id! }, { query: `?last_event_id=${seen.id}` }]) {
    const again = await stream(base, d.vendor, headers);
    try {
      const replayed = await again.next(forRecord(mine.id));
      assert.ok(BigInt(replayed.id!) > BigInt(seen.id!));
      const mark = await marker(d.vendor);
      await again.next(forRecord(mark));
      assert.deepEqual(again.received.filter((r) => r.data.record_id === theirs.id), []);
      assert.deepEqual(again.received.filter((r) => r.data.record_id === start), [], 'nothing seen before is sent again');
    } finally {
      again.close();
    }
  }
});

test('an id older than the kept events, or unknown here, gets a reset', async () => {
  await d.ok(d.vendor, 'POST', '/branches/', { name: 'Soon pruned', wilaya_code: '16' });
  await d.sql(`UPDATE realtime_events SET created_at = now() - interval '2 days'`);
  assert.ok((await pruneEvents(d.t.db)) > 0);
  for (const last of ['1', '999999999999']) {
    const s = await stream(base, d.vendor, { lastEventId: last });
    try {
      const reset = await s.next((r) => r.event === 'reset');
      assert.equal(reset.data.type, 'reset');
      assert.match(reset.id ?? '', /^\d+$/, 'a reset moves the client to the newest id');
    } finally {
      s.close();
    }
  }
});

test('counters: unread messages and pending actions, per vendor', async () => {
  const before = await d.ok(d.vendor, 'GET', '/events/counters/');
  const otherBefore = await d.ok(d.vendor2, 'GET', '/events/counters/');
  const staffBefore = await d.ok(d.admin, 'GET', '/events/counters/');
  await d.sql(`INSERT INTO conversations (vendor_id, kind, unread_count) VALUES ($1, 'customer', 3), ($1, 'customer', 2)`, [d.vendorId]);
  await d.sql(`INSERT INTO conversations (vendor_id, kind, unread_count, archived) VALUES ($1, 'customer', 7, true)`, [d.vendorId]);
  const after = await d.ok(d.vendor, 'GET', '/events/counters/');
  assert.equal(after.unread_messages, before.unread_messages + 5, 'archived conversations do not count');
  assert.deepEqual(await d.ok(d.vendor2, 'GET', '/events/counters/'), otherBefore);
  assert.equal((await d.ok(d.admin, 'GET', '/events/counters/')).unread_messages, staffBefore.unread_messages + 5);
  assert.equal(typeof after.pending_actions, 'number');
  const [{ requested }] = await d.sql<{ requested: number }>(
    `SELECT (SELECT count(*) FROM bookings WHERE status = 'requested' AND vendor_id = $1) + (SELECT count(*) FROM refunds WHERE status = 'requested' AND vendor_id = $1) AS requested`,
    [d.vendorId],
  );
  assert.equal(after.pending_actions, Number(requested));
  assert.equal((await d.call(null, 'GET', '/events/counters/')).status, 401);
});

test('two instances on one PostgreSQL: a write on one reaches a client of the other', { skip: !process.env.DATABASE_URL && 'needs PostgreSQL' }, async () => {
  const config = d.t.app.config;
  const db2 = await openDatabase({ databaseUrl: config.databaseUrl });
  let second: FastifyInstance | undefined;
  try {
    second = await buildApp(config, db2);
    const secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
    const onSecond = await stream(secondBase, d.vendor);
    const onFirst = await stream(base, d.vendor);
    try {
      // Written through the first instance, heard on the second, and the other way round.
      const branch = await d.ok(d.vendor, 'POST', '/branches/', { name: 'Across instances', wilaya_code: '16' });
      await onSecond.next(forRecord(branch.id));
      const res = await second.inject({
        method: 'POST',
        url: '/branch/api/branches/',
        headers: { authorization: `JWT ${d.vendor.token}` },
        payload: { name: 'From the second', wilaya_code: '16' },
      });
      assert.equal(res.statusCode, 201);
      await onFirst.next(forRecord(res.json().id));
    } finally {
      onSecond.close();
      onFirst.close();
    }
  } finally {
    await second?.close();
    await db2.close();
  }
});

test('suspending a vendor ends staff acting as it at once: its stream closes and the next request is refused', async () => {
  const session = await d.ok(d.admin, 'POST', `/vendors/${d.vendor2Id}/act-as/`, { reason: 'Checking their timetable' }, 200);
  const actAs = { 'x-act-as-vendor': session.id };
  const acting = await stream(base, d.admin, { headers: actAs });
  try {
    await acting.next(forRecord(await marker(d.admin)));
    assert.equal((await d.call(d.admin, 'GET', '/bookings/', undefined, actAs)).status, 200);
    const vendor = await d.ok(d.admin, 'GET', `/vendors/${d.vendor2Id}/`);
    const suspended = await d.ok(d.admin, 'POST', `/vendors/${d.vendor2Id}/transition/`, { event: 'suspend', version: vendor.version, reason: 'Insurance expired' });
    // Well before the 25 s heartbeat: the end of the act-as session is announced.
    const deadline = Date.now() + 3_000;
    while (!acting.ended && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(acting.ended, 'the acting stream closed');
    const refused = await d.call(d.admin, 'GET', '/bookings/', undefined, actAs);
    assert.deepEqual([refused.status, refused.body.code], [403, 'act_as_ended']);
    const [row] = await d.sql<Json>('SELECT ended_at FROM act_as_sessions WHERE id = $1', [session.id]);
    assert.ok(row.ended_at, 'the session is ended, not merely refused');
    // Reinstating the vendor does not bring the old session back.
    await d.ok(d.admin, 'POST', `/vendors/${d.vendor2Id}/transition/`, { event: 'reinstate', version: suspended.version });
    assert.equal((await d.call(d.admin, 'GET', '/bookings/', undefined, actAs)).status, 403);
  } finally {
    acting.close();
  }
});
