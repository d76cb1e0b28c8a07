/** Vendor documents' expiry: the vendor page's alert heading and the home queue's sentence. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IntlMessageFormat } from 'intl-messageformat';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import { algeriaToday, expiryHeading } from './expiry.ts';

test('expired documents are headed as expired, not as expiring', () => {
  const today = '2026-11-24';
  assert.equal(expiryHeading(['2026-12-01'], today), 'vendors.expiry.title');
  assert.equal(expiryHeading(['2026-11-24'], today), 'vendors.expiry.title', 'a document expiring today is still valid today');
  assert.equal(expiryHeading(['2026-10-01'], today), 'vendors.expiry.titleExpired');
  assert.equal(expiryHeading(['2026-10-01', '2026-12-01'], today), 'vendors.expiry.titleMixed');
});

test('today is Algeria\'s day (UTC+1)', () => {
  assert.equal(algeriaToday(Date.parse('2026-11-24T23:30:00Z')), '2026-11-25');
});

const CATALOGUES: Record<'en' | 'fr' | 'ar', Record<string, string>> = { en, fr, ar };

test('the home queue words a document\'s kind in its sentence (French with its article)', () => {
  const say = (locale: 'en' | 'fr' | 'ar', id: string, kind: string) =>
    new IntlMessageFormat(CATALOGUES[locale][id], locale).format({ vendor: 'Erg Camps', kind, date: 'D' });
  assert.equal(say('fr', 'vendors.queue.documentExpired', 'liability_insurance'), 'Erg Camps : l’assurance responsabilité civile a expiré le D');
  assert.equal(say('fr', 'vendors.queue.documentExpiring', 'tax_card'), 'Erg Camps : la carte fiscale expire le D');
  assert.equal(say('en', 'vendors.queue.documentExpired', 'activity_licence'), 'Erg Camps: Activity licence expired on D');
  assert.equal(say('ar', 'vendors.queue.documentExpiring', 'commercial_register'), 'Erg Camps: السجل التجاري ينتهي في D');
});
