/**
 * Vendor users and acting as a vendor: invitation links (hashed, single use, expiring,
 * voided by a resend), deactivation, and act-as sessions (reason, expiry, logout, audit
 * under both, payout account refused).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ribKey } from '../../common/algerianIds.ts';
import { startDomain, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
before(async () => {
  d = await startDomain();
});
after(() => d.close());

let counter = 0;
const email = () => `invitee${counter++}@example.test`;
const tokenOf = (path: string) => path.split('/').pop()!;
const login = (address: string, password: string) =>
  d.t.app.inject({ method: 'POST', url: '/branch/api/vendors/login', payload: { email: address, password } });

describe('vendor user invitations', () => {
  test('an invited user is inactive until the link sets a password; the link works once and is stored hashed', async () => {
    const address = email();
    const invited = await d.ok(d.admin, 'POST', `/vendors/${d.vendorId}/users/invite/`, { email: address, name: 'Samir Haddad' }, 201);
    assert.equal(invited.user.state, 'invited');
    assert.match(invited.set_password_path, /^\/set-password\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(invited.set_password_path);
    const stored = await d.sql<Json>('SELECT token_hash FROM user_invitations WHERE user_id = $1', [invited.user.id]);
    assert.equal(stored.length, 1);
    assert.notEqual(stored[0].token_hash, token);
    assert.equal((await login(address, 'whatever-123')).statusCode, 401);

    assert.deepEqual(await d.ok(null, 'GET', `/set-password/${token}/`), { status: 'open', email: address, name: 'Samir Haddad', purpose: 'invite' });
    const weak = await d.call(null, 'POST', `/set-password/${token}/`, { password: 'short1' });
    assert.equal(weak.status, 400);
    assert.ok(weak.body.errors.password[0].includes('10 characters'));
    await d.ok(null, 'POST', `/set-password/${token}/`, { password: 'dunes and 42 camels' }, 200);
    assert.equal((await login(address, 'dunes and 42 camels')).statusCode, 200);

    const again = await d.call(null, 'POST', `/set-password/${token}/`, { password: 'another 99 tries' });
    assert.equal(again.status, 409);
    assert.equal(again.body.detail, 'This link has already been used.');
    assert.equal((await d.ok(null, 'GET', `/set-password/${token}/`)).status, 'used');
    const [user] = (await d.ok(d.admin, 'GET', `/vendors/${d.vendorId}/users/`)).results.filter((u: Json) => u.email === address);
    assert.equal(user.state, 'active');
  });

  test('an expired link is refused and shows as expired', async () => {
    const invited = await d.ok(d.admin, 'POST', `/vendors/${d.vendorId}/users/invite/`, { email: email(), name: 'Late Comer' }, 201);
    await d.sql("UPDATE user_invitations SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [invited.user.id]);
    const token = tokenOf(invited.set_password_path);
    const refused = await d.call(null, 'POST', `/set-password/${token}/`, { password: 'dunes and 42 camels' }, { 'accept-language': 'fr' });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.detail, 'Ce lien a expiré.');
    const users = (await d.ok(d.admin, 'GET', `/vendors/${d.vendorId}/users/`)).results;
    assert.equal(users.find((u: Json) => u.id === invited.user.id).state, 'expired');
  });

  test('resend gives a new link and voids the old one; an active user gets none', async () => {
    const address = email();
    const invited = await d.ok(d.admin, 'POST', `/vendors/${d.vendorId}/users/invite/`, { email: address, name: 'Twice Sent' }, 201);
    const resent = await d.ok(d.admin, 'POST', `/vendors/${d.vendorId}/users/${invited.user.id}/resend/`, undefined, 200);
    assert.notEqual(resent.set_password_path, invited.set_password_path);
    const old = await d.call(null, 'POST', `/set-password/${tokenOf(invited.set_password_path)}/`, { password: 'dunes and 42 camels' });
    assert.equal(old.status, 409);
    assert.equal(old.body.detail, 'This link was replaced by a newer one.');
    await d.ok(null, 'POST', `/set-password/${tokenOf(resent.set_password_path)}/`, { password: 'dunes and 42 camels' }, 200);
    const active = await d.call(d.admin, 'POST', `/vendors/${d.vendorId}/users/${invited.user.id}/resend/`);
    assert.equal(active.status, 409);
  });

  test('deactivating locks the user out; only staff manage users, of vendors that exist; emails are unique', async () => {
    const address = email();
    const invited = await d.ok(d.admin, 'POST', `/vendors/${d.vendorId}/users/invite/`, { email: address, name: 'Soon Gone' }, 201);
    await d.ok(null, 'POST', `/set-password/${tokenOf(invited.set_password_path)}/`, { password: 'dunes and 42 camels' }, 200);
    const deactivated = await d.ok(d.admin, 'POST', `/vendors/${d.vendorId}/users/${invited.user.id}/deactivate/`, undefined, 200);
    assert.equal(deactivated.state, 'inactive');
    assert.equal((await login(address, 'dunes and 42 camels')).statusCode, 401);

    assert.equal((await d.call(d.vendor, 'GET', `/vendors/${d.vendorId}/users/`)).status, 403);
    assert.equal((await d.call(d.vendor, 'POST', `/vendors/${d.vendorId}/users/invite/`, { email: email(), name: 'X' })).status, 403);
    assert.equal((await d.call(d.admin, 'GET', '/vendors/00000000-0000-4000-8000-000000000000/users/')).status, 404);
    // A user of another vendor is not reachable through this vendor's path.
    assert.equal((await d.call(d.admin, 'POST', `/vendors/${d.vendor2Id}/users/${invited.user.id}/resend/`)).status, 404);
    const taken = await d.call(d.admin, 'POST', `/vendors/${d.vendorId}/users/invite/`, { email: address.toUpperCase(), name: 'Copy' });
    assert.equal(taken.status, 409);
    assert.deepEqual(taken.body.errors, { email: ['A user with this email already exists.'] });
    const audit = await d.sql<Json>("SELECT action FROM audit_log WHERE entity = 'users' AND entity_id = $1 ORDER BY at", [invited.user.id]);
    assert.deepEqual(audit.map((a) => a.action), ['invite', 'set_password', 'deactivate']);
  });

  test('a deactivated user gets no new link: resending would reactivate them', async () => {
    const invited = await d.ok(d.admin, 'POST', `/vendors/${d.vendorId}/users/invite/`, { email: email(), name: 'Let Go' }, 201);
    await d.ok(d.admin, 'POST', `/vendors/${d.vendorId}/users/${invited.user.id}/deactivate/`, undefined, 200);
    const resent = await d.call(d.admin, 'POST', `/vendors/${d.vendorId}/users/${invited.user.id}/resend/`);
    assert.equal(resent.status, 409);
    assert.equal(resent.body.detail, 'This user was deactivated; a new link would reactivate them.');
    const [open] = await d.sql<Json>('SELECT count(*)::int AS n FROM user_invitations WHERE user_id = $1 AND used_at IS NULL AND voided_at IS NULL', [invited.user.id]);
    assert.equal(open.n, 0);
  });

  test('a suspended vendor gets no invitations nor new links (its users cannot log in), in the request\'s language', async () => {
    const vendor = await d.ok(d.admin, 'POST', '/vendors/', { trade_name: 'Erg Chebbi Camps', legal_name: 'SARL Erg Chebbi Camps' });
    const waiting = await d.ok(d.admin, 'POST', `/vendors/${vendor.id}/users/invite/`, { email: email(), name: 'Before' }, 201);
    await d.sql("UPDATE vendors SET status = 'suspended' WHERE id = $1", [vendor.id]);
    const invite = await d.call(d.admin, 'POST', `/vendors/${vendor.id}/users/invite/`, { email: email(), name: 'Too Late' });
    assert.equal(invite.status, 409);
    assert.equal(invite.body.detail, 'Users of a suspended or rejected vendor cannot log in, so no link is sent.');
    assert.equal((await d.call(d.admin, 'POST', `/vendors/${vendor.id}/users/${waiting.user.id}/resend/`)).status, 409);
    const french = await d.call(d.admin, 'POST', `/vendors/${vendor.id}/users/invite/`, { email: email(), name: 'Trop Tard' }, { 'accept-language': 'fr' });
    assert.match(french.body.detail, /prestataire suspendu/);
  });

  test('unknown tokens are not found and count as failed guesses', async () => {
    assert.equal((await d.call(null, 'GET', `/set-password/${'x'.repeat(43)}/`)).status, 404);
    const [row] = await d.sql<Json>("SELECT count(*)::int AS n FROM login_failures WHERE account LIKE 'set-password %'");
    assert.ok(row.n >= 1);
  });
});

describe('a forgotten password', () => {
  const ask = (address: string, ip = '10.9.0.1') =>
    d.t.app.inject({ method: 'POST', url: '/branch/api/password-reset/', payload: { email: address, lang: 'fr' }, remoteAddress: ip });
  /** The reset email sent to an address (sent after the answer: waited for a moment). */
  async function emailTo(address: string, count = 1): Promise<{ title: string; body: string; locale: string }[]> {
    for (let i = 0; i < 100; i++) {
      const rows = await d.sql<{ title: string; body: string; locale: string }>(
        "SELECT title, body, locale FROM notification_outbox WHERE address = $1 AND channel = 'email' AND notification_id IS NULL ORDER BY id",
        [address],
      );
      if (rows.length >= count) return rows;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return [];
  }
  const linkIn = (body: string) => /\/fr\/set-password\/([A-Za-z0-9_-]{43})/.exec(body)?.[1];
  async function activeUser(name: string) {
    const address = email();
    const invited = await d.ok(d.admin, 'POST', `/vendors/${d.vendorId}/users/invite/`, { email: address, name }, 201);
    await d.ok(null, 'POST', `/set-password/${tokenOf(invited.set_password_path)}/`, { password: 'dunes and 42 camels' }, 200);
    return { address, id: invited.user.id as string };
  }

  test('the answer is the same for an account, an unknown address and a deactivated user; only the account gets a link', async () => {
    const known = await activeUser('Nadia Forgetful');
    const gone = await activeUser('Gone Away');
    await d.ok(d.admin, 'POST', `/vendors/${d.vendorId}/users/${gone.id}/deactivate/`, undefined, 200);
    const answers = [];
    for (const address of [known.address, 'nobody-here@example.test', gone.address]) {
      const res = await ask(address.toUpperCase());
      answers.push({ status: res.statusCode, body: res.json() });
    }
    assert.equal(answers[0].status, 202);
    assert.deepEqual(answers[1], answers[0], 'an unknown address gets the same answer');
    assert.deepEqual(answers[2], answers[0], 'a deactivated user gets the same answer');
    const [mail] = await emailTo(known.address);
    assert.equal(mail.locale, 'fr');
    assert.match(mail.title, /nouveau mot de passe/);
    assert.ok(linkIn(mail.body), mail.body);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal((await emailTo('nobody-here@example.test', 0)).length, 0);
    assert.equal((await emailTo(gone.address, 0)).length, 0);
    // Staff's view of the user is unchanged by a reset link.
    const listed = (await d.ok(d.admin, 'GET', `/vendors/${d.vendorId}/users/`)).results.find((u: Json) => u.id === known.id);
    assert.equal(listed.state, 'active');
  });

  test('the link sets a new password once, ends the user’s sessions, and is short-lived', async () => {
    const user = await activeUser('Karim Reset');
    const before = await login(user.address, 'dunes and 42 camels');
    assert.equal(before.statusCode, 200);
    const refreshToken = before.json().refresh_token;
    assert.equal((await ask(user.address)).statusCode, 202);
    const token = linkIn((await emailTo(user.address))[0].body)!;
    const link = await d.ok(null, 'GET', `/set-password/${token}/`);
    assert.deepEqual(link, { status: 'open', email: user.address, name: 'Karim Reset', purpose: 'reset' });
    const [row] = await d.sql<Json>("SELECT expires_at - created_at <= interval '30 minutes' AS short FROM user_invitations WHERE user_id = $1 AND purpose = 'reset'", [user.id]);
    assert.equal(row.short, true);

    await d.ok(null, 'POST', `/set-password/${token}/`, { password: 'oasis and 7 palms' }, 200);
    assert.equal((await login(user.address, 'dunes and 42 camels')).statusCode, 401);
    assert.equal((await login(user.address, 'oasis and 7 palms')).statusCode, 200);
    const refreshed = await d.t.app.inject({ method: 'POST', url: '/branch/api/master-admins/refresh/?format=web', payload: { refresh_token: refreshToken } });
    assert.equal(refreshed.statusCode, 401, 'sessions from before the reset are over');
    const again = await d.call(null, 'POST', `/set-password/${token}/`, { password: 'another 99 tries' });
    assert.equal(again.status, 409, 'a link works once');

    // A newer link replaces the open one; an expired one is refused.
    await ask(user.address);
    await ask(user.address);
    const mails = await emailTo(user.address, 3);
    const [older, newer] = mails.slice(1).map((m) => linkIn(m.body)!);
    assert.equal((await d.ok(null, 'GET', `/set-password/${older}/`)).status, 'replaced');
    await d.sql("UPDATE user_invitations SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND used_at IS NULL AND voided_at IS NULL", [user.id]);
    assert.equal((await d.call(null, 'POST', `/set-password/${newer}/`, { password: 'late 4 the party' })).status, 409);
  });

  test('asking is rate-limited like logging in, whether or not the address has an account', async () => {
    let last = 0;
    for (let i = 0; i < 12; i++) last = (await ask('who-knows@example.test', '10.9.0.77')).statusCode;
    assert.equal(last, 429);
    const refused = await ask('who-knows@example.test', '10.9.0.77');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal((await d.call(null, 'POST', '/password-reset/', { email: 'not an email' })).status, 400);
  });
});

