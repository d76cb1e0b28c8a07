/**
 * The API's error messages in the request's language: every pattern names a message of
 * the three catalogues whose ICU arguments are the pattern's named groups, no
 * `serverError.` message is left without a pattern, and the language is picked from
 * `Accept-Language` by quality.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { SERVER_MESSAGES, moneyText, requestLocale, translateErrorBody, translateKnown, translateMessage } from './errorLanguage.ts';
import ar from '../src/locales/ar.json' with { type: 'json' };
import en from '../src/locales/en.json' with { type: 'json' };
import fr from '../src/locales/fr.json' with { type: 'json' };

const catalogues: Record<string, Record<string, string>> = { en, fr, ar };

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      argumentsOf(element.children, into);
      continue;
    }
    into.add(element.value);
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

const sorted = (s: Iterable<string>) => [...s].sort();

describe('server error messages', () => {
  it('every pattern names a message in en, fr and ar with its named groups as arguments', () => {
    for (const [pattern, id] of SERVER_MESSAGES) {
      const groups = sorted([...pattern.source.matchAll(/\(\?<(\w+)>/g)].map((m) => m[1]));
      for (const [locale, catalogue] of Object.entries(catalogues)) {
        assert.ok(typeof catalogue[id] === 'string', `${id} is missing in ${locale}`);
        assert.deepEqual(sorted(argumentsOf(parse(catalogue[id]))), groups, `${id} in ${locale}`);
      }
    }
  });

  it('every serverError message has a pattern', () => {
    const used = new Set(SERVER_MESSAGES.map(([, id]) => id));
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      assert.deepEqual(Object.keys(catalogue).filter((id) => id.startsWith('serverError.') && !used.has(id)), [], locale);
    }
  });

  it('translates whole messages, then sentence by sentence; unknown and English ones stay as they are', () => {
    assert.equal(translateMessage('3 seats are booked', 'fr'), '3 places sont réservées');
    assert.equal(translateMessage('must NOT have fewer than 1 characters', 'ar'), 'حرف واحد على الأقل.');
    assert.equal(
      translateMessage('This service cannot be published yet. Add at least one active price rule. Choose a cover image.', 'fr'),
      'Cette prestation ne peut pas encore être publiée. Ajoutez au moins une règle de prix active. Choisissez une image de couverture.',
    );
    assert.equal(translateMessage('Must be within Algeria: a latitude from 18.9 to 37.2.', 'fr'), 'Doit se trouver en Algérie : une latitude de 18,9 à 37,2.');
    assert.equal(translateMessage('Nobody wrote this one.', 'fr'), 'Nobody wrote this one.');
    assert.equal(translateMessage('3 seats are booked', 'en'), '3 seats are booked');
  });

  it('translates detail and field messages only, keeping the other members', () => {
    const body = { detail: '2 seats are booked', booked: 2, errors: { capacity: ['2 seats are booked; the capacity cannot be lower.'] } };
    assert.deepEqual(translateErrorBody(body, 'ar'), {
      detail: 'مقعدان محجوزان',
      booked: 2,
      errors: { capacity: ['مقعدان محجوزان: لا يمكن أن تكون السعة أقل.'] },
    });
  });

  it('picks the first of our languages by quality, else English', () => {
    assert.equal(requestLocale(undefined), 'en');
    assert.equal(requestLocale('fr-FR,fr;q=0.9,en;q=0.8'), 'fr');
    assert.equal(requestLocale('de-DE, ar;q=0.5'), 'ar');
    assert.equal(requestLocale('en;q=0.4, ar;q=0.7'), 'ar');
    assert.equal(requestLocale('ar;q=0, fr'), 'fr');
    assert.equal(requestLocale('de'), 'en');
  });
});

describe('amounts in messages', () => {
  it('are written in major units with the currency, and again the way of the language asked for', () => {
    assert.equal(moneyText(4040000, 'DZD'), '40,400.00 DZD');
    const message = `At most ${moneyText(98000, 'DZD')} can be refunded.`;
    assert.equal(message, 'At most 980.00 DZD can be refunded.');
    const ar = new Intl.NumberFormat('ar-DZ', { style: 'currency', currency: 'DZD' }).format(980);
    assert.ok(translateMessage(message, 'ar').includes(ar), translateMessage(message, 'ar'));
  });

  it('a gateway event says what it did only in words the table knows', () => {
    const known = `The booking owed ${moneyText(100000, 'DZD')}; it is overpaid by ${moneyText(5000, 'DZD')}. The link was cancelled when its payment landed.`;
    const fr = translateKnown(known, 'fr');
    assert.ok(fr?.startsWith('La réservation devait') && fr.endsWith('Le lien était annulé quand son paiement est arrivé.'), String(fr));
    assert.equal(translateKnown('Something nobody translated.', 'fr'), null);
    assert.equal(translateKnown('The booking owed 100000; it is overpaid by 5000.', 'en'), null, 'raw minor units are not a known message');
  });
});
