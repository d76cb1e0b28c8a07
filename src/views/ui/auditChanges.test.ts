/**
 * Histories name every action the server records in words, in three languages; a merge
 * names the other customer; lifecycle events read as outcomes; each changed field is said
 * with its old and new value.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { createIntl } from 'react-intl';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import type { AnyStateMachine } from 'xstate';
import { BUSINESS_TIME_ZONE } from '../../../common/time.ts';
import { LIFECYCLES } from '../../../common/lifecycles/index.ts';
import { auditAction } from '../bookings/BookingTimeline.tsx';
import { auditChanges } from './auditChanges.ts';

const CATALOGUES: Record<string, Record<string, string>> = { en, fr, ar };
// As the app's provider makes it: dates in Algeria's time.
const intlOf = (locale: string) => createIntl({ locale, messages: CATALOGUES[locale], timeZone: BUSINESS_TIME_ZONE });

/** Every audit action the server writes by name (`action: 'merge'`, `action: blocked ? 'block' : 'unblock'`). */
function serverActions(): string[] {
  const files = readdirSync('server', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const actions = new Set<string>();
  for (const file of files) {
    // A literal, or a choice of two literals; not a type (`action: keyof …`).
    for (const match of readFileSync(join('server', file), 'utf8').matchAll(/\baction: (?:'([a-z_]+)'|[\w.]+ \? '([a-z_]+)' : '([a-z_]+)')/g)) {
      for (const word of match.slice(1)) if (word) actions.add(word);
    }
  }
  return [...actions].sort();
}

test('every action the server records has words in each language', () => {
  const actions = serverActions();
  assert.ok(actions.includes('merge') && actions.includes('act_as') && actions.includes('block'), actions.join(', '));
  for (const locale of ['en', 'fr', 'ar']) {
    const missing = actions.filter((action) => !(`auditAction.${action}` in CATALOGUES[locale]));
    assert.deepEqual(missing, [], locale);
  }
});

test('a merge names the other customer, on either side', () => {
  const entry = (after: Record<string, unknown>) => ({ id: 'a', version: 1, action: 'merge', after });
  assert.equal(auditAction(intlOf('en'), entry({ merged_into_name: 'Amel B.' }), 'x'), 'Merged into Amel B.');
  assert.equal(auditAction(intlOf('en'), entry({ merged_from_name: 'Amel B.' }), 'x'), 'Merged Amel B. into this customer');
  assert.equal(auditAction(intlOf('ar'), entry({ merged_into_name: 'أمل' }), 'x'), 'دُمج في أمل');
  assert.equal(auditAction(intlOf('fr'), { id: 'b', version: 1, action: 'act_as_end', after: {} }, 'x'), 'Fin de l’action en tant que prestataire');
});

test('every lifecycle event reads as its outcome in each language ("Confirmed by", not "Confirm by")', () => {
  const events = new Set<string>();
  for (const chart of Object.values(LIFECYCLES)) for (const event of (chart as unknown as AnyStateMachine).events) if (!event.startsWith('xstate.')) events.add(event);
  assert.ok(events.has('confirm') && events.has('check_in') && events.has('publish'), [...events].join(', '));
  for (const locale of ['en', 'fr', 'ar']) {
    const missing = [...events].filter((event) => event !== 'change' && !(`auditEvent.${event}` in CATALOGUES[locale]));
    assert.deepEqual(missing, [], locale);
  }
  const confirmed = { id: 'c', version: 1, action: 'transition:confirm', before: { status: 'requested' }, after: { status: 'confirmed' } };
  assert.equal(auditAction(intlOf('en'), confirmed, 'bookingEvent'), 'Confirmed');
  assert.equal(auditAction(intlOf('fr'), confirmed, 'bookingEvent'), 'Confirmation');
});

test('a history says each field that changed, old and new, in the reader\'s words', () => {
  const en = intlOf('en');
  // A setting: its label in the section, the value with its unit.
  const setting = { action: 'settings', entity: 'settings', entity_id: 'business', before: { check_in_window_minutes: 120 }, after: { check_in_window_minutes: 600 } };
  assert.deepEqual(auditChanges(en, setting), { changes: [{ field: 'Check-in opens before the start', before: '120 minutes', after: '600 minutes' }], others: 0 });
  const fr = auditChanges(intlOf('fr'), { ...setting, entity_id: 'currency', before: { symbol_position: 'locale' }, after: { symbol_position: 'after' } });
  assert.equal(fr.changes.length, 1);
  assert.doesNotMatch(`${fr.changes[0].field} ${fr.changes[0].before} ${fr.changes[0].after}`, /symbol_position|locale|after/);
  // Fees: in the form's order, and only the payment method whose rate changed, not every rate twice.
  const fees = auditChanges(en, {
    ...setting, entity_id: 'fees',
    before: { payment_fee_percent: { cib: 1.5, cash: 0 }, platform_commission_percent: 12 },
    after: { payment_fee_percent: { cib: 1.8, cash: 0 }, platform_commission_percent: 13.5 },
  });
  assert.deepEqual(fees.changes, [
    { field: 'Platform commission', before: '12%', after: '13.5%' },
    { field: 'Payment method fees · CIB', before: '1.5%', after: '1.8%' },
  ]);

  // A record: money in the currency's format, statuses by their label, dates in Algeria's time; a transition's reason is not a change.
  const paid = auditChanges(en, {
    action: 'transition:check_in', entity: 'bookings',
    before: { status: 'confirmed', paid: 0, starts_at: '2026-06-01T07:00:00Z', status_reason: null, version: 3, branch_id: 'a' },
    after: { status: 'checked_in', paid: 1_250_000, starts_at: '2026-06-01T08:30:00Z', status_reason: 'late', version: 4, branch_id: 'b', reason: 'late', search_text: 'x' },
  });
  assert.deepEqual(paid.changes.map((c) => c.field), ['Status', 'Paid', 'Starts', 'Branch']);
  assert.deepEqual(paid.changes[0], { field: 'Status', before: 'Confirmed', after: 'Checked in' });
  assert.match(String(paid.changes[1].after), /12,500/);
  assert.match(String(paid.changes[2].before), /8:00/, 'Algeria is UTC+1');
  assert.deepEqual(paid.changes[3], { field: 'Branch', before: null, after: null }, 'a link to another record only "changed"');
  assert.equal(paid.others, 0, 'only in `after`: a note, not a change');

  // A title whose French text alone changed: the French words, not the English title twice.
  const titled = auditChanges(en, { action: 'update', entity: 'services', before: { title_i18n: { en: 'Camp', fr: 'Bivouac' } }, after: { title_i18n: { en: 'Camp', fr: 'Bivouac (Sahara)' } } });
  assert.deepEqual(titled.changes, [{ field: 'Title · Français', before: 'Bivouac', after: 'Bivouac (Sahara)' }]);

  const ar = auditChanges(intlOf('ar'), { action: 'update', entity: 'vendors', before: { commission_percent: 12, cache_x: 1 }, after: { commission_percent: 15, cache_x: 2 } });
  assert.equal(ar.changes[0].field, 'العمولة');
  assert.equal(ar.others, 1, 'a field without a name for readers is counted, not shown raw');
  assert.deepEqual(auditChanges(en, { action: 'create', entity: 'bookings', before: null, after: { status: 'confirmed' } }), { changes: [], others: 0 });
});
