/**
 * Algerian business identifiers, checked the same way in the browser (as the user types)
 * and on the server (which trusts nothing): plain functions, no schema library, so the
 * vendor page can import them without pulling typebox into its chunk.
 *
 * - RC (registre du commerce): `WW/00-NNNNNNN L YY`: the wilaya of registration, a
 *   7-digit serial, A (natural person) or B (company), the year; e.g. `16/00-0123456 B 18`.
 * - NIF (numéro d'identification fiscale): 15 digits (20 for some individuals).
 * - RIB: 20 digits, bank (3), agency (5), account (10), key (2); the key makes the whole
 *   number divisible by 97 (key = 97 − (first 18 digits × 100 mod 97), from 01 to 97).
 * - CCP (compte courant postal): the account (up to 10 digits) and a 2-digit key: the sum
 *   of its digits weighted 4, 5, 6… from the rightmost one, modulo 100.
 *
 * Each `…Error` answers null when the value is valid, else the English message the server
 * sends (translated in the browser through serverError.*).
 */

/**
 * The messages, keyed by their name in the catalogues (`serverError.<key>`): the server
 * sends the English text (translated by server/errorLanguage.ts); the vendor page shows
 * `vendors.idError.<key>` (server messages are not bundled with the browser).
 */
export const ID_MESSAGES = {
  rcFormat: 'Not an RC number (like 16/00-0123456 B 18).',
  nifFormat: 'A NIF has 15 digits (20 for some individuals).',
  ribFormat: 'A RIB has 20 digits: bank, agency, account and key.',
  ribKey: 'The RIB key does not match: check the 20 digits.',
  ccpFormat: 'A CCP is the account number (up to 10 digits) followed by its 2-digit key.',
  ccpKey: 'The CCP key does not match: check the account and its key.',
  payoutAccountMissing: 'Give the account for this payout method.',
  payoutMethodMissing: 'Choose RIB or CCP first.',
  nisFormat: 'A NIS has 15 digits.',
  aiFormat: 'An article of taxation (AI) has 11 digits.',
} as const;

/** The name of one of these messages (`ribKey`), for the browser's own catalogue entry; null for another text. */
export function idMessageName(message: string): keyof typeof ID_MESSAGES | null {
  const entry = Object.entries(ID_MESSAGES).find(([, text]) => text === message);
  return entry ? (entry[0] as keyof typeof ID_MESSAGES) : null;
}

/** Spaces, dots and dashes people type between groups of digits do not count. */
export const digitsOf = (value: string) => value.replace(/[\s.-]/g, '');

export const RC_PATTERN = /^(0[1-9]|[1-4][0-9]|5[0-8])\/00-[0-9]{7} ?[AB] ?[0-9]{2}$/;

/** An RC number as written on the register's extract: uppercase, single spaces. */
export function normalizeRc(value: string): string {
  return value.trim().toUpperCase().replace(/\s+/g, ' ').replace(/ ?([/-]) ?/g, '$1');
}

export function rcError(value: string): string | null {
  return RC_PATTERN.test(normalizeRc(value)) ? null : ID_MESSAGES.rcFormat;
}

export function nifError(value: string): string | null {
  return /^([0-9]{15}|[0-9]{20})$/.test(digitsOf(value)) ? null : ID_MESSAGES.nifFormat;
}

/** NIS (numéro d'identification statistique): 15 digits. */
export function nisError(value: string): string | null {
  return /^[0-9]{15}$/.test(digitsOf(value)) ? null : ID_MESSAGES.nisFormat;
}

/** AI (article d'imposition): 11 digits. */
export function aiError(value: string): string | null {
  return /^[0-9]{11}$/.test(digitsOf(value)) ? null : ID_MESSAGES.aiFormat;
}

/** The RIB key of the first 18 digits (bank, agency, account). */
export function ribKey(first18: string): string {
  const rest = Number((BigInt(first18) * 100n) % 97n);
  return String(97 - rest).padStart(2, '0');
}

export function ribError(value: string): string | null {
  const rib = digitsOf(value);
  if (!/^[0-9]{20}$/.test(rib)) return ID_MESSAGES.ribFormat;
  return ribKey(rib.slice(0, 18)) === rib.slice(18) ? null : ID_MESSAGES.ribKey;
}

/** The CCP key of an account number (digits only). */
export function ccpKey(account: string): string {
  let sum = 0;
  for (let i = 0; i < account.length; i += 1) sum += Number(account[account.length - 1 - i]) * (i + 4);
  return String(sum % 100).padStart(2, '0');
}

/** A CCP account written `0012345678 90` (account, then its key; spaces optional). */
export function ccpError(value: string): string | null {
  const ccp = digitsOf(value);
  if (!/^[0-9]{3,12}$/.test(ccp)) return ID_MESSAGES.ccpFormat;
  return ccpKey(ccp.slice(0, -2)) === ccp.slice(-2) ? null : ID_MESSAGES.ccpKey;
}

/** The payout account in its method's format; a method without an account (or the reverse) is incomplete. */
export function payoutAccountError(method: string | null | undefined, account: string | null | undefined): string | null {
  if (!account) return method ? ID_MESSAGES.payoutAccountMissing : null;
  if (method === 'rib') return ribError(account);
  if (method === 'ccp') return ccpError(account);
  return ID_MESSAGES.payoutMethodMissing;
}

/** The stored form of a payout account: digits only, so that lookups and statements agree. */
export const normalizePayoutAccount = (account: string) => digitsOf(account);

/**
 * The field errors of a vendor's legal identity as it would be stored (after a patch):
 * `{ field: [message] }`, empty when valid. Empty fields are allowed here; approving a
 * vendor requires them (see `identityMissing`).
 */
export function vendorIdentityErrors(v: {
  rc_number?: unknown;
  nif_number?: unknown;
  payout_method?: unknown;
  payout_account?: unknown;
}): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string | null) => {
    if (message) errors[field] = [message];
  };
  if (typeof v.rc_number === 'string' && v.rc_number !== '') add('rc_number', rcError(v.rc_number));
  if (typeof v.nif_number === 'string' && v.nif_number !== '') add('nif_number', nifError(v.nif_number));
  add('payout_account', payoutAccountError(v.payout_method as string | null, v.payout_account as string | null));
  return errors;
}

/** The identity fields a vendor must have before it may sell (approve refuses without them). */
export function identityMissing(v: Record<string, unknown>): string[] {
  return ['legal_name', 'rc_number', 'nif_number', 'payout_method', 'payout_account'].filter((f) => v[f] == null || v[f] === '');
}
