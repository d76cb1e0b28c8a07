/**
 * The engine's routes: for every collection in the registry its generic resource routes
 * (with the hooks the areas hand in), CSV export and lifecycle transitions; the totals of
 * the lists, saved views, realtime events, and the OpenAPI document. It knows no area:
 * server/areas.ts composes their hooks and registers their own routes; server/app.ts
 * calls both.
 */
import type { FastifyInstance } from 'fastify';
import { COLLECTIONS } from '../../common/registry.ts';
import { registerRealtime } from '../realtime/routes.ts';
import { registerExport } from './csvExport.ts';
import type { CollectionHooks } from './hooks.ts';
import { registerOpenApi, type ApiDocParts } from './openapi.ts';
import { registerResource } from './resources.ts';
import { registerSavedViews } from './savedViews.ts';
import { registerTotals } from './totals.ts';
import { registerTransitions } from './transitions.ts';

export interface EngineOptions {
  /** Collection name -> its hooks (server/areas.ts). */
  hooks: Readonly<Record<string, CollectionHooks>>;
  /** The areas' schemas the API document names (server/areas.ts). */
  apiDoc: ApiDocParts;
}

export async function registerEngine(app: FastifyInstance, { hooks, apiDoc }: EngineOptions): Promise<void> {
  for (const spec of COLLECTIONS) {
    if (spec.parent) continue;
    registerResource(app, spec, hooks[spec.name]);
    registerExport(app, spec);
    registerTransitions(app, spec, hooks[spec.name]);
  }
  await registerRealtime(app);
  registerTotals(app);
  registerSavedViews(app);
  registerOpenApi(app, apiDoc);
}
