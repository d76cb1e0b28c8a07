/**
 * The realtime machine against a fake stream (the `eventStream` actor provided) and a
 * simulated clock: connecting, open, reconnecting with back-off from the last event id,
 * waiting for a refreshed token after a 401, reconnecting with a new token, closed on
 * logout. The last test checks every state and transition of the machine was taken.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SimulatedClock, createActor, fromCallback } from 'xstate';
import { parseSse, realtimeMachine, type RealtimeEvent, type RealtimeMachineEvent, type StreamInput } from './realtime.ts';
import { Coverage, TransitionCoverage } from './modelHarness.ts';

const states = new Coverage(realtimeMachine);
const transitions = new TransitionCoverage(realtimeMachine);

interface Connection {
  input: StreamInput;
  sendBack: (event: RealtimeMachineEvent) => void;
  closed: boolean;
}

function start() {
  const connections: Connection[] = [];
  const emitted: { type: string; event?: RealtimeEvent; token?: string }[] = [];
  const clock = new SimulatedClock();
  const machine = realtimeMachine.provide({
    actors: {
      eventStream: fromCallback<RealtimeMachineEvent, StreamInput>(({ input, sendBack }) => {
        const connection: Connection = { input, sendBack, closed: false };
        connections.push(connection);
        return () => void (connection.closed = true);
      }),
    },
    // No spread in tests: 1 s, 2 s, 4 s ...
    delays: { backoff: ({ context }) => Math.min(30_000, 1_000 * 2 ** Math.max(0, context.attempt - 1)) },
  });
  const actor = createActor(machine, { clock, inspect: transitions.inspect });
  actor.subscribe((snapshot) => states.record(snapshot));
  for (const type of ['event', 'opened', 'unauthorized'] as const) actor.on(type, (e) => void emitted.push(e as never));
  actor.start();
  states.record(actor.getSnapshot());
  const at = (value: unknown) => assert.deepEqual(actor.getSnapshot().value, value);
  const last = () => connections[connections.length - 1]!;
  const event = (id: string, extra: Partial<RealtimeEvent> = {}): RealtimeMachineEvent => ({
    type: 'stream.event',
    event: { id, type: 'record', collection: 'bookings', record_id: 'b1', version: 2, action: 'update', at: '2026-01-01T00:00:00Z', ...extra },
  });
  return { actor, clock, connections, emitted, at, last, event };
}

const OPEN = { live: { connected: 'open' } };
const CONNECTING = { live: { connected: 'connecting' } };

describe('realtime machine', () => {
  it('connects when signed in, emits events in order and remembers the last id', () => {
    const r = start();
    r.at('closed');
    r.actor.send({ type: 'auth', auth: { token: 't1', acting: null } });
    r.at(CONNECTING);
    assert.deepEqual(r.last().input, { auth: { token: 't1', acting: null }, lastEventId: null });
    r.last().sendBack({ type: 'stream.open' });
    r.at(OPEN);
    r.last().sendBack({ type: 'stream.alive', lastEventId: '40' });
    r.last().sendBack(r.event('41'));
    r.last().sendBack(r.event('42', { type: 'message', collection: 'messages' }));
    assert.deepEqual(
      r.emitted.map((e) => (e.type === 'event' ? e.event!.id : e.type)),
      ['opened', '41', '42'],
    );
    assert.equal(r.actor.getSnapshot().context.lastEventId, '42');
    // The same token again (a session update that changed nothing) keeps the connection.
    r.actor.send({ type: 'auth', auth: { token: 't1', acting: null } });
    assert.equal(r.connections.length, 1);
    assert.equal(r.last().closed, false);
  });

  it('reconnects after a growing pause, from the last event id, and the pause resets once open', () => {
    const r = start();
    r.actor.send({ type: 'auth', auth: { token: 't1', acting: null } });
    r.last().sendBack({ type: 'stream.open' });
    r.last().sendBack(r.event('7'));
    r.last().sendBack({ type: 'stream.lost' });
    r.at({ live: 'reconnecting' });
    assert.equal(r.connections[0]!.closed, true);
    r.clock.increment(999);
    assert.equal(r.connections.length, 1, 'waits the pause');
    r.clock.increment(1);
    r.at(CONNECTING);
    assert.equal(r.last().input.lastEventId, '7', 'resumes after the last event seen');
    // Failing again doubles the pause: 2 s, then 4 s.
    r.last().sendBack({ type: 'stream.lost' });
    r.clock.increment(1_999);
    assert.equal(r.connections.length, 2);
    r.clock.increment(1);
    assert.equal(r.connections.length, 3);
    r.last().sendBack({ type: 'stream.lost' });
    r.clock.increment(3_999);
    assert.equal(r.connections.length, 3);
    r.clock.increment(1);
    r.last().sendBack({ type: 'stream.open' });
    r.at(OPEN);
    assert.equal(r.actor.getSnapshot().context.attempt, 0);
    r.last().sendBack({ type: 'stream.lost' });
    r.clock.increment(1_000);
    assert.equal(r.connections.length, 5, 'back to the shortest pause after a good connection');
  });

  it('an open stream that goes silent past two heartbeats is treated as lost', () => {
    const r = start();
    r.actor.send({ type: 'auth', auth: { token: 't1', acting: null } });
    r.last().sendBack({ type: 'stream.open' });
    r.clock.increment(50_000);
    r.last().sendBack({ type: 'stream.alive' });
    r.clock.increment(50_000);
    r.at(OPEN);
    r.clock.increment(10_000);
    r.at({ live: 'reconnecting' });
    assert.equal(r.connections[0]!.closed, true);
  });

  it('a refused token waits for the refreshed one, then reconnects with it', () => {
    const r = start();
    r.actor.send({ type: 'auth', auth: { token: 'old', acting: null } });
    r.last().sendBack({ type: 'stream.unauthorized' });
    r.at({ live: 'unauthorized' });
    assert.deepEqual(r.emitted.at(-1), { type: 'unauthorized', token: 'old' });
    r.clock.increment(60_000);
    assert.equal(r.connections.length, 1, 'no retry with the refused token');
    r.actor.send({ type: 'auth', auth: { token: 'new', acting: null } });
    r.at(CONNECTING);
    assert.equal(r.last().input.auth.token, 'new');
    r.last().sendBack({ type: 'stream.open' });
    // A token refused on an open stream (the session ended elsewhere) too.
    r.last().sendBack({ type: 'stream.unauthorized' });
    r.at({ live: 'unauthorized' });
  });

  it('a new token or act-as vendor reconnects at once with it', () => {
    const r = start();
    r.actor.send({ type: 'auth', auth: { token: 't1', acting: null } });
    r.last().sendBack({ type: 'stream.open' });
    r.last().sendBack(r.event('3'));
    r.actor.send({ type: 'auth', auth: { token: 't1', acting: 'session-9' } });
    assert.equal(r.connections[0]!.closed, true);
    assert.deepEqual(r.last().input, { auth: { token: 't1', acting: 'session-9' }, lastEventId: '3' });
    r.actor.send({ type: 'auth', auth: { token: 't2', acting: 'session-9' } });
    assert.equal(r.connections.length, 3);
    assert.equal(r.last().input.auth.token, 't2');
  });

  it('logout closes the stream and forgets where it was', () => {
    const r = start();
    r.actor.send({ type: 'auth', auth: { token: 't1', acting: null } });
    r.last().sendBack({ type: 'stream.open' });
    r.last().sendBack(r.event('5'));
    r.actor.send({ type: 'logout' });
    r.at('closed');
    assert.equal(r.last().closed, true);
    assert.deepEqual(r.actor.getSnapshot().context, { auth: null, lastEventId: null, attempt: 0 });
    r.clock.increment(60_000);
    assert.equal(r.connections.length, 1);
    // The next user starts from scratch.
    r.actor.send({ type: 'auth', auth: { token: 'other', acting: null } });
    assert.equal(r.last().input.lastEventId, null);
  });

  it('reached every state and took every transition', () => {
    assert.deepEqual(states.missing(), []);
    assert.deepEqual(transitions.missing(), []);
  });
});

describe('parseSse', () => {
  it('splits messages across chunks, keeps the rest, skips comments', () => {
    const got: unknown[] = [];
    let rest = parseSse(': open\n\nid: 1\nevent: record\ndata: {"a":1}\n\nid: 2\nevent: rec', (m) => got.push(m));
    assert.equal(rest, 'id: 2\nevent: rec');
    rest = parseSse(`${rest}ord\ndata: {"b":2}\r\n\r\nid: 9\n\n`, (m) => got.push(m));
    assert.equal(rest, '');
    assert.deepEqual(got, [{}, { id: '1', event: 'record', data: '{"a":1}' }, { id: '2', event: 'record', data: '{"b":2}' }, { id: '9' }]);
  });
});
