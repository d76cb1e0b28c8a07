/**
 * Changing a booking:
 *   POST /branch/api/bookings/<id>/change/preview/  {starts_at | slot_id, participants,
 *     extras} -> the new quote, the difference against the current total, what is paid
 *     and the settlement the change would make. Nothing is written or held.
 *   POST /branch/api/bookings/<id>/change/  the same plus `expected_version` and the
 *     settlement's choices (refund destination; send the link, and to whom) -> the
 *     changed booking and the payment link or refund made, in one transaction.
 * A booking the caller may not see is a 404; one that changed since `expected_version`
 * a 409 with the current version; one that has started or closed a 409.
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { ExtraChoice, Participants } from '../../common/bookings.ts';
import { DateTime, Email, Enum, Nullable, Phone, StrictObject, Text, Uuid } from '../../common/common.ts';
import { collection } from '../../common/registry.ts';
import { commitChange, planChange, presentPlan, type ChangeCommit, type ChangeRequest } from './bookingChange.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { context, guarded } from '../engine/resources.ts';
import { loadOr404 } from '../engine/scope.ts';

const bookings = collection('bookings');

const changeFields = {
  slot_id: Type.Optional(Nullable(Uuid)),
  starts_at: Type.Optional(DateTime),
  participants: Participants,
  extras: Type.Optional(Type.Array(ExtraChoice, { maxItems: 20 })),
};
export const BookingChangePreviewInput = StrictObject(changeFields);
export const BookingChangeInput = StrictObject({
  ...changeFields,
  expected_version: Type.Integer({ minimum: 1, description: 'The version of the booking the change was prepared on.' }),
  refund_destination: Type.Optional(Enum(['original_method', 'wallet'] as const)),
  send_link: Type.Optional(Type.Boolean({ description: 'Send a payment link for the difference (default true).' })),
  invitee_name: Type.Optional(Nullable(Text(200))),
  invitee_phone: Type.Optional(Nullable(Phone)),
  invitee_email: Type.Optional(Nullable(Email)),
});

export function registerBookingChange(app: FastifyInstance): void {
  app.post<{ Params: { id: string }; Body: ChangeRequest }>(
    `${API_PREFIX}/bookings/:id/change/preview/`,
    { ...guarded(app, bookings, 'update'), schema: { body: BookingChangePreviewInput } },
    async (request) => {
      const ctx = await context(app, request);
      // In a transaction because the slot and the coupon are read FOR UPDATE, as the change does; nothing is written.
      return app.db.transaction(async (tx) => {
        const booking = await loadOr404(tx, bookings, request.params.id, ctx.actor);
        return presentPlan(booking, await planChange({ ...ctx, tx }, booking, request.body, { lock: false }));
      });
    },
  );

  app.post<{ Params: { id: string }; Body: ChangeCommit }>(
    `${API_PREFIX}/bookings/:id/change/`,
    { ...guarded(app, bookings, 'update'), schema: { body: BookingChangeInput } },
    async (request) => {
      const ctx = await context(app, request);
      return app.db.transaction(async (tx) => {
        const booking = await loadOr404(tx, bookings, request.params.id, ctx.actor, { forUpdate: true });
        return commitChange({ ...ctx, tx }, booking, request.body);
      });
    },
  );
}
