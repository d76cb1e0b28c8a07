/**
 * Availability: creating slots in bulk, a booking's roster (the people behind its
 * counts) and the flags the manifest shows against the service's adrenaline profile,
 * and calling off a whole departure. Plain data and functions shared by the server
 * (it validates and decides) and the SPA (it shows the same flags as the operator types).
 */
import Type, { type Static } from 'typebox';
import type { AdrenalineProfile } from './catalog.ts';
import { DateOnly, Enum, StrictObject, Text, Uuid } from './common.ts';
import { ALGERIA_UTC_OFFSET_MINUTES } from './money.ts';
import { ReasonCode } from './reasonCodes.ts';
/** The most slots one bulk request may create (a year of three departures a day). */
export const BULK_SLOTS_MAX = 1000;

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

/**
 * Local date `YYYY-MM-DD` and time `HH:MM` in Algeria (UTC+1 all year, as the booking
 * rules judge days) as an ISO instant.
 */
export function algiersInstant(date: string, time: string): string {
  return new Date(Date.parse(`${date}T${time}:00Z`) - ALGERIA_UTC_OFFSET_MINUTES * 60_000).toISOString();
}

/** A calendar day `YYYY-MM-DD` moved by whole days (in UTC, so no time zone shifts it). */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Every start the bulk request asks for, in order, or null when there are more than `max`. */
export function bulkStarts(input: Pick<SlotsBulkInput, 'from' | 'to' | 'weekdays' | 'start_times'>, max = BULK_SLOTS_MAX): string[] | null {
  const starts: string[] = [];
  const times = [...input.start_times].sort();
  const last = Date.parse(`${input.to}T00:00:00Z`);
  for (let day = Date.parse(`${input.from}T00:00:00Z`); day <= last; day += 86_400_000) {
    const date = new Date(day);
    if (!input.weekdays.includes(date.getUTCDay())) continue;
    for (const time of times) {
      starts.push(algiersInstant(date.toISOString().slice(0, 10), time));
      if (starts.length > max) return null;
    }
  }
  return starts;
}

/** One person of a booking, as the operator wrote them down. */
export const RosterEntry = StrictObject({
  name: Text(200, 1),
  age: Type.Union([Type.Integer({ minimum: 0, maximum: 120 }), Type.Null()]),
  weight_kg: Type.Union([Type.Integer({ minimum: 1, maximum: 300 }), Type.Null()]),
  waiver_signed: Type.Boolean(),
});
export type RosterEntry = Static<typeof RosterEntry>;
export const Roster = Type.Array(RosterEntry, { maxItems: 500 });

/** Why a participant may not take part, by the service's adrenaline profile. */
export const PARTICIPANT_FLAGS = ['under_min_age', 'age_unknown', 'under_min_weight', 'over_max_weight', 'weight_unknown', 'waiver_missing'] as const;
export type ParticipantFlag = (typeof PARTICIPANT_FLAGS)[number];

/**
 * The flags of one participant. An unknown age or weight is flagged only when the
 * profile sets a limit on it: nobody is let through on a blank.
 */
export function participantFlags(entry: RosterEntry, profile: AdrenalineProfile | null | undefined): ParticipantFlag[] {
  if (!profile) return [];
  const flags: ParticipantFlag[] = [];
  if (profile.min_age > 0) {
    if (entry.age == null) flags.push('age_unknown');
    else if (entry.age < profile.min_age) flags.push('under_min_age');
  }
  const limited = profile.min_weight_kg != null || profile.max_weight_kg != null;
  if (limited && entry.weight_kg == null) flags.push('weight_unknown');
  if (entry.weight_kg != null && profile.min_weight_kg != null && entry.weight_kg < profile.min_weight_kg) flags.push('under_min_weight');
  if (entry.weight_kg != null && profile.max_weight_kg != null && entry.weight_kg > profile.max_weight_kg) flags.push('over_max_weight');
  if (profile.waiver_required && !entry.waiver_signed) flags.push('waiver_missing');
  return flags;
}

export const REFUND_TARGETS = ['original', 'wallet'] as const;

/** Calling off a departure: a coded cancellation reason (and free text), and where the money goes. */
export const DisruptInput = StrictObject({
  reason_code: ReasonCode,
  reason: Type.Optional(Text(1000)),
  refund_to: Enum(REFUND_TARGETS),
});
export type DisruptInput = Static<typeof DisruptInput>;

/** What happened to one booking of a disrupted slot. */
export interface DisruptOutcome {
  booking_id: string;
  ref: string;
  customer_name: string;
  outcome: 'cancelled' | 'already_cancelled' | 'failed';
  /** Why it failed (the chart's or the money rules' words). */
  detail?: string;
  refund_amount: number;
  refund_status: 'succeeded' | 'processing' | null;
  refund_to: 'original' | 'wallet' | null;
  currency: string;
  message_recorded: boolean;
}
