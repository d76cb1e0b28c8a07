/**
 * `GET /branch/api/bookings/<id>/refundable/`: how much of a booking can still be
 * refunded, in all and from each paid payment, and the payment a refund comes from by
 * default, within the business's cancellation window (`late_percent` set when it limits the
 * amount). The refund form shows it; creating a refund enforces the same rule.
 */
import type { FastifyInstance } from 'fastify';
import { collection } from '../../src/domain/registry.ts';
import { cancellationRefundable } from '../domain/money.ts';
import { API_PREFIX } from './paths.ts';
import { context, guarded } from './resources.ts';
import { loadOr404 } from './scope.ts';

export function registerRefundable(app: FastifyInstance): void {
  const bookings = collection('bookings');
  app.get<{ Params: { id: string } }>(`${API_PREFIX}/bookings/:id/refundable/`, guarded(app, bookings, 'read'), async (request) => {
    const { actor } = await context(app, request);
    const booking = await loadOr404(app.db, bookings, request.params.id, actor);
    return cancellationRefundable(app.db, booking, new Date().toISOString());
  });
}
