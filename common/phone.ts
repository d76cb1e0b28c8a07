/**
 * Phone numbers stored and searched in E.164 (`+213555123456`), so that a number typed as
 * `0555 12 34 56`, `+213 555 12 34 56`, `555-123-456` or `00213555123456` is the same person.
 * Shared by the browser and the server: no dependencies.
 */

/** Algeria's country calling code. */
const DZ = '213';
/** An Algerian national significant number: 9 digits (mobiles 5/6/7…), or 8 for landlines (21…49). */
const DZ_NATIONAL = /^(?:[567]\d{8}|[2-4]\d{7})$/;

/**
 * The E.164 form of a phone number, or null when it cannot be one.
 * - `0` + national number, the bare national number, `+213…` and `00213…` become `+213…`
 *   (a `0` typed after the country code, `+213 0555…`, is dropped as people often write it);
 * - other numbers written with `+` or `00` keep their country code (`+33 6 12…` → `+3361…`);
 * - separators (spaces, dots, dashes, brackets) are ignored.
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[0-9 ().\-/]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/[^0-9]/g, '');
  let international = trimmed.startsWith('+');
  if (!international && digits.startsWith('00')) {
    digits = digits.slice(2);
    international = true;
  }
  if (international) {
    if (digits.startsWith(DZ)) return algerian(digits.slice(DZ.length));
    // E.164: a country code that does not start with 0, at most 15 digits in all.
    return /^[1-9]\d{6,14}$/.test(digits) ? `+${digits}` : null;
  }
  return algerian(digits);
}

function algerian(national: string): string | null {
  const n = national.startsWith('0') ? national.slice(1) : national;
  return DZ_NATIONAL.test(n) ? `+${DZ}${n}` : null;
}

/**
 * What to compare when someone searches by phone: the E.164 form when the text is a whole number,
 * else its digits with an Algerian trunk `0` or `00213`/`+213` prefix removed (so a partial number such as
 * `0555 12` still matches `+21355512…` by substring). Null when the text holds too few digits to be a phone.
 */
export function phoneSearchDigits(input: string): string | null {
  const full = normalizePhone(input);
  if (full) return full.slice(1);
  if (!/^\+?[0-9 ().\-/]+$/.test(input.trim())) return null;
  let digits = input.replace(/[^0-9]/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.startsWith(DZ) && input.trim().match(/^(\+|00)/)) digits = digits.slice(DZ.length);
  if (digits.startsWith('0')) digits = digits.slice(1);
  return digits.length >= 4 ? digits : null;
}
