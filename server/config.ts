/** Runtime configuration, read once from the environment. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** PGlite data directory, also where a generated JWT secret is kept; `memory` for tests. */
  dataDir: string;
  databaseUrl?: string;
  /** When unset, a random secret is generated on first start and kept in dataDir. */
  jwtSecret?: string;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  /** Directory with the built SPA; the API runs without it (tests). */
  distDir?: string;
  production: boolean;
  version: string;
  /** `https://host[/prefix]` the API is reached at; list links are absolute under it, else relative. */
  publicUrl?: string;
}

const rootDir = join(import.meta.dirname, '..');
export const appVersion: string = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')).version;

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? join(rootDir, 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenSeconds: Number(env.ACCESS_TOKEN_SECONDS ?? 15 * 60),
    refreshTokenSeconds: Number(env.REFRESH_TOKEN_SECONDS ?? 72_000),
    distDir: join(rootDir, 'dist'),
    production: env.NODE_ENV === 'production',
    version: appVersion,
    publicUrl: publicUrlOf(env.PUBLIC_URL),
  };
}

/** PUBLIC_URL without a trailing slash; a value that is not an http(s) URL stops the start. */
function publicUrlOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
    throw new Error(`PUBLIC_URL must be an http(s) URL without query or fragment: ${value}`);
  }
  return url.toString().replace(/\/+$/, '');
}

/**
 * What a server started without its production variables leaves open to anyone who has
 * read this repository: each entry names the variable that closes it.
 */
export function developmentDoors(env: NodeJS.ProcessEnv = process.env): string[] {
  const doors: string[] = [];
  if (env.NODE_ENV !== 'production') doors.push('NODE_ENV=production (else the demo accounts, whose passwords are published, are created)');
  if (!env.CHANNEL_SECRET) doors.push('CHANNEL_SECRET (else the customer message channel accepts the published development secret)');
  const satim = env.SATIM_USERNAME && env.SATIM_PASSWORD && env.SATIM_TERMINAL_ID;
  if (!satim && !env.GATEWAY_WEBHOOK_SECRET) doors.push('GATEWAY_WEBHOOK_SECRET (else payment webhooks are verified with the published development key)');
  return doors;
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/**
 * Refuses to listen beyond this machine with a development door open, naming the
 * variables to set; ALLOW_DEMO_ON_NETWORK=true opts in (a demo shown on a network).
 */
export function assertSafeToListen(config: Pick<Config, 'host'>, env: NodeJS.ProcessEnv = process.env): void {
  if (isLoopback(config.host) || env.ALLOW_DEMO_ON_NETWORK === 'true') return;
  const doors = developmentDoors(env);
  if (doors.length === 0) return;
  throw new Error(
    `Refusing to listen on ${config.host}: this server would accept development secrets from the network. Set:\n` +
      doors.map((door) => `  - ${door}\n`).join('') +
      'or listen on 127.0.0.1, or set ALLOW_DEMO_ON_NETWORK=true for a demo on a network you trust.',
  );
}

/** Configuration for tests: in-memory PGlite (or DATABASE_URL when set), no SPA. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...configFromEnv({ ...process.env, DATA_DIR: 'memory' }),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
    distDir: undefined,
    ...overrides,
  };
}
