/**
 * Availability routes beside the generic service-slots ones:
 *   POST /service-slots/bulk/              {service_id, from, to, weekdays, start_times, capacity, duration_minutes?}
 *                                          -> 201 {created, skipped, past}; more than the cap -> 400
 *   GET  /service-slots/<id>/manifest/     the slot, its service's adrenaline profile, its bookings with rosters and flags
 *   POST /service-slots/<id>/disrupt/      {reason_code, reason?, refund_to} -> {slot, results: [per booking]}
 * Writing needs the right to change slots; a vendor sees only their own (404 otherwise).
 */
import type { FastifyInstance } from 'fastify';
import { DisruptInput, SlotsBulkInput } from '../../common/availabilitySchemas.ts';
import { collection } from '../../common/registry.ts';
import { createSlotsInBulk, disruptSlot, slotManifest } from './availability.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { context, guarded } from '../engine/resources.ts';

export function registerAvailability(app: FastifyInstance): void {
  const slots = collection('service-slots');
  const base = `${API_PREFIX}/service-slots`;

  app.post<{ Body: SlotsBulkInput }>(`${base}/bulk/`, { ...guarded(app, slots, 'create'), schema: { body: SlotsBulkInput } }, async (request, reply) => {
    const ctx = await context(app, request);
    const result = await app.db.transaction((tx) => createSlotsInBulk({ ...ctx, tx }, request.body));
    return reply.status(201).send(result);
  });

  app.get<{ Params: { id: string } }>(`${base}/:id/manifest/`, guarded(app, slots, 'read'), async (request) => {
    const { actor } = await context(app, request);
    return slotManifest({ tx: app.db, actor }, request.params.id);
  });

  app.post<{ Params: { id: string }; Body: DisruptInput }>(
    `${base}/:id/disrupt/`,
    { ...guarded(app, slots, 'update'), schema: { body: DisruptInput } },
    async (request) => disruptSlot(await context(app, request), request.params.id, request.body),
  );
}
