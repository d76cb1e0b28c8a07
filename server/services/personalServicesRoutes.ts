/**
 *   POST /branch/api/services/<id>/personal/  {customer_id, starts_at, capacity, prices: [{customer_type, amount, per?}], title_i18n?}
 *     -> 201 {service, price_rules, slot}: a copy of the service for one customer, published
 *     but offered to nobody else, with its own prices and one departure.
 * Needs the right to create services; a service or customer the caller may not see is a 404 / 400.
 */
import type { FastifyInstance } from 'fastify';
import { PersonalServiceInput } from '../../common/catalog.ts';
import { collection } from '../../common/registry.ts';
import { createPersonalService } from './personalServices.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { context, guarded } from '../engine/resources.ts';

export function registerPersonalServices(app: FastifyInstance): void {
  app.post<{ Params: { id: string }; Body: PersonalServiceInput }>(
    `${API_PREFIX}/services/:id/personal/`,
    { ...guarded(app, collection('services'), 'create'), schema: { body: PersonalServiceInput } },
    async (request, reply) => {
      const ctx = await context(app, request);
      const result = await app.db.transaction((tx) => createPersonalService({ ...ctx, tx }, request.params.id, request.body));
      return reply.status(201).send(result);
    },
  );
}
