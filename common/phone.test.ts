/** Phones in E.164: the same Algerian number typed four ways is one number; foreign numbers keep their code. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizePhone, phoneSearchDigits } from './phone.ts';

test('an Algerian mobile typed in the usual ways gives one E.164 number', () => {
  for (const typed of ['0555 12 34 56', '+213555123456', '555-123-456', '00213555123456', '+213 (0)555 12 34 56', ' 0555.12.34.56 ']) {
    assert.equal(normalizePhone(typed), '+213555123456', typed);
  }
});

test('landlines, foreign numbers and junk', () => {
  assert.equal(normalizePhone('021 23 45 67'), '+21321234567');
  assert.equal(normalizePhone('+33 6 12 34 56 78'), '+33612345678');
  assert.equal(normalizePhone('0033 6 12 34 56 78'), '+33612345678');
  assert.equal(normalizePhone('0555 12'), null, 'too short');
  assert.equal(normalizePhone('0855 12 34 56'), null, 'no such Algerian prefix');
  assert.equal(normalizePhone('+0123456789'), null, 'a country code never starts with 0');
  assert.equal(normalizePhone('call me'), null);
});

test('search digits: a whole number or a part of one, without the trunk 0', () => {
  assert.equal(phoneSearchDigits('555-123-456'), '213555123456');
  assert.equal(phoneSearchDigits('0555 12'), '55512');
  assert.equal(phoneSearchDigits('+213 5551'), '5551');
  assert.equal(phoneSearchDigits('00213 5551'), '5551');
  assert.equal(phoneSearchDigits('05'), null);
  assert.equal(phoneSearchDigits('Amina'), null);
});
