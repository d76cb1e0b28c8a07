/**
 * Histories name every action the server records in words, in three languages; a merge
 * names the other customer.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { createIntl } from 'react-intl';
import ar from '../../src/locales/ar.json' with { type: 'json' };
import en from '../../src/locales/en.json' with { type: 'json' };
import fr from '../../src/locales/fr.json' with { type: 'json' };
import { auditAction } from '../../src/views/bookings/BookingTimeline.tsx';

const CATALOGUES: Record<string, Record<string, string>> = { en, fr, ar };
const intlOf = (locale: string) => createIntl({ locale, messages: CATALOGUES[locale] });

/** Every audit action the server writes by name (`action: 'merge'`, `action: blocked ? 'block' : 'unblock'`). */
function serverActions(): string[] {
  const files = readdirSync('server', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
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
