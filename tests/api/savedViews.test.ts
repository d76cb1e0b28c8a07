/**
 * Saved views (/saved-views/): kept on the server per user and list, shared with all staff
 * by staff only, read-only to everyone but their owner, never seen by vendor staff unless
 * theirs; names unique per owner and list; optimistic versions; every write audited.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startRefreshFamily } from '../../server/auth/refreshTokens.ts';
import { startDomain, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let staff2: Domain['admin'];

const state = (search = '') => ({ filters: { status: 'confirmed', view: 'upcoming' }, search, ordering: '-starts_at', columns: ['ref', 'customer_name'] });

before(async () => {
  d = await startDomain();
  const [user] = await d.sql(
    `INSERT INTO users (email, name, password_hash, admin) VALUES ('staff2@rihla.test', 'Second Staff', 'not-a-hash', true)
     RETURNING id, email, name, phone, admin, vendor_id`,
  );
  const session = await startRefreshFamily(d.t.db, user.id, 86_400);
  staff2 = { user: user as never, token: await d.t.app.signAccessToken(user as never, session.familyId) };
});
after(() => d.close());

const list = async (who: Domain['admin'], key = 'bookingsList'): Promise<Json[]> => (await d.ok(who, 'GET', `/saved-views/?list=${key}`)).results;

test('a view kept for its owner, shared with all staff, never seen by vendor staff', async () => {
  const mine = await d.ok(d.admin, 'POST', '/saved-views/', { list_key: 'bookingsList', name: 'Confirmed ahead', state: state() });
  assert.equal(mine.mine, true);
  assert.equal(mine.shared, false);
  assert.deepEqual(mine.state, state());
  const shared = await d.ok(d.admin, 'POST', '/saved-views/', { list_key: 'bookingsList', name: 'Team: to call', shared: true, state: state('07') });
  const other = await d.ok(d.admin, 'POST', '/saved-views/', { list_key: 'customersList', name: 'Confirmed ahead', state: state() });

  assert.deepEqual((await list(d.admin)).map((v) => v.id).sort(), [mine.id, shared.id].sort(), 'per list');
  assert.deepEqual((await list(d.admin, 'customersList')).map((v) => v.id), [other.id]);
  const seen = await list(staff2);
  assert.deepEqual(seen.map((v) => [v.id, v.mine]), [[shared.id, false]], 'another staff user sees the shared one only');
  assert.deepEqual(await list(d.vendor), [], 'vendor staff see no staff view');

  const vendorView = await d.ok(d.vendor, 'POST', '/saved-views/', { list_key: 'bookingsList', name: 'Mine', state: state() });
  assert.equal(vendorView.vendor_id, d.vendorId);
  assert.deepEqual((await list(d.vendor)).map((v) => v.id), [vendorView.id]);
  assert.deepEqual(await list(d.vendor2), []);
  assert.ok(!(await list(d.admin)).some((v) => v.id === vendorView.id), 'nor do staff see a vendor user\'s view');
});

test('only staff share; only the owner renames, reshares or deletes; others get 403 or 404', async () => {
  const refused = await d.call(d.vendor, 'POST', '/saved-views/', { list_key: 'bookingsList', name: 'Share it', shared: true, state: state() });
  assert.equal(refused.status, 400);
  assert.deepEqual(refused.body.errors, { shared: ['Only staff may share a view with all staff.'] });
  const vendorView = await d.ok(d.vendor, 'POST', '/saved-views/', { list_key: 'bookingsList', name: 'Later share', state: state() });
  const patched = await d.call(d.vendor, 'PATCH', `/saved-views/${vendorView.id}/`, { version: vendorView.version, shared: true });
  assert.equal(patched.status, 400);

  const shared = await d.ok(d.admin, 'POST', '/saved-views/', { list_key: 'paymentsList', name: 'Unpaid', shared: true, state: state() });
  const byOther = await d.call(staff2, 'PATCH', `/saved-views/${shared.id}/`, { version: shared.version, name: 'Mine now' });
  assert.equal(byOther.status, 403);
  assert.equal(byOther.body.detail, 'Only its owner may change a shared view.');
  assert.equal((await d.call(staff2, 'DELETE', `/saved-views/${shared.id}/`)).status, 403);
  // Not shared, or vendor staff: the view does not exist for them.
  assert.equal((await d.call(d.vendor, 'DELETE', `/saved-views/${shared.id}/`)).status, 404);
  assert.equal((await d.call(d.vendor2, 'PATCH', `/saved-views/${vendorView.id}/`, { version: 1, name: 'x' })).status, 404);
  assert.equal((await d.call(d.admin, 'DELETE', `/saved-views/${vendorView.id}/`)).status, 404);
  assert.equal((await d.call(d.admin, 'DELETE', '/saved-views/not-an-id/')).status, 404);

  const renamed = await d.ok(d.admin, 'PATCH', `/saved-views/${shared.id}/`, { version: shared.version, name: 'Unpaid, oldest first', shared: false });
  assert.equal(renamed.version, shared.version + 1);
  assert.equal(renamed.shared, false);
  assert.deepEqual(await list(staff2, 'paymentsList'), [], 'no longer shared');
  await d.ok(d.admin, 'DELETE', `/saved-views/${shared.id}/`);
  assert.deepEqual(await list(d.admin, 'paymentsList'), []);
});

test('a name once per owner and list; a stale version is a conflict; state and list key are checked', async () => {
  const view = await d.ok(d.admin, 'POST', '/saved-views/', { list_key: 'refundsList', name: 'Open ones', state: state() });
  const twice = await d.call(d.admin, 'POST', '/saved-views/', { list_key: 'refundsList', name: '  OPEN ONES ', state: state() });
  assert.equal(twice.status, 400);
  assert.deepEqual(twice.body.errors, { name: ['You already have a view with this name on this list.'] });
  // Another user, or another list, may use the name.
  await d.ok(staff2, 'POST', '/saved-views/', { list_key: 'refundsList', name: 'Open ones', state: state() });
  await d.ok(d.admin, 'POST', '/saved-views/', { list_key: 'reviewsList', name: 'Open ones', state: state() });

  const updated = await d.ok(d.admin, 'PATCH', `/saved-views/${view.id}/`, { version: view.version, state: state('changed') });
  assert.equal(updated.state.search, 'changed');
  const stale = await d.call(d.admin, 'PATCH', `/saved-views/${view.id}/`, { version: view.version, name: 'Late' });
  assert.equal(stale.status, 409);
  assert.equal(stale.body.current.version, updated.version);

  const blank = await d.call(d.admin, 'POST', '/saved-views/', { list_key: 'refundsList', name: '   ', state: state() });
  assert.deepEqual(blank.body.errors, { name: ['Give the view a name.'] });
  for (const body of [
    { list_key: 'refundsList', name: 'x', state: { ...state(), extra: 1 } },
    { list_key: 'refundsList', name: 'x', state: { filters: {}, search: '' } },
    { list_key: 'refunds list; drop', name: 'x', state: state() },
    { list_key: 'refundsList', name: 'x'.repeat(81), state: state() },
  ]) {
    assert.equal((await d.call(d.admin, 'POST', '/saved-views/', body)).status, 400, JSON.stringify(body));
  }
  assert.equal((await d.call(d.admin, 'GET', '/saved-views/')).status, 400);
  assert.equal((await d.call(null, 'GET', '/saved-views/?list=refundsList')).status, 401);
});

test('every write is audited in its transaction', async () => {
  const view = await d.ok(d.vendor, 'POST', '/saved-views/', { list_key: 'servicesList', name: 'Drafts', state: state() });
  await d.ok(d.vendor, 'PATCH', `/saved-views/${view.id}/`, { version: view.version, name: 'My drafts' });
  await d.ok(d.vendor, 'DELETE', `/saved-views/${view.id}/`);
  const rows = await d.sql('SELECT action, actor_user_id, vendor_id, before, after FROM audit_log WHERE entity = $1 AND entity_id = $2', ['saved-views', view.id]);
  assert.deepEqual(rows.map((r) => r.action).sort(), ['create', 'delete', 'update']);
  assert.ok(rows.every((r) => r.actor_user_id === d.vendor.user.id && r.vendor_id === d.vendorId));
  const update = rows.find((r) => r.action === 'update')!;
  assert.deepEqual([update.before.name, update.after.name], ['Drafts', 'My drafts']);
});