describe('acting as a vendor', () => {
  const act = async (reason = 'Helping with their timetable') =>
    d.ok(d.admin, 'POST', `/vendors/${d.vendorId}/act-as/`, { reason }, 200);

  test('needs a reason and staff', async () => {
    const missing = await d.call(d.admin, 'POST', `/vendors/${d.vendorId}/act-as/`, { reason: '  ' });
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.body.errors, { reason: ['A reason is required.'] });
    assert.equal((await d.call(d.vendor, 'POST', `/vendors/${d.vendorId}/act-as/`, { reason: 'x' })).status, 403);
  });

  test('only an active vendor can be acted as', async () => {
    const applied = await d.ok(d.admin, 'POST', '/vendors/', { trade_name: 'Tadrart Nights', legal_name: 'SARL Tadrart Nights' });
    const refused = await d.call(d.admin, 'POST', `/vendors/${applied.id}/act-as/`, { reason: 'Setting up their services' });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.detail, 'Only an active vendor can be acted as.');
  });

  test('writes are audited under the staff member and the vendor, with the reason', async () => {
    const session = await act('Fixing a branch name');
    assert.equal(session.vendor_id, d.vendorId);
    assert.ok(Date.parse(session.expires_at) - Date.parse(session.started_at) === 30 * 60_000);
    const branch = await d.call(d.admin, 'POST', '/branches/', { name: 'Acted branch', wilaya_code: '16' }, { 'x-act-as-vendor': session.id });
    assert.equal(branch.status, 201);
    assert.equal(branch.body.vendor_id, d.vendorId);
    const [row] = await d.sql<Json>("SELECT actor_user_id, acting_as_vendor_id, acting_reason FROM audit_log WHERE entity = 'branches' AND entity_id = $1", [branch.body.id]);
    assert.deepEqual(row, { actor_user_id: d.admin.user.id, acting_as_vendor_id: d.vendorId, acting_reason: 'Fixing a branch name' });
    const audit = await d.ok(d.admin, 'GET', `/audit-log/?entity_id=${branch.body.id}`);
    assert.equal(audit.results[0].acting_reason, 'Fixing a branch name');
  });

  test('payout account fields are refused while acting, allowed to the vendor itself', async () => {
    const session = await act();
    const rib = '007999990001234567' + ribKey('007999990001234567');
    const { version } = await d.ok(d.vendor, 'GET', `/vendors/${d.vendorId}/`);
    const acting = await d.call(d.admin, 'PATCH', `/vendors/${d.vendorId}/`, { version, payout_account: rib }, { 'x-act-as-vendor': session.id });
    assert.equal(acting.status, 403);
    assert.equal(acting.body.detail, 'Payout account details cannot be changed while acting as a vendor.');
    const other = await d.call(d.admin, 'PATCH', `/vendors/${d.vendorId}/`, { version, contact_name: 'Acted contact' }, { 'x-act-as-vendor': session.id });
    assert.equal(other.status, 200);
    const own = await d.call(d.vendor, 'PATCH', `/vendors/${d.vendorId}/`, { version: other.body.version, payout_method: 'rib', payout_account: rib });
    assert.equal(own.status, 200, JSON.stringify(own.body));
  });

  test('an expired, ended or foreign session is refused with a clear message', async () => {
    const expired = await act();
    await d.sql("UPDATE act_as_sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);
    const late = await d.call(d.admin, 'GET', '/bookings/', undefined, { 'x-act-as-vendor': expired.id, 'accept-language': 'en' });
    assert.equal(late.status, 403);
    assert.equal(late.body.code, 'act_as_ended');
    assert.equal(late.body.detail, 'Acting as this vendor has ended. You are back in the staff view.');

    const ended = await act();
    await d.ok(d.admin, 'POST', `/act-as/${ended.id}/end/`, undefined, 204);
    assert.equal((await d.call(d.admin, 'GET', '/bookings/', undefined, { 'x-act-as-vendor': ended.id })).status, 403);
    const [endRow] = await d.sql<Json>("SELECT actor_user_id, acting_as_vendor_id, acting_reason FROM audit_log WHERE action = 'act_as_end' ORDER BY at DESC LIMIT 1");
    assert.deepEqual(endRow, { actor_user_id: d.admin.user.id, acting_as_vendor_id: d.vendorId, acting_reason: 'Helping with their timetable' });

    // Opening another one ends the first.
    const first = await act();
    const second = await act();
    assert.equal((await d.call(d.admin, 'GET', '/bookings/', undefined, { 'x-act-as-vendor': first.id })).status, 403);
    assert.equal((await d.call(d.admin, 'GET', '/bookings/', undefined, { 'x-act-as-vendor': second.id })).status, 200);
    // Vendor staff sending someone's session id gain nothing: the header is for staff.
    const asVendor2 = await d.call(d.vendor2, 'GET', '/bookings/?page_size=100', undefined, { 'x-act-as-vendor': second.id });
    assert.ok(asVendor2.body.results.every((b: Json) => b.vendor_id === d.vendor2Id));
  });

  test('deactivating the staff member or taking away staff rights ends their act-as sessions', async () => {
    const { hashPassword } = await import('../../server/auth/passwords.ts');
    for (const [email, change] of [['staff3@rihla.test', 'active = false'], ['staff4@rihla.test', `admin = false, vendor_id = '${d.vendor2Id}'`]] as const) {
      const password = 'staff password 3';
      await d.sql("INSERT INTO users (email, name, password_hash, admin) VALUES ($1, 'Staff Three', $2, true)", [email, await hashPassword(password)]);
      const signedIn = JSON.parse((await login(email, password)).body);
      const auth = { authorization: `JWT ${signedIn.access_token}` };
      const opened = await d.t.app.inject({ method: 'POST', url: `/branch/api/vendors/${d.vendorId}/act-as/`, headers: auth, payload: { reason: 'Support call' } });
      assert.equal(opened.statusCode, 200, opened.body);
      await d.sql(`UPDATE users SET ${change} WHERE email = $1`, [email]);
      const [row] = await d.sql<Json>('SELECT ended_at FROM act_as_sessions WHERE id = $1', [JSON.parse(opened.body).id]);
      assert.ok(row.ended_at, `${change} ends the session`);
    }
  });

  test('logging out ends the act-as session', async () => {
    const password = 'staff password 1';
    const { hashPassword } = await import('../../server/auth/passwords.ts');
    await d.sql("INSERT INTO users (email, name, password_hash, admin) VALUES ('staff2@rihla.test', 'Staff Two', $1, true)", [await hashPassword(password)]);
    const signedIn = JSON.parse((await login('staff2@rihla.test', password)).body);
    const auth = { authorization: `JWT ${signedIn.access_token}` };
    const opened = await d.t.app.inject({ method: 'POST', url: `/branch/api/vendors/${d.vendorId}/act-as/`, headers: auth, payload: { reason: 'Support call' } });
    const session = JSON.parse(opened.body);
    assert.equal(opened.statusCode, 200);
    await d.t.app.inject({ method: 'POST', url: '/branch/api/master-admins/logout', payload: { refreshToken: signedIn.refresh_token } });
    const [row] = await d.sql<Json>('SELECT ended_at FROM act_as_sessions WHERE id = $1', [session.id]);
    assert.ok(row.ended_at);
  });
});
