/**
 * `GET /branch/api/bookings/export/?<list filters>&lang=en|fr|ar`: the bookings' CSV as the
 * bookings screen has always downloaded it, through the engine's export (see csvExport.ts):
 * the columns an operator reads (the vendor for staff, the channel), earliest activity first
 * unless the list orders otherwise.
 */
import type { FastifyInstance } from 'fastify';
import { collection } from '../../common/registry.ts';
import { exportQuerySchema, sendExport, type ExportDefaults, type ExportQuery } from '../engine/csvExport.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { guarded } from '../engine/resources.ts';

export const BOOKING_EXPORT: ExportDefaults = {
  columns: [
    'ref', 'customer_name', 'customer_phone', 'service_title_i18n', 'vendor_id', 'starts_at', 'participants_count',
    'total', 'paid', 'balance', 'currency', 'status', 'payment_status', 'channel',
  ],
  // Who sells it, by name (for staff: vendor staff's exports leave it out, it is always them).
  expand: ['vendor_id'],
  ordering: 'starts_at',
};

export function registerBookingExport(app: FastifyInstance): void {
  const spec = collection('bookings');
  app.get<{ Querystring: ExportQuery }>(
    `${API_PREFIX}/bookings/export/`,
    { ...guarded(app, spec, 'list'), schema: { querystring: exportQuerySchema(spec) } },
    (request, reply) => sendExport(app, request, reply, spec, BOOKING_EXPORT),
  );
}
