/**
 * Duplicate customers and merging them (server/customers/merge.ts):
 *   GET  /branch/api/customers/<id>/duplicates/            other customers with the same phone or email
 *   POST /branch/api/customers/<id>/merge/ {other_id, version}   staff: moves everything of other_id here
 */
import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { collection } from '../../common/registry.ts';
import { duplicatesOf, mergeCustomers } from './merge.ts';
import { forbidden } from '../errors.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { context, guarded } from '../engine/resources.ts';
import { loadOr404, readable } from '../engine/scope.ts';

export const MergeInput = Type.Object(
  { other_id: Type.String({ format: 'uuid' }), version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

export function registerCustomerMerge(app: FastifyInstance): void {
  const spec = collection('customers');
  app.get<{ Params: { id: string } }>(`${API_PREFIX}/customers/:id/duplicates/`, guarded(app, spec, 'read'), async (request) => {
    const { actor } = await context(app, request);
    const customer = await loadOr404(app.db, spec, request.params.id, actor);
    // Vendor staff may look too, but never at what only staff read (wallets, points, figures over every vendor).
    return { results: readable(spec, actor, await duplicatesOf(app.db, actor, customer)) };
  });

  app.post<{ Params: { id: string }; Body: Static<typeof MergeInput> }>(
    `${API_PREFIX}/customers/:id/merge/`,
    { ...guarded(app, spec, 'update'), schema: { body: MergeInput } },
    async (request) => {
      const ctx = await context(app, request);
      // Staff acting as a vendor are that vendor's staff here too.
      if (!ctx.actor.staff) throw forbidden('Only staff may merge customers.');
      return app.db.transaction((tx) => mergeCustomers({ ...ctx, tx }, request.params.id, request.body.other_id, request.body.version));
    },
  );
}
