/** The pure rules behind the form fields: amounts and numbers typed in each locale, tags, errors by path, dates. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatTypedDate, formatTypedDateTime, fromInputValue, outOfRange, parseTypedDate, parseTypedDateTime, parseTypedTime, toInputValue } from './dateTime.ts';
import { errorsAt, errorsElsewhere, errorsUnder, isMessageId, withoutErrorsAt } from './fieldErrors.ts';
import { i18nErrors, missingLanguages, tabAfterKey } from './i18nText.ts';
import { formatDecimalInput, formatMoneyInput, parseDecimal, parseMoney } from './numberText.ts';
import { addTags, normalizeTag, removeTagAt } from './tags.ts';

const money = (text: string, locale: string, currency = 'DZD') => {
  const result = parseMoney(text, locale, currency);
  return result.ok ? result.value : result.reason;
};

describe('amounts typed in each locale', () => {
  it('reads plain digits with a dot or a comma as the decimal mark, in every locale', () => {
    for (const locale of ['en-US', 'fr-FR', 'ar-DZ']) {
      assert.equal(money('1234.5', locale), 123450, locale);
      assert.equal(money('1234,50', locale), 123450, locale);
      assert.equal(money('1500', locale), 150000, locale);
      assert.equal(money('0.05', locale), 5, locale);
      assert.equal(money('.5', locale), 50, locale);
      assert.equal(money('  12.  ', locale), 1200, locale);
    }
  });

  it('reads English grouping', () => {
    assert.equal(money('1,234.50', 'en-US'), 123450);
    assert.equal(money('1,234', 'en-US'), 123400, 'a comma before three digits groups in English');
    assert.equal(money('1,234,567', 'en-US'), 123456700);
    assert.equal(money('1,5', 'en-US'), 150, 'a comma before other than three digits is a decimal mark');
  });

  it('reads French grouping with any space, including the narrow no-break space', () => {
    assert.equal(money('1 234,50', 'fr-FR'), 123450);
    assert.equal(money('1\u202F234,50', 'fr-FR'), 123450);
    assert.equal(money('1\u00A0234\u00A0567,5', 'fr-FR'), 123456750);
    assert.equal(money('1,234', 'fr-FR'), 'decimals', 'a French comma is the decimal mark: 1.234 has too many decimals');
    assert.equal(money('1 234.50', 'fr-FR'), 123450);
  });

  it('reads Arabic-Indic digits and Arabic separators, and Algerian Arabic grouping', () => {
    assert.equal(money('١٢٣٤٫٥', 'ar-DZ'), 123450);
    assert.equal(money('١٬٢٣٤٫٥٠', 'ar-DZ'), 123450);
    assert.equal(money('۱۲۳۴', 'ar-DZ'), 123400, 'Eastern Arabic (Persian) digits too');
    assert.equal(money('1.234,50', 'ar-DZ'), 123450);
    assert.equal(money('1.234', 'ar-DZ'), 123400, 'a dot before three digits groups in ar-DZ');
    assert.equal(money('\u200F1.234,50 د.ج.\u200F', 'ar-DZ'), 123450, 'the currency sign and bidi marks are ignored');
  });

  it('ignores the currency code around the amount', () => {
    assert.equal(money('DZD 1,500.00', 'en-US'), 150000);
    assert.equal(money('1 500,00 DZD', 'fr-FR'), 150000);
  });

  it('refuses what it would have to guess, with the reason', () => {
    assert.equal(money('12abc', 'en-US'), 'format');
    assert.equal(money('1,23,4', 'en-US'), 'format', 'groups of the wrong size');
    assert.equal(money('12 34', 'fr-FR'), 'format');
    assert.equal(money('1.2.3', 'fr-FR'), 'format');
    assert.equal(money('1,2.3,4', 'en-US'), 'format');
    assert.equal(money('.', 'en-US'), 'format');
    assert.equal(money('1.234', 'en-US'), 'decimals');
    assert.equal(money('-5', 'en-US'), 'negative');
    assert.equal(money('10000000001', 'en-US'), 'tooLarge');
  });

  it('follows the currency: three decimals for the Tunisian dinar', () => {
    assert.equal(money('1.234', 'en-US', 'TND'), 1234);
    assert.equal(money('1.2345', 'en-US', 'TND'), 'decimals');
  });

  it('takes an empty text as no amount', () => {
    assert.deepEqual(parseMoney('', 'fr-FR', 'DZD'), { ok: true, value: null });
    assert.deepEqual(parseMoney('   ', 'fr-FR', 'DZD'), { ok: true, value: null });
  });

  it('formats minor units for the input in the locale, and reads its own text back', () => {
    assert.equal(formatMoneyInput(123450, 'en-US', 'DZD'), '1,234.50');
    assert.equal(formatMoneyInput(123450, 'fr-FR', 'DZD').replace(/\s/g, ' '), '1 234,50');
    assert.equal(formatMoneyInput(null, 'fr-FR', 'DZD'), '');
    for (const locale of ['en-US', 'fr-FR', 'ar-DZ', 'ar', 'ar-EG']) {
      for (const minor of [0, 5, 150000, 123456789]) {
        assert.equal(money(formatMoneyInput(minor, locale, 'DZD'), locale), minor, `${locale} ${minor}`);
      }
    }
  });
});

describe('decimal numbers', () => {
  it('reads a percentage with a decimal comma or dot', () => {
    assert.deepEqual(parseDecimal('12,5', 'fr-FR', 2), { ok: true, value: 12.5 });
    assert.deepEqual(parseDecimal('12.75', 'en-US', 2), { ok: true, value: 12.75 });
    assert.deepEqual(parseDecimal('١٢٫٥', 'ar-DZ', 2), { ok: true, value: 12.5 });
    assert.deepEqual(parseDecimal('12.755', 'en-US', 2), { ok: false, reason: 'decimals' });
    assert.deepEqual(parseDecimal('', 'en-US', 2), { ok: true, value: null });
    // A minus sign only where negatives are allowed (a longitude), in any locale's form.
    assert.deepEqual(parseDecimal('-1.5', 'en-US', 2), { ok: false, reason: 'negative' });
    assert.deepEqual(parseDecimal('-1.5', 'en-US', 2, true), { ok: true, value: -1.5 });
    assert.deepEqual(parseDecimal('−8,25', 'fr-FR', 2, true), { ok: true, value: -8.25 });
    assert.deepEqual(parseDecimal(formatDecimalInput(-1.3, 'ar-DZ', 2), 'ar-DZ', 2, true), { ok: true, value: -1.3 });
    assert.deepEqual(parseDecimal('-', 'en-US', 2, true), { ok: false, reason: 'format' });
    assert.equal(formatDecimalInput(12.5, 'fr-FR', 2), '12,5');
  });
});

describe('tags', () => {
  const limits = { maxTags: 3, maxLength: 10 };

  it('normalises a tag: trimmed, one space inside, no commas, cut to the length', () => {
    assert.equal(normalizeTag('  sea   view ', 20), 'sea view');
    assert.equal(normalizeTag('a,b', 20), 'a b');
    assert.equal(normalizeTag('abcdefghijkl', 10), 'abcdefghij');
    assert.equal(normalizeTag('صحراء كبيرة جدا', 5), 'صحراء');
  });

  it('adds the tags of a text, ignoring duplicates (any case) and what does not fit', () => {
    let r = addTags([], 'Desert, quad ,،camel', limits);
    assert.deepEqual(r.tags, ['Desert', 'quad', 'camel']);
    r = addTags(['Desert'], 'desert', limits);
    assert.deepEqual(r, { tags: ['Desert'], added: [], duplicates: ['desert'], overflow: [] });
    r = addTags(['a', 'b'], 'c, d', limits);
    assert.deepEqual(r.tags, ['a', 'b', 'c']);
    assert.deepEqual(r.overflow, ['d']);
    r = addTags(['a'], ' ,  , ', limits);
    assert.deepEqual(r.added, []);
    r = addTags([], 'Café, café', limits);
    assert.deepEqual(r.tags, ['Café'], 'composed and decomposed forms are the same tag');
  });

  it('removes one tag by its place', () => {
    assert.deepEqual(removeTagAt(['a', 'b', 'c'], 1), ['a', 'c']);
  });
});

describe('errors by path', () => {
  const errors = {
    'title_i18n.fr': ['Too long.'],
    title_i18n: ['Required.'],
    'title_i18n.de': ['Unknown field.'],
    title_i18n_extra: ['Unrelated.'],
    'participants.adult': ['No price.'],
    '/items/0/service_id': ['Not found.'],
    vendor_id: ['Belongs to another vendor.'],
  };

  it('finds the errors under a field, by the rest of their path', () => {
    assert.deepEqual(errorsUnder(errors, 'title_i18n'), { fr: ['Too long.'], '': ['Required.'], de: ['Unknown field.'] });
    assert.deepEqual(errorsAt(errors, 'items'), ['Not found.']);
    assert.deepEqual(errorsAt(errors, 'participants'), ['No price.']);
    assert.equal(errorsAt(errors, 'price'), undefined);
  });

  it('maps i18n errors to their language; the rest belong to the whole field', () => {
    assert.deepEqual(i18nErrors(errorsUnder(errors, 'title_i18n')), { field: ['Required.', 'Unknown field.'], languages: { fr: ['Too long.'] } });
    assert.deepEqual(i18nErrors({ 'ar.extra': ['x'] }), { field: [], languages: { ar: ['x'] } });
  });

  it('lists the errors no field shows, and drops a field’s errors when it changes', () => {
    assert.deepEqual(
      errorsElsewhere(errors, ['title_i18n', 'participants', 'items']).map(([path]) => path),
      ['title_i18n_extra', 'vendor_id'],
    );
    assert.deepEqual(Object.keys(withoutErrorsAt(errors, 'title_i18n')), ['title_i18n_extra', 'participants.adult', '/items/0/service_id', 'vendor_id']);
  });

  it('tells message ids from the server’s words', () => {
    assert.equal(isMessageId('newBooking.customerRequired'), true);
    assert.equal(isMessageId('field.amount.format'), true);
    assert.equal(isMessageId('Must be after valid_from.'), false);
    assert.equal(isMessageId('Too long.'), false);
  });
});

describe('i18n tabs', () => {
  it('says which required languages are empty', () => {
    assert.deepEqual(missingLanguages({ en: ' ', fr: 'x' }, ['en', 'fr']), ['en']);
    assert.deepEqual(missingLanguages({}, []), []);
  });

  it('moves between tabs with the arrows, mirrored right-to-left, and Home/End', () => {
    assert.equal(tabAfterKey('ArrowRight', 0, 3, false), 1);
    assert.equal(tabAfterKey('ArrowLeft', 0, 3, false), 2, 'wraps around');
    assert.equal(tabAfterKey('ArrowLeft', 0, 3, true), 1, 'in Arabic ← goes to the next tab');
    assert.equal(tabAfterKey('ArrowRight', 1, 3, true), 0);
    assert.equal(tabAfterKey('End', 0, 3, true), 2);
    assert.equal(tabAfterKey('Home', 2, 3, false), 0);
    assert.equal(tabAfterKey('a', 0, 3, false), null);
  });
});

describe('dates and times for the inputs', () => {
  it('keeps calendar dates as they are', () => {
    assert.equal(toInputValue('2026-05-01', 'date'), '2026-05-01');
    assert.equal(fromInputValue('2026-05-01', 'date'), '2026-05-01');
    assert.equal(fromInputValue('', 'date'), null);
  });

  it('shows an instant in Algeria\'s time and reads it back to the same instant, whatever the browser\'s zone', () => {
    const local = '2026-05-01T09:30';
    const iso = fromInputValue(local, 'datetime');
    assert.equal(iso, '2026-05-01T08:30:00.000Z');
    assert.equal(toInputValue(iso, 'datetime'), local);
    assert.equal(toInputValue('2026-12-31T23:30:00Z', 'datetime'), '2027-01-01T00:30', 'the day turns at Algeria\'s midnight');
    assert.equal(fromInputValue('2026-05-01T', 'datetime'), null, 'an incomplete value is no value');
    assert.equal(toInputValue('not a date', 'datetime'), '');
  });
});

describe('dates typed the page’s way', () => {
  const typed = (text: string, locale: string) => parseTypedDate(text, locale);
  it('reads day first in French and Arabic, month first in English', () => {
    assert.equal(typed('04/03/2030', 'fr-FR').value, '2030-03-04');
    assert.equal(typed('04/03/2030', 'ar-DZ').value, '2030-03-04');
    assert.equal(typed('04/03/2030', 'en-US').value, '2030-04-03');
    assert.equal(typed('4.3.30', 'fr-FR').value, '2030-03-04', 'any separator, short parts');
    assert.equal(typed('٠٤/٠٣/٢٠٣٠', 'ar-DZ').value, '2030-03-04', 'Arabic-Indic digits');
    assert.equal(typed('2030-03-04', 'fr-FR').value, '2030-03-04', 'ISO in any locale');
  });
  it('says when the text is not a day of the calendar, and an empty text is no date', () => {
    assert.deepEqual(typed('31/02/2030', 'fr-FR'), { value: null, valid: false });
    assert.deepEqual(typed('13/13/2030', 'en-US'), { value: null, valid: false });
    assert.deepEqual(typed('04/03', 'fr-FR'), { value: null, valid: false });
    assert.deepEqual(typed('  ', 'fr-FR'), { value: null, valid: true });
  });
  it('shows a date the page’s way, and reads back what it shows', () => {
    assert.equal(formatTypedDate('2030-03-04', 'fr-FR'), '04/03/2030');
    assert.equal(formatTypedDate('2030-03-04', 'en-US'), '03/04/2030');
    assert.equal(formatTypedDate(null, 'ar-DZ'), '');
    for (const locale of ['en-US', 'fr-FR', 'ar-DZ']) assert.equal(typed(formatTypedDate('2031-12-25', locale), locale).value, '2031-12-25', locale);
  });
});

describe('times typed on a 24-hour clock, with the day beside them', () => {
  it('reads a time typed the usual ways, and says when it is no time of day', () => {
    for (const text of ['09:30', '9:30', '9h30', '9.30', '0930', '930', '٠٩:٣٠']) assert.equal(parseTypedTime(text).value, '09:30', text);
    assert.equal(parseTypedTime('21').value, '21:00', 'an hour alone');
    assert.equal(parseTypedTime('00:00').value, '00:00');
    for (const text of ['24:00', '12:60', '9:3', '9am', '1:2:3']) assert.deepEqual(parseTypedTime(text), { value: null, valid: false }, text);
    assert.deepEqual(parseTypedTime(' '), { value: null, valid: true });
  });

  it('reads a day and a time together as the instant on Algeria\'s clock, and shows an instant back the page\'s way', () => {
    assert.equal(parseTypedDateTime('04/03/2030', '9h30', 'fr-FR').value, '2030-03-04T08:30:00.000Z');
    assert.equal(parseTypedDateTime('03/04/2030', '09:30', 'en-US').value, '2030-03-04T08:30:00.000Z');
    assert.deepEqual(formatTypedDateTime('2030-03-04T23:30:00Z', 'ar-DZ'), { date: '05/03/2030', time: '00:30' }, 'the day turns at Algeria\'s midnight');
    assert.deepEqual(formatTypedDateTime(null, 'fr-FR'), { date: '', time: '' });
  });

  it('gives no instant while half typed, and says which part is wrong or missing', () => {
    assert.deepEqual(parseTypedDateTime('04/03/2030', '', 'fr-FR'), { value: null, dateValid: true, timeValid: true, complete: false });
    assert.deepEqual(parseTypedDateTime('04/03', '09:30', 'fr-FR'), { value: null, dateValid: false, timeValid: true, complete: true });
    assert.deepEqual(parseTypedDateTime('04/03/2030', '25:00', 'fr-FR'), { value: null, dateValid: true, timeValid: false, complete: true });
    assert.deepEqual(parseTypedDateTime('', '', 'fr-FR'), { value: null, dateValid: true, timeValid: true, complete: true });
  });

  it('says when a value falls outside its limits', () => {
    assert.equal(outOfRange('2030-03-04T08:00:00Z', 'datetime', '2030-03-04T08:30:00.000Z', null), true);
    assert.equal(outOfRange('2030-03-04T08:30:00+00:00', 'datetime', '2030-03-04T08:30:00.000Z', '2030-03-05T00:00:00Z'), false);
    assert.equal(outOfRange('2030-03-06', 'date', null, '2030-03-05'), true);
    assert.equal(outOfRange(null, 'date', '2030-03-05', null), false);
  });
});
