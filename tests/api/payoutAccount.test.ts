/**
 * Where a vendor's money goes (security hardening): a payout account on file changes only
 * with a reason, by the vendor's staff or by staff not acting as it; the change is audited
 * naming who with the account masked, the vendor's users are told in the bell and by
 * email, and the first payout paid after it waits for the approval of a second staff
 * member (not the one who changed the account).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startRefreshFamily } from '../../server/auth/refreshTokens.ts';
import { runDueJobs } from '../../server/jobs/index.ts';
import { ribKey } from '../../common/algerianIds.ts';
import { book, catalogFor, startDomain, type Catalog, type Domain, type Json, type Who } from './resources.fixtures.ts';

let d: Domain;
let c2: Catalog;
/** A second staff member. */
let admin2: Who;

const rib = (first18: string) => first18 + ribKey(first18);
const today = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

before(async () => {
  d = await startDomain();
  c2 = await catalogFor(d, d.vendor2);
  const { rows: [user] } = await d.t.db.query<Who['user']>(
    `INSERT INTO users (email, name, password_hash, admin) VALUES ('staff2@rihla.test', 'Second Staff', 'not-a-hash', true)
     RETURNING id, email, name, phone, admin, vendor_id`,
  );
  const session = await startRefreshFamily(d.t.db, user.id, 86_400);
  admin2 = { user, token: await d.t.app.signAccessToken(user, session.familyId) };
  // Both vendors have an account on file from before.
  await d.sql("UPDATE vendors SET payout_method = 'rib', payout_account = $2 WHERE id = $1", [d.vendorId, rib('007999990000000001')]);
  await d.sql("UPDATE vendors SET payout_method = 'rib', payout_account = $2 WHERE id = $1", [d.vendor2Id, rib('007999990000000002')]);
});
after(() => d.close());

const vendorOf = (id: string) => d.ok(d.admin, 'GET', `/vendors/${id}/`);
const changeAccount = async (who: Who, vendorId: string, account: string, reason?: string, headers: Record<string, string> = {}) => {
  const { version } = await vendorOf(vendorId);
  return d.call(who, 'PATCH', `/vendors/${vendorId}/`, { version, payout_method: 'rib', payout_account: account, ...(reason === undefined ? {} : { payout_change_reason: reason }) }, headers);
};
/** A paid cash booking of vendor 2 whose activity has taken place: payable. */
async function payable() {
  const booking = await book(d, d.vendor2, c2, { payment_method: 'cash' });
  await d.sql("UPDATE vendor_share_entries SET payable_from = now() - interval '1 day' WHERE booking_id = $1", [booking.id]);
}
/** A built and approved payout of vendor 2. */
async function approvedPayout(): Promise<Json> {
  await payable();
  const draft = await d.ok(d.admin, 'POST', '/payouts/build/', { vendor_id: d.vendor2Id, period_end: today() });
  return d.ok(d.admin, 'POST', `/payouts/${draft.id}/transition/`, { event: 'approve', version: draft.version });
}
const pay = (payout: Json, who = d.admin) => d.call(who, 'POST', `/payouts/${payout.id}/pay/`, { version: payout.version, bank_reference: `VIR-${payout.id.slice(0, 8)}` });

