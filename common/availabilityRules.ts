/**
 * The availability rules without their schemas, so screens use them without the schema
 * library: slot times in Algeria, the starts a bulk request asks for, and the flags of a
 * participant against a service's adrenaline profile. The server applies the same.
 */
import type { AdrenalineProfile } from './catalog.ts';
import { algeriaInstant } from './time.ts';

/** The most slots one bulk request may create (a year of three departures a day). */
export const BULK_SLOTS_MAX = 1000;


/** A calendar day `YYYY-MM-DD` moved by whole days (in UTC, so no time zone shifts it). */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Every start a bulk request asks for, in order, or null when there are more than `max`. */
export function bulkStarts(input: { from: string; to: string; weekdays: readonly number[]; start_times: readonly string[] }, max = BULK_SLOTS_MAX): string[] | null {
  const starts: string[] = [];
  const times = [...input.start_times].sort();
  const last = Date.parse(`${input.to}T00:00:00Z`);
  for (let day = Date.parse(`${input.from}T00:00:00Z`); day <= last; day += 86_400_000) {
    const date = new Date(day);
    if (!input.weekdays.includes(date.getUTCDay())) continue;
    for (const time of times) {
      starts.push(algeriaInstant(date.toISOString().slice(0, 10), time));
      if (starts.length > max) return null;
    }
  }
  return starts;
}

/** One person of a booking, as the operator wrote them down. */
export interface RosterEntry {
  name: string;
  age: number | null;
  weight_kg: number | null;
  waiver_signed: boolean;
}

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

/** A participant who does not meet the profile, with why: checking them in needs the operator's reason. */
export interface FlaggedParticipant {
  name: string;
  flags: ParticipantFlag[];
}

/** The people of a roster the profile flags (the booking page and the server's check-in ask the same). */
export function flaggedParticipants(roster: readonly RosterEntry[] | null | undefined, profile: AdrenalineProfile | null | undefined): FlaggedParticipant[] {
  return (roster ?? []).map((entry) => ({ name: entry.name, flags: participantFlags(entry, profile) })).filter((p) => p.flags.length > 0);
}

/** Where a disrupted departure's refunds go. */
export const REFUND_TARGETS = ['original', 'wallet'] as const;

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
  refund_to: (typeof REFUND_TARGETS)[number] | null;
  currency: string;
  message_recorded: boolean;
}

/** One booking of a slot's manifest, as the API answers it (server/services/availability.ts). */
export interface ManifestBooking {
  id: string;
  ref: string;
  version: number;
  status: string;
  status_changed_at: string | null;
  starts_at: string;
  customer_id: string;
  customer_name: string;
  customer_phone: string | null;
  participants: Record<string, number>;
  participants_count: number;
  total: number;
  paid: number;
  balance: number;
  currency: string;
  payment_status: string;
  roster: RosterEntry[];
  flags: ParticipantFlag[][];
}
