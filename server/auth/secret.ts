/**
 * The key that signs access tokens: JWT_SECRET when set; otherwise the content of
 * `<dataDir>/jwt-secret`, generated (64 random bytes, mode 0600) on first start so
 * tokens survive a restart. With the in-memory database (tests) the key is ephemeral.
 * The file holds text, used exactly like JWT_SECRET: copying it into JWT_SECRET on
 * other instances makes them accept the same tokens.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';

export const SECRET_FILE = 'jwt-secret';
/** HS256 keys shorter than the hash output weaken the signature. */
const MIN_SECRET_LENGTH = 32;

export interface JwtSecret {
  key: Uint8Array;
  source: 'environment' | 'file' | 'generated' | 'ephemeral';
  path?: string;
}

export async function loadJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): Promise<JwtSecret> {
  if (config.jwtSecret) return { key: toKey(config.jwtSecret, 'JWT_SECRET'), source: 'environment' };
  if (config.dataDir === 'memory') return { key: toKey(randomBytes(64).toString('base64url'), 'secret'), source: 'ephemeral' };

  const path = join(config.dataDir, SECRET_FILE);
  const existing = await readSecretFile(path);
  if (existing !== undefined) return { key: toKey(existing, path), source: 'file', path };

  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(64).toString('base64url');
  try {
    // `wx`: create only. If another process won the race, use what it wrote.
    await writeFile(path, secret + '\n', { mode: 0o600, flag: 'wx' });
    return { key: toKey(secret, path), source: 'generated', path };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: toKey((await readSecretFile(path)) ?? '', path), source: 'file', path };
  }
}

async function readSecretFile(path: string): Promise<string | undefined> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function toKey(secret: string, origin: string): Uint8Array {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`The JWT secret from ${origin} is too short: use at least ${MIN_SECRET_LENGTH} characters.`);
  }
  return new TextEncoder().encode(secret);
}