describe('changing a payout account', () => {
  test('needs a reason when it replaces an account on file, from staff and from the vendor alike, said at its field in the request’s language', async () => {
    const before = await vendorOf(d.vendorId);
    assert.ok(before.payout_account, 'the demo vendor has an account on file');
    const next = rib('007999990009876543');
    for (const who of [d.admin, d.vendor]) {
      for (const reason of [undefined, '   ']) {
        const refused = await changeAccount(who, d.vendorId, next, reason);
        assert.equal(refused.status, 400, JSON.stringify(refused.body));
        assert.deepEqual(refused.body.errors, { payout_change_reason: ['Give a reason for changing the payout account.'] });
      }
    }
    const french = await changeAccount(d.admin, d.vendorId, next, '', { 'accept-language': 'fr' });
    assert.deepEqual(french.body.errors, { payout_change_reason: ['Indiquez le motif du changement de compte de versement.'] });
    const arabic = await changeAccount(d.admin, d.vendorId, next, '', { 'accept-language': 'ar' });
    assert.deepEqual(arabic.body.errors, { payout_change_reason: ['اذكر سبب تغيير حساب الدفع.'] });
    assert.equal((await vendorOf(d.vendorId)).payout_account, before.payout_account, 'nothing changed');
    // A wrong key and a missing reason are said together.
    const both = await changeAccount(d.admin, d.vendorId, '00799999000987654300');
    assert.deepEqual(Object.keys(both.body.errors).sort(), ['payout_account', 'payout_change_reason']);
    // A save that leaves the account as it is needs no reason.
    const same = await d.call(d.vendor, 'PATCH', `/vendors/${d.vendorId}/`, { version: before.version, payout_method: before.payout_method, payout_account: before.payout_account, contact_name: 'Yacine' });
    assert.equal(same.status, 200, JSON.stringify(same.body));
    assert.equal(same.body.payout_account_changed_at, null);
  });

  test('a first account on file needs no reason, and is stamped all the same', async () => {
    const v = await d.ok(d.admin, 'POST', '/vendors/', { trade_name: 'Tassili Rando', legal_name: 'EURL Tassili Rando' });
    const first = await d.ok(d.admin, 'PATCH', `/vendors/${v.id}/`, { version: v.version, payout_method: 'rib', payout_account: rib('007999990006667778') });
    assert.equal(first.payout_account_changed_by, d.admin.user.id);
    assert.equal(first.payout_account_change_reason, null);
    const removed = await d.call(d.admin, 'PATCH', `/vendors/${v.id}/`, { version: first.version, payout_method: null, payout_account: null });
    assert.deepEqual(removed.body.errors, { payout_change_reason: ['Give a reason for changing the payout account.'] }, 'removing one needs a reason');
  });

  test('is stamped on the vendor and audited naming who, the account masked to its last 4 digits', async () => {
    const before = await vendorOf(d.vendorId);
    const next = rib('007999990001112223');
    const saved = await changeAccount(d.admin, d.vendorId, next, 'New bank letter received by post');
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.payout_account, next);
    assert.equal(saved.body.payout_account_changed_by, d.admin.user.id);
    assert.equal(saved.body.payout_account_change_reason, 'New bank letter received by post');
    assert.ok(Date.parse(saved.body.payout_account_changed_at) > Date.now() - 60_000);

    const [entry, ...more] = await d.sql<Json>(
      "SELECT * FROM audit_log WHERE entity = 'vendors' AND entity_id = $1 AND action = 'payout_account_change' ORDER BY at",
      [d.vendorId],
    );
    assert.ok(entry, 'audited as a payout account change');
    assert.equal(more.length, 0);
    assert.equal(entry.actor_user_id, d.admin.user.id);
    assert.equal(entry.actor_email, d.admin.user.email);
    assert.equal(entry.before.payout_account, `****${String(before.payout_account).slice(-4)}`);
    assert.equal(entry.after.payout_account, `****${next.slice(-4)}`);
    assert.equal(entry.after.reason, 'New bank letter received by post');
    const written = JSON.stringify([entry.before, entry.after]);
    assert.ok(!written.includes(next) && !written.includes(String(before.payout_account)), 'no whole account in the audit');
    // The vendor's history on its page reads it.
    const history = await d.ok(d.admin, 'GET', `/audit-log/?entity=vendors&entity_id=${d.vendorId}`);
    assert.ok(history.results.some((e: Json) => e.action === 'payout_account_change'));
  });

  test('tells every active user of the vendor in the bell and by email, in three languages, without the whole account', async () => {
    const next = rib('007999990004445556');
    const since = new Date().toISOString();
    const saved = await changeAccount(d.vendor, d.vendorId, next, 'We moved to another bank');
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const made = await d.sql<Json>(
      "SELECT * FROM notifications WHERE template_key = 'payout_account_changed' AND created_at >= $1 ORDER BY channel",
      [since],
    );
    assert.deepEqual(made.map((n) => [n.channel, n.audience_type, n.audience_user_id]), [
      ['email', 'user', d.vendor.user.id],
      ['in_app', 'user', d.vendor.user.id],
    ]);
    const [email] = made;
    assert.notEqual(email.status, 'draft', 'sent, not left as a draft');
    assert.equal(email.title_i18n.en, `Payout account changed for ${saved.body.trade_name}`);
    assert.ok(email.title_i18n.fr.startsWith('Compte de versement modifié'));
    assert.ok(email.title_i18n.ar.startsWith('تغيير حساب الدفع'));
    for (const locale of ['en', 'fr', 'ar']) {
      const body = email.body_i18n[locale];
      assert.ok(body.includes(`****${next.slice(-4)}`), `${locale}: the masked account`);
      assert.ok(body.includes('We moved to another bank'), `${locale}: the reason`);
      assert.ok(body.includes(d.vendor.user.name), `${locale}: who`);
      assert.ok(!body.includes(next), `${locale}: never the whole account`);
      assert.doesNotMatch(body, /\{[a-zA-Z]+\}/, `${locale}: no placeholder left`);
    }
    assert.match(email.body_i18n.ar, /حساب/);

    await runDueJobs(d.t.app);
    const bell = await d.sql<Json>('SELECT user_id, title_i18n FROM inbox_items WHERE notification_id = $1', [made[1].id]);
    assert.deepEqual(bell.map((b) => b.user_id), [d.vendor.user.id]);
    const language = await d.ok(d.admin, 'GET', '/settings/language/');
    const mail = await d.sql<Json>('SELECT address, locale, title, body FROM notification_outbox WHERE notification_id = $1', [email.id]);
    assert.equal(mail.length, 1);
    assert.equal(mail[0].address, d.vendor.user.email);
    const locale = String(language.value.default);
    assert.equal(mail[0].locale, locale);
    assert.equal(mail[0].title, email.title_i18n[locale]);
    // Another vendor's users hear nothing.
    assert.equal(made.filter((n) => n.audience_user_id === d.vendor2.user.id).length, 0);
  });

  test('staff acting as the vendor still may not change it', async () => {
    const session = await d.ok(d.admin, 'POST', `/vendors/${d.vendorId}/act-as/`, { reason: 'Support call' }, 200);
    const acting = await changeAccount(d.admin, d.vendorId, rib('007999990007778889'), 'Vendor asked on the phone', { 'x-act-as-vendor': session.id });
    assert.equal(acting.status, 403);
  });
});

