/** RC, NIF, RIB and CCP in their Algerian formats: real-format numbers pass, a wrong key or shape is refused with its reason. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ccpError, ccpKey, identityMissing, nifError, normalizeRc, rcError, ribError, ribKey, vendorIdentityErrors,
} from './algerianIds.ts';

test('RIB: 20 digits whose key makes the number divisible by 97', () => {
  // BNA (007), agency 00500, account 0000123456; key 29. Typed with spaces as printed on a RIB.
  assert.equal(ribError('007 00500 0000123456 29'), null);
  assert.equal(ribError('00200012001234567891'), null, 'BEA (002)');
  assert.equal(ribError('01000101012345678979'), null);
  // The key is checked independently of ribKey: the whole number is a multiple of 97.
  assert.equal(BigInt('00700500000012345629') % 97n, 0n);
  assert.equal(ribKey('007005000000123456'), '29');
});

test('RIB: a wrong key, a typo in the account or a wrong length is refused', () => {
  assert.match(ribError('00700500000012345628') ?? '', /key does not match/);
  assert.match(ribError('00700500000012345729') ?? '', /key does not match/, 'one digit of the account changed');
  assert.match(ribError('0070050000001234562') ?? '', /20 digits/);
  assert.match(ribError('0070050000001234562X') ?? '', /20 digits/);
});

test('CCP: account and key, the digits weighted 4, 5, 6… from the right, modulo 100', () => {
  // 7×4 + 6×5 + 5×6 + 4×7 + 3×8 + 2×9 + 1×10 = 168 → 68
  assert.equal(ccpKey('1234567'), '68');
  assert.equal(ccpError('1234567 68'), null);
  assert.equal(ccpError('0012345678 28'), null);
  assert.equal(ccpError('0000000001 04'), null, 'a key under 10 keeps its leading zero');
  assert.match(ccpError('1234567 69') ?? '', /key does not match/);
  assert.match(ccpError('12') ?? '', /account number/);
});

test('RC: wilaya/00-serial, A or B, year', () => {
  assert.equal(rcError('16/00-0123456 B 18'), null);
  assert.equal(rcError('31/00-0987654A09'), null);
  assert.equal(normalizeRc(' 16 / 00 - 0123456  b 18 '), '16/00-0123456 B 18');
  assert.match(rcError('59/00-0123456 B 18') ?? '', /Not an RC/, 'no wilaya 59');
  assert.match(rcError('16/00-012345 B 18') ?? '', /Not an RC/, 'six-digit serial');
  assert.match(rcError('16/00-0123456 C 18') ?? '', /Not an RC/);
});

test('NIF: 15 digits, or 20', () => {
  assert.equal(nifError('000116001234567'), null);
  assert.equal(nifError('0001 1600 1234 567'), null);
  assert.equal(nifError('19871601234567890123'), null);
  assert.match(nifError('00011600123456') ?? '', /15 digits/);
});

test('a vendor identity: field errors at their fields, and what approval still needs', () => {
  assert.deepEqual(vendorIdentityErrors({ rc_number: '16/00-0123456 B 18', nif_number: '000116001234567', payout_method: 'rib', payout_account: '00700500000012345629' }), {});
  const errors = vendorIdentityErrors({ rc_number: 'x', nif_number: '1', payout_method: 'ccp', payout_account: '1234567 69' });
  assert.deepEqual(Object.keys(errors).sort(), ['nif_number', 'payout_account', 'rc_number']);
  assert.match(vendorIdentityErrors({ payout_method: 'rib', payout_account: null }).payout_account?.[0] ?? '', /Give the account/);
  assert.deepEqual(identityMissing({ legal_name: 'X SARL', rc_number: '16/00-0123456 B 18', nif_number: '', payout_method: 'rib', payout_account: null }), ['nif_number', 'payout_account']);
});
