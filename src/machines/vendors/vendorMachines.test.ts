/**
 * The vendor page's charts with their requests swapped (`.provide()`): the Users tab loads
 * its accounts (a failure retried), a new link replaces the user in place and shows once
 * until dismissed, a refused one says why, and what the tab's commands did (an invitation,
 * a deactivation) lands in the list; a document's scan is checked before it is sent and
 * its media id handed to the form; and the app's act-as chart takes a session the vendor
 * page's command opened, showing that vendor's view.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { IssuedLink, VendorUser } from '../../api/access.ts';
import type { ActingAs } from '../../api/authStorage.ts';
import type { SessionUser } from '../session.ts';

// The API client reads the build's base URL when loaded.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { ApiRequestError } = await import('../../api/client.ts');
const { vendorUsersMachine } = await import('./vendorUsers.ts');
const { scanUploadMachine } = await import('./scanUpload.ts');
const { sessionMachine } = await import('../session.ts');
const { actAsMachine } = await import('../actAs.ts');

const user = (id: string, name: string, state: VendorUser['state'] = 'active'): VendorUser => ({
  id, name, email: `${id}@vendor.test`, phone: null, state, invited_at: null, invitation_expires_at: null,
});
const linkFor = (u: VendorUser): IssuedLink => ({ user: u, set_password_path: `/set-password/${u.id}`, expires_at: '2026-12-01T00:00:00Z' });

test('vendor users: loaded (a failure retried), a new link shown once, a refusal said, the commands’ outcomes in place', async () => {
  let loads = 0;
  let resendFails = false;
  const resent: string[] = [];
  const nour = user('u2', 'Nour', 'expired');
  const actor = createActor(
    vendorUsersMachine.provide({
      actors: {
        load: fromPromise<VendorUser[], { vendorId: string }>(async () => {
          if (loads++ === 0) throw new Error('down');
          return [user('u1', 'Amine'), nour];
        }),
        resend: fromPromise<IssuedLink, { vendorId: string; userId: string }>(async ({ input }) => {
          resent.push(`${input.vendorId}/${input.userId}`);
          if (resendFails) throw new ApiRequestError(403, 'This vendor is suspended.', {});
          return linkFor({ ...nour, state: 'invited' });
        }),
      },
    }),
    { input: { vendorId: 'v1' } },
  ).start();
  await waitFor(actor, (s) => s.matches('failed'));
  actor.send({ type: 'retry' });
  await waitFor(actor, (s) => s.matches('ready'));
  assert.deepEqual(actor.getSnapshot().context.users.map((u) => u.name), ['Amine', 'Nour']);

  actor.send({ type: 'resend', userId: 'u2' });
  assert.ok(actor.getSnapshot().hasTag('busy'));
  let ready = await waitFor(actor, (s) => s.matches('ready'));
  assert.deepEqual(resent, ['v1/u2']);
  assert.equal(ready.context.link?.user.id, 'u2');
  assert.equal(ready.context.users.find((u) => u.id === 'u2')?.state, 'invited', 'the user is replaced in place');
  actor.send({ type: 'dismiss' });
  assert.equal(actor.getSnapshot().context.link, null);

  resendFails = true;
  actor.send({ type: 'resend', userId: 'u2' });
  ready = await waitFor(actor, (s) => s.matches('ready') && s.context.detail !== null);
  assert.equal(ready.context.detail, 'This vendor is suspended.');

  // The invite command went through: the new user is listed in name order, with the link to pass on.
  actor.send({ type: 'issued', link: linkFor(user('u3', 'Bilal', 'invited')) });
  assert.deepEqual(actor.getSnapshot().context.users.map((u) => u.name), ['Amine', 'Bilal', 'Nour']);
  assert.equal(actor.getSnapshot().context.link?.user.name, 'Bilal');
  assert.equal(actor.getSnapshot().context.detail, null);
  // The deactivate command went through: the user as the server now has it.
  actor.send({ type: 'updated', user: user('u1', 'Amine', 'inactive') });
  assert.equal(actor.getSnapshot().context.users.find((u) => u.id === 'u1')?.state, 'inactive');
});

test('a scan the server would refuse is refused before sending; a sent one hands its media id to the form', async () => {
  const handed: string[] = [];
  let fail = false;
  const actor = createActor(
    scanUploadMachine.provide({
      actors: {
        upload: fromPromise<string, { vendorId: string; file: File }>(async ({ input }) => {
          if (fail) throw new Error('unreadable');
          return `m-${input.vendorId}-${input.file.name}`;
        }),
      },
      actions: { uploaded: (_, mediaId) => void handed.push(mediaId) },
    }),
    { input: { vendorId: 'v1' } },
  ).start();
  actor.send({ type: 'choose', file: new File(['x'], 'scan.pdf', { type: 'application/pdf' }) });
  assert.equal(actor.getSnapshot().context.error, 'media.error.type');
  assert.ok(actor.getSnapshot().matches('idle'));
  actor.send({ type: 'choose', file: new File(['x'], 'scan.jpg', { type: 'image/jpeg' }) });
  assert.ok(actor.getSnapshot().hasTag('busy'));
  await waitFor(actor, (s) => s.matches('idle'));
  assert.deepEqual(handed, ['m-v1-scan.jpg']);
  assert.deepEqual([actor.getSnapshot().context.mediaId, actor.getSnapshot().context.error], ['m-v1-scan.jpg', null]);
  fail = true;
  actor.send({ type: 'choose', file: new File(['x'], 'other.png', { type: 'image/png' }) });
  await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
  assert.equal(actor.getSnapshot().context.error, 'media.error.refused');
  assert.deepEqual(handed, ['m-v1-scan.jpg'], 'a failed upload hands nothing');
});

test('a session opened by the vendor page’s command shows that vendor’s view; going back ends it', async () => {
  const staff: SessionUser = { id: 'u1', name: 'Amina', phone: null, email: 'admin@rihla.test', admin: true, vendor_id: null };
  const session = createActor(
    sessionMachine.provide({
      actions: { persistActing: () => {}, persistSession: () => {}, clearStorage: () => {} },
      actors: { logoutUser: fromPromise<void, { refresh: string | null }>(async () => {}) },
    }),
    {
      input: {
        stored: { user: staff, tokens: { access: 'a', accessExpiresAt: Date.now() + 3_600_000, refresh: 'r', refreshExpiresAt: Date.now() + 86_400_000 } },
        acting: null,
      },
    },
  ).start();
  const closed: string[] = [];
  const actAs = createActor(
    actAsMachine.provide({ actors: { closeSession: fromPromise<void, { id: string }>(async ({ input }) => void closed.push(input.id)) } }),
    { input: { session } },
  ).start();
  const acting: ActingAs = { id: 's1', vendor_id: 'v1', vendor_name: 'Sahara Quad Tours', reason: 'Support call', expires_at: new Date(Date.now() + 60_000).toISOString() };
  actAs.send({ type: 'opened', acting });
  assert.ok(actAs.getSnapshot().matches('acting'));
  assert.equal(session.getSnapshot().context.acting?.id, 's1', 'the session names the act-as session');
  actAs.send({ type: 'back' });
  await waitFor(actAs, (s) => s.matches('staff'));
  assert.deepEqual(closed, ['s1']);
  assert.equal(session.getSnapshot().context.acting, null);
  actAs.stop();
  session.stop();
});
