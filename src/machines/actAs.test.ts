/**
 * Acting as a vendor with the server swapped out (`.provide()`): a reason opens the
 * vendor's view in the session, going back or the end of the time closes it, a refusal
 * keeps the staff view with the server's words at the field, a reload carries on, and a
 * logout ends it without another call.
 */
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { ActingAs } from '../api/authStorage.ts';
import type { SessionUser, StoredSession } from './session.ts';

// The API client reads the build's base URL when loaded.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { ApiRequestError, createApiClient } = await import('../api/client.ts');
const { sessionMachine } = await import('./session.ts');
const { actAsMachine } = await import('./actAs.ts');

const staff: SessionUser = { id: 'u1', name: 'Amina', phone: null, email: 'admin@rihla.test', admin: true, vendor_id: null };
const stored: StoredSession = {
  user: staff,
  tokens: { access: 'a', accessExpiresAt: Date.now() + 3_600_000, refresh: 'r', refreshExpiresAt: Date.now() + 86_400_000 },
};
const acting = (msLeft: number): ActingAs => ({
  id: 's1', vendor_id: 'v1', vendor_name: 'Sahara Quad Tours', reason: 'Support call', expires_at: new Date(Date.now() + msLeft).toISOString(),
});

// Every actor a test starts is stopped after it: the session's refresh timer and the
// act-as end timer would otherwise keep the test process alive for their full delay.
const running: AnyActorRef[] = [];
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
});

/** The real session chart, its browser storage and the logout call left out (the outside edge). */
function startSession(restored: ActingAs | null = null) {
  const edges = sessionMachine.provide({
    actions: { persistActing: () => {}, persistSession: () => {}, clearStorage: () => {} },
    actors: { logoutUser: fromPromise<void, { refresh: string | null }>(async () => {}) },
  });
  const actor = createActor(edges, {
    input: { stored, acting: restored },
  }).start();
  running.push(actor);
  return actor;
}

function startActAs(session: ReturnType<typeof startSession>, server: { open?: (reason: string) => Promise<ActingAs>; closed?: string[] } = {}) {
  const actor = createActor(
    actAsMachine.provide({
      actors: {
        openSession: fromPromise<ActingAs, { vendorId: string; reason: string }>(({ input }) => (server.open ?? (async () => acting(60_000)))(input.reason)),
        closeSession: fromPromise<void, { id: string }>(async ({ input }) => {
          server.closed?.push(input.id);
        }),
      },
    }),
    { input: { session } },
  );
  running.push(actor);
  return actor.start();
}

test('a reason opens the vendor view; going back ends it on the server and restores the staff view', async () => {
  const session = startSession();
  const closed: string[] = [];
  const actor = startActAs(session, { closed });
  actor.send({ type: 'start', vendorId: 'v1', reason: 'Support call' });
  await waitFor(actor, (s) => s.matches('acting'));
  assert.deepEqual(session.getSnapshot().context.user, { ...staff, admin: false, vendor_id: 'v1' });
  assert.equal(session.getSnapshot().context.acting?.id, 's1');
  actor.send({ type: 'back' });
  await waitFor(actor, (s) => s.matches('staff'));
  assert.deepEqual(closed, ['s1']);
  assert.deepEqual(session.getSnapshot().context.user, staff);
  assert.equal(session.getSnapshot().context.acting, null);
});

test('a refusal stays in the staff view with the server\'s words', async () => {
  const session = startSession();
  const actor = startActAs(session, {
    open: async () => {
      throw new ApiRequestError(400, 'Invalid input', null, { reason: ['A reason is required.'] });
    },
  });
  actor.send({ type: 'start', vendorId: 'v1', reason: ' ' });
  await waitFor(actor, (s) => s.matches('staff') && s.context.error !== null);
  assert.deepEqual(actor.getSnapshot().context.error?.fieldErrors, { reason: ['A reason is required.'] });
  assert.equal(session.getSnapshot().context.user?.admin, true);
});

test('the time running out ends it by itself and says so', async () => {
  const session = startSession();
  const actor = startActAs(session, { open: async () => acting(80) });
  const ended: string[] = [];
  actor.on('ended', (event) => ended.push(event.why));
  actor.send({ type: 'start', vendorId: 'v1', reason: 'Support call' });
  await waitFor(actor, (s) => s.matches('acting'));
  await waitFor(actor, (s) => s.matches('staff'), { timeout: 2_000 });
  assert.deepEqual(ended, ['expired']);
  assert.equal(session.getSnapshot().context.user?.admin, true);
});

test('after a reload it carries on; the server refusing the session ends it; a logout ends it without a call', async () => {
  const session = startSession(acting(60_000));
  assert.equal(session.getSnapshot().context.user?.vendor_id, 'v1', 'the reloaded app shows the vendor view at once');
  const closed: string[] = [];
  const actor = startActAs(session, { closed });
  assert.ok(actor.getSnapshot().matches('acting'));
  const ended: string[] = [];
  actor.on('ended', (event) => ended.push(event.why));
  actor.send({ type: 'request.failed', status: 403, code: null });
  assert.ok(actor.getSnapshot().matches('acting'), 'another refusal (a forbidden action) keeps the vendor view');
  actor.send({ type: 'request.failed', status: 403, code: 'act_as_ended' });
  assert.ok(actor.getSnapshot().matches('staff'));
  assert.deepEqual(ended, ['refused']);
  await waitFor(session, (s) => s.context.acting === null);

  const again = startSession(acting(60_000));
  const other = startActAs(again, { closed });
  again.send({ type: 'logout.request' });
  again.send({ type: 'logout.confirm' });
  await waitFor(other, (s) => s.matches('staff'));
  assert.deepEqual(closed, [], 'logging out ends it on the server already');
});

test('an end announced on the realtime channel leaves the vendor view, only for this tab\'s own session', async () => {
  const session = startSession(acting(60_000));
  const actor = startActAs(session, { closed: [] });
  const ended: string[] = [];
  actor.on('ended', (event) => ended.push(event.why));
  actor.send({ type: 'ended.announced', sessionId: 'an-older-session' });
  assert.ok(actor.getSnapshot().matches('acting'), 'an older session of the same staff member ending changes nothing here');
  actor.send({ type: 'ended.announced', sessionId: 's1' });
  assert.ok(actor.getSnapshot().matches('staff'));
  assert.deepEqual(ended, ['refused']);
  await waitFor(session, (s) => s.context.acting === null);
});

test('a quiet request (a list that shows its own error) still reports its failure, so the chart sees an ended session', async () => {
  const realFetch = globalThis.fetch;
  // The network is the outside edge: the server refuses the ended act-as session.
  globalThis.fetch = async () =>
    new Response(JSON.stringify({ detail: 'Acting as this vendor has ended.', code: 'act_as_ended' }), {
      status: 403,
      headers: { 'content-type': 'application/json' },
    });
  try {
    const shown: number[] = [];
    const seen: unknown[] = [];
    const client = createApiClient({
      baseURL: 'http://api.test',
      session: { tokens: () => stored.tokens, refresh: async () => null },
      onError: (error) => shown.push(error.status),
      onFailure: (error) => seen.push((error.body as { code?: string }).code),
    });
    await assert.rejects(client.get('/branch/api/customers/', { quiet: true }));
    assert.deepEqual(seen, ['act_as_ended']);
    assert.deepEqual(shown, [], 'the screen shows a quiet failure itself, no toast');
  } finally {
    globalThis.fetch = realFetch;
  }
});