describe('the first payout to a changed account', () => {
  test('waits for a second staff member’s approval before it is marked paid; the one who changed the account cannot give it', async () => {
    const changed = await changeAccount(d.admin, d.vendor2Id, rib('007999990002223334'), 'Vendor sent a new RIB certificate');
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const payout = await approvedPayout();
    assert.equal(payout.status, 'approved');

    const read = await d.ok(d.admin, 'GET', `/payouts/${payout.id}/`);
    assert.equal(read.account_approval, 'awaiting');
    assert.equal(read.account_changed_by, d.admin.user.id);
    assert.equal(read.account_change_reason, 'Vendor sent a new RIB certificate');
    const listed = await d.ok(d.admin, 'GET', `/payouts/?vendor_id=${d.vendor2Id}&status=approved`);
    assert.equal(listed.results.find((p: Json) => p.id === payout.id)?.account_approval, 'awaiting', 'the list says so too');

    const refused = await pay(payout);
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    assert.equal(refused.body.detail, 'The payout account of this vendor changed since its last payout: another staff member must approve this payout before it is marked paid.');
    const french = await d.call(d.admin, 'POST', `/payouts/${payout.id}/pay/`, { version: payout.version, bank_reference: 'VIR-1' }, { 'accept-language': 'fr' });
    assert.match(french.body.detail, /un autre membre du personnel doit approuver/);
    // Nor by any other path: the database refuses it as well.
    await assert.rejects(d.sql("UPDATE payouts SET status = 'paid', bank_reference = 'X', paid_at = now() WHERE id = $1", [payout.id]));

    const self = await d.call(d.admin, 'POST', `/payouts/${payout.id}/approve-account/`, { version: payout.version });
    assert.equal(self.status, 403);
    assert.equal(self.body.detail, 'You changed this payout account: another staff member must give the second approval.');
    assert.equal((await d.call(d.vendor2, 'POST', `/payouts/${payout.id}/approve-account/`, { version: payout.version })).status, 403, 'vendor staff cannot');
    assert.equal((await d.call(admin2, 'POST', `/payouts/${payout.id}/approve-account/`, { version: payout.version + 5 })).status, 409, 'a stale version');

    const approved = await d.ok(admin2, 'POST', `/payouts/${payout.id}/approve-account/`, { version: payout.version }, 200);
    assert.equal(approved.account_approval, 'approved');
    assert.equal(approved.account_approved_by, admin2.user.id);
    const [entry] = await d.sql<Json>("SELECT actor_user_id FROM audit_log WHERE entity = 'payouts' AND entity_id = $1 AND action = 'approve_account'", [payout.id]);
    assert.equal(entry?.actor_user_id, admin2.user.id);
    const again = await d.call(admin2, 'POST', `/payouts/${payout.id}/approve-account/`, { version: approved.version });
    assert.equal(again.status, 409);

    const paid = await pay(approved);
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(paid.body.status, 'paid');

    // Paid once to the new account, the next payouts go without a second approval.
    const next = await approvedPayout();
    assert.equal((await d.ok(d.admin, 'GET', `/payouts/${next.id}/`)).account_approval, null);
    assert.equal((await pay(next)).status, 200);
  });

  test('a change after the second approval asks for it again; a change by the vendor itself is approved by any staff member', async () => {
    const payout = await approvedPayout();
    const vendorChange = await changeAccount(d.vendor2, d.vendor2Id, rib('007999990003334445'), 'Our old account is closed');
    assert.equal(vendorChange.status, 200, JSON.stringify(vendorChange.body));
    const approved = await d.ok(d.admin, 'POST', `/payouts/${payout.id}/approve-account/`, { version: payout.version }, 200);
    assert.equal(approved.account_approval, 'approved');

    // Changed again before it was paid: the approval was for the account before.
    const staffChange = await changeAccount(admin2, d.vendor2Id, rib('007999990005556667'), 'Corrected a typo in the RIB');
    assert.equal(staffChange.status, 200);
    const stale = await pay(approved);
    assert.equal(stale.status, 409);
    assert.equal((await d.ok(d.admin, 'GET', `/payouts/${payout.id}/`)).account_approval, 'awaiting');
    assert.equal((await d.call(admin2, 'POST', `/payouts/${payout.id}/approve-account/`, { version: approved.version })).status, 403);
    const second = await d.ok(d.admin, 'POST', `/payouts/${payout.id}/approve-account/`, { version: approved.version }, 200);
    assert.equal((await pay(second)).status, 200);
  });

  test('a payout that never waited cannot be “approved”, and approving an unknown payout is a 404', async () => {
    const payout = await approvedPayout();
    const refused = await d.call(admin2, 'POST', `/payouts/${payout.id}/approve-account/`, { version: payout.version });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.detail, 'This payout does not wait for a second approval.');
    assert.equal((await d.call(admin2, 'POST', '/payouts/00000000-0000-4000-8000-000000000000/approve-account/', { version: 1 })).status, 404);
    assert.equal((await d.call(admin2, 'POST', `/payouts/${payout.id}/approve-account/`, { version: 'x' })).status, 400);
    assert.equal((await d.call(admin2, 'POST', '/payouts/not-an-id/approve-account/', { version: 1 })).status, 404);
    const tooLong = await changeAccount(d.admin, d.vendor2Id, rib('007999990008889990'), 'x'.repeat(501));
    assert.equal(tooLong.status, 400);
    assert.ok(tooLong.body.errors.payout_change_reason);
    assert.equal((await changeAccount(d.admin, d.vendor2Id, rib('007999990008889990'), 42 as never)).status, 400);
    assert.equal((await pay(payout)).status, 200);
  });
});
