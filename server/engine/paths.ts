import type { FastifyInstance } from 'fastify';

/** Where the branch API lives (same as server/app.ts, kept here to avoid an import cycle). */
export const API_PREFIX = '/branch/api';

/**
 * Where this server can be called: PUBLIC_URL when set, else the address it listens on
 * (loopback when it listens on every interface); null before it listens (tests that inject).
 */
export function ownBaseUrl(app: FastifyInstance): string | null {
  if (app.config.publicUrl) return app.config.publicUrl;
  const address = app.server.address();
  if (!address || typeof address === 'string') return null;
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${address.family === 'IPv6' || host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
