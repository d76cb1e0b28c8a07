/**
 * Password hashing with node's scrypt. A hash is stored as
 * `scrypt$N$r$p$<salt base64url>$<hash base64url>`, so the cost can be raised later
 * without invalidating existing hashes: each one carries its own parameters.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const SCRYPT_PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** scrypt needs 128 * N * r bytes; hashes asking for more are treated as unreadable. */
const MAX_MEMORY = 64 * 1024 * 1024;
/** Longer inputs are refused before hashing, so a huge password cannot cost more. */
export const MAX_PASSWORD_LENGTH = 1024;
export const MIN_PASSWORD_LENGTH = 8;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // NFC so the same password typed on different keyboards (composed or decomposed
    // accents) hashes the same.
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: MAX_MEMORY + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { N, r, p }, KEY_LENGTH);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  // Bounds keep a corrupted or hostile row from making one check arbitrarily expensive.
  const sane = N >= 2 && (N & (N - 1)) === 0 && r >= 1 && p >= 1 && p <= 16 && 128 * N * r <= MAX_MEMORY;
  if (!sane || password.length > MAX_PASSWORD_LENGTH) return false;
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (salt.length === 0 || expected.length < 16) return false;
  const actual = await derive(password, salt, { N, r, p }, expected.length);
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks `password` against a throwaway hash made with the current parameters and
 * answers false. Login calls it for unknown emails so they take as long as a wrong
 * password for a real account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(password, await dummyHash);
  return false;
}
