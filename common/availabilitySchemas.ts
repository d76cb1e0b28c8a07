/**
 * Availability schemas: creating slots in bulk, a booking's roster (the people behind its
 * counts) and calling off a whole departure. The rules they go with (Algerian times, the
 * starts of a bulk request, the participants' flags) are in availabilityRules.ts.
 */
import Type, { type Static } from 'typebox';
import { REFUND_TARGETS } from './availabilityRules.ts';
import { DateOnly, Enum, StrictObject, Text, Uuid } from './common.ts';
import { ReasonCode } from './reasonCodes.ts';

export const SlotsBulkInput = StrictObject({
  service_id: Uuid,
  from: DateOnly,
  to: DateOnly,
  weekdays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
    minItems: 1, maxItems: 7, uniqueItems: true, description: '0 = Sunday … 6 = Saturday.',
  }),
  start_times: Type.Array(Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', maxLength: 5 }), {
    minItems: 1, maxItems: 24, uniqueItems: true, description: 'Local times in Algeria, HH:MM.',
  }),
  capacity: Type.Integer({ minimum: 0, maximum: 10000 }),
  duration_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 43200, description: "The service's duration when left out." })),
});
export type SlotsBulkInput = Static<typeof SlotsBulkInput>;

/** One person of a booking (RosterEntry in availabilityRules.ts). */
export const RosterEntry = StrictObject({
  name: Text(200, 1),
  age: Type.Union([Type.Integer({ minimum: 0, maximum: 120 }), Type.Null()]),
  weight_kg: Type.Union([Type.Integer({ minimum: 1, maximum: 300 }), Type.Null()]),
  waiver_signed: Type.Boolean(),
});
export const Roster = Type.Array(RosterEntry, { maxItems: 500 });

/** Calling off a departure: a coded cancellation reason (and free text), and where the money goes. */
export const DisruptInput = StrictObject({
  reason_code: ReasonCode,
  reason: Type.Optional(Text(1000)),
  refund_to: Enum(REFUND_TARGETS),
});
export type DisruptInput = Static<typeof DisruptInput>;
