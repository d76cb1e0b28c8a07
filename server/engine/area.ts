/**
 * An area of the server as the engine sees it: one folder of server/ per folder of
 * src/views/ (bookings, payments, ...), whose index.ts exports one `Area`. It hands the
 * engine the hooks of its collections and the schemas the API document names, and
 * registers its own routes; server/areas.ts lists every area. The engine imports none.
 */
import type { FastifyInstance } from 'fastify';
import type { CollectionHooks } from './hooks.ts';
import type { ApiDocParts } from './openapi.ts';

export interface Area {
  /** The folder's name, the same as its screens' folder in src/views/. */
  name: string;
  /** Collection name -> the special cases of its generic routes (server/engine/hooks.ts). */
  hooks?: Record<string, CollectionHooks>;
  /** Registers the area's own routes, beside the generic routes of its collections. */
  register?(app: FastifyInstance): void | Promise<void>;
  /** What the API document (server/engine/openapi.ts) names of the area's own routes. */
  apiDoc?: Partial<ApiDocParts>;
}
