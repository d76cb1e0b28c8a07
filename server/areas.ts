/**
 * Every area of the server, one folder per folder of src/views/, each known by its
 * index.ts: the one place that composes their hook tables (collection name -> the special
 * cases plugged into its generic routes: money rules, derived fields, side effects of
 * transitions; collections no area names are plain), gathers what they hand the API
 * document, and registers their own routes. server/app.ts hands HOOKS and API_DOC to the
 * engine (server/engine/index.ts) and then calls registerAreas.
 */
import type { FastifyInstance } from 'fastify';
import type { Area } from './engine/area.ts';
import type { CollectionHooks } from './engine/hooks.ts';
import type { ApiDocParts } from './engine/openapi.ts';
import { authArea } from './auth/index.ts';
import { bookingsArea } from './bookings/index.ts';
import { catalogArea } from './catalog/index.ts';
import { customersArea } from './customers/index.ts';
import { homeArea } from './home/index.ts';
import { locationsArea } from './locations/index.ts';
import { mediaArea } from './media/index.ts';
import { messagesArea } from './messages/index.ts';
import { notificationsArea } from './notifications/index.ts';
import { paymentsArea } from './payments/index.ts';
import { promotionsArea } from './promotions/index.ts';
import { servicesArea } from './services/index.ts';
import { settingsArea } from './settings/index.ts';
import { shellArea } from './shell/index.ts';
import { supportArea } from './support/index.ts';
import { vendorsArea } from './vendors/index.ts';

/** In the order their routes are registered. */
export const AREAS: readonly Area[] = [
  authArea,
  mediaArea,
  messagesArea,
  notificationsArea,
  supportArea,
  customersArea,
  servicesArea,
  bookingsArea,
  paymentsArea,
  catalogArea,
  promotionsArea,
  settingsArea,
  homeArea,
  shellArea,
  vendorsArea,
  locationsArea,
];

function composeHooks(areas: readonly Area[]): Record<string, CollectionHooks> {
  const hooks: Record<string, CollectionHooks> = {};
  for (const area of areas) {
    for (const [collection, own] of Object.entries(area.hooks ?? {})) {
      if (hooks[collection]) throw new Error(`Two areas hand hooks for ${collection}; one area owns a collection's hooks.`);
      hooks[collection] = own;
    }
  }
  return hooks;
}

function composeApiDoc(areas: readonly Area[]): ApiDocParts {
  const doc: ApiDocParts = { schemas: {}, reorder: {} };
  for (const area of areas) {
    Object.assign(doc.schemas, area.apiDoc?.schemas);
    Object.assign(doc.reorder, area.apiDoc?.reorder);
  }
  return doc;
}

export const HOOKS: Record<string, CollectionHooks> = composeHooks(AREAS);

export const API_DOC: ApiDocParts = composeApiDoc(AREAS);

/** Registers each area's own routes, beside the engine's generic ones. */
export async function registerAreas(app: FastifyInstance): Promise<void> {
  for (const area of AREAS) await area.register?.(app);
}
