/**
 * The origin of the map tiles a location's form shows, for the Content-Security-Policy's
 * img-src: it follows the `map` settings section. Read from the database at most every
 * TTL (so every instance behind a balancer catches up with a change made on another) and
 * at once on the instance where staff change it.
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SETTINGS } from '../common/settings.ts';
import { getSettings } from './settings/index.ts';

const TTL_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    mapTiles: {
      /** `https://host[:port]` of the tile URL template, as the CSP takes it. */
      origin(): string;
      /** The template staff just saved. */
      changed(tileUrl: string): void;
    };
  }
}

/** The origin of a tile URL template (its host never holds a placeholder: see TILE_URL_PATTERN). */
export function tileOrigin(tileUrl: string): string {
  return new URL(tileUrl.replace(/\{[a-z]\}/g, '0')).origin;
}

/** Decorates app.mapTiles and keeps it fresh before each request's headers are written. */
export function registerMapTiles(app: FastifyInstance): void {
  let origin = tileOrigin(DEFAULT_SETTINGS.map.tile_url);
  let checkedAt = 0;
  let loading: Promise<void> | null = null;
  const load = async () => {
    try {
      origin = tileOrigin((await getSettings(app.db, 'map')).tile_url);
    } catch (error) {
      // A failed read keeps the origin already known; the next request tries again.
      app.log.warn({ err: error }, 'map settings not read');
      return;
    }
    checkedAt = Date.now();
  };
  app.decorate('mapTiles', {
    origin: () => origin,
    changed(tileUrl: string) {
      origin = tileOrigin(tileUrl);
      checkedAt = Date.now();
    },
  });
  app.addHook('onRequest', async () => {
    if (Date.now() - checkedAt < TTL_MS) return;
    loading ??= load().finally(() => (loading = null));
    await loading;
  });
}
