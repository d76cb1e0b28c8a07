/**
 * Availability on the server: slots created in bulk, the capacity floor, a slot's
 * manifest (bookings, rosters and the flags of the service's adrenaline profile), the
 * roster rules on a booking, and a disrupted departure (every booking of a slot
 * cancelled and refunded in full, each in its own transaction, the customer told).
 */
import type { DisruptInput, SlotsBulkInput } from '../../common/availabilitySchemas.ts';
import {
  BULK_SLOTS_MAX, REFUND_TARGETS, bulkStarts, flaggedParticipants, participantFlags, type DisruptOutcome, type RosterEntry, type ManifestBooking,
} from '../../common/availabilityRules.ts';
import type { AdrenalineProfile } from '../../common/catalog.ts';
import { GATEWAY_METHODS, type PaymentMethod } from '../../common/payments.ts';
import { collection } from '../../common/registry.ts';
import { ApiError, badRequest, conflict } from '../errors.ts';
import { writeAudit } from '../engine/audit.ts';
import { hooksOf, type WriteContext } from '../engine/hooks.ts';
import { insertRecord, updateRecord, type Row } from '../engine/records.ts';
import { reasonCodeErrors } from '../engine/reasonCodes.ts';
import { loadOr404, loadVisible } from '../engine/scope.ts';
import { applyTransition } from '../engine/transitions.ts';
import { assertWalletCurrency, refundableOf, walletCurrencyRefusal } from '../payments/index.ts';
import { BUSINESS_TIME_ZONE } from '../../common/time.ts';
import { statusesTagged } from '../../common/lifecycles/index.ts';

const bookings = collection('bookings');
const refunds = collection('refunds');
const services = collection('services');
const slots = collection('service-slots');
const conversations = collection('conversations');
const messages = collection('messages');
const num = (v: unknown) => Number(v ?? 0);

// Bulk creation ------------------------------------------------------------------------

export interface BulkResult {
  created: number;
  /** Starts that already had a slot: left as they are. */
  skipped: string[];
  /** Starts already past: never created. */
  past: string[];
}

/** Every slot the request describes, in one statement; existing starts are skipped and reported. */
export async function createSlotsInBulk(ctx: WriteContext, input: SlotsBulkInput): Promise<BulkResult> {
  const { tx, actor } = ctx;
  const service = await loadVisible(tx, services, input.service_id, actor, { forUpdate: true });
  if (!service) throw badRequest({ service_id: [`${input.service_id} was not found.`] });
  if (input.to < input.from) throw badRequest({ to: ['Must be on or after the first day.'] });
  const starts = bulkStarts(input);
  if (starts === null) throw badRequest({ to: [`More than ${BULK_SLOTS_MAX} slots at once; choose a shorter range or fewer times.`] });
  const past = starts.filter((s) => Date.parse(s) <= Date.parse(ctx.now));
  const future = starts.filter((s) => Date.parse(s) > Date.parse(ctx.now));
  const minutes = input.duration_minutes ?? num(service.duration_minutes);
  const { rows } = await tx.query<{ starts_at: Date | string }>(
    `INSERT INTO service_slots (vendor_id, service_id, starts_at, ends_at, capacity)
     SELECT $1, $2, s::timestamptz, s::timestamptz + make_interval(mins => $3::int), $4
       FROM jsonb_array_elements_text($5::jsonb) AS s
     ON CONFLICT (service_id, starts_at) DO NOTHING
     RETURNING starts_at`,
    [service.vendor_id, service.id, minutes, input.capacity, JSON.stringify(future)],
  );
  const made = new Set(rows.map((r) => new Date(r.starts_at).toISOString()));
  const skipped = future.filter((s) => !made.has(s));
  // One audit entry for the request: what was asked and what came of it.
  await writeAudit(tx, actor, {
    action: 'bulk_create', entity: 'service-slots', entityId: null, vendorId: String(service.vendor_id),
    after: { ...input, created: made.size, skipped: skipped.length, past: past.length },
  });
  return { created: made.size, skipped, past };
}

// Capacity floor and rosters -------------------------------------------------------------

/** A slot's capacity never goes below its booked seats: 409 saying how many. */
export function assertCapacityFloor(before: Row, capacity: unknown): void {
  const booked = num(before.booked);
  if (capacity !== undefined && num(capacity) < booked) {
    throw conflict(`${booked} seats are booked`, { booked, errors: { capacity: [`${booked} seats are booked; the capacity cannot be lower.`] } });
  }
}

/** A roster names at most the booking's participants, while the booking is still to take place. */
export function assertRoster(before: Row, roster: RosterEntry[]): void {
  if (!statusesTagged('booking', 'rosterOpen').includes(String(before.status))) {
    throw conflict(`This booking is ${before.status}; its participants can no longer be changed.`);
  }
  const seats = num(before.participants_count);
  if (roster.length > seats) throw badRequest({ roster: [`This booking is for ${seats} participants; the list has ${roster.length}.`] });
  const errors: Record<string, string[]> = {};
  roster.forEach((entry, i) => {
    if (entry.name.trim() === '') errors[`roster.${i}.name`] = ['A name is required.'];
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

async function adrenalineOf(ctx: Pick<WriteContext, 'tx'>, serviceId: unknown): Promise<AdrenalineProfile | null> {
  const { rows } = await ctx.tx.query<{ adrenaline: AdrenalineProfile | null }>('SELECT adrenaline FROM services WHERE id = $1', [serviceId]);
  return rows[0]?.adrenaline ?? null;
}

/**
 * Checking in a booking whose participants fail the service's profile needs the
 * operator's explicit word (a reason), so nobody is let through by a stray click.
 */
export async function assertCheckInAcknowledged(ctx: WriteContext, booking: Row, reason: string | undefined): Promise<void> {
  const profile = await adrenalineOf(ctx, booking.service_id);
  const flagged = flaggedParticipants(booking.roster as RosterEntry[] | null, profile);
  if (flagged.length > 0 && !reason?.trim()) {
    throw badRequest({ reason: [`${flagged.map((p) => p.name).join(', ')} do not meet this activity's requirements; say why they are checked in anyway.`] });
  }
}

// Manifest -----------------------------------------------------------------------------

/** Everything the manifest of a slot shows, for one request. */
export async function slotManifest(ctx: Pick<WriteContext, 'tx' | 'actor'>, slotId: string) {
  const slot = await loadOr404(ctx.tx, slots, slotId, ctx.actor);
  const service = await loadOr404(ctx.tx, services, String(slot.service_id), ctx.actor);
  const profile = (service.adrenaline as AdrenalineProfile | null) ?? null;
  const { rows } = await ctx.tx.query<Row>(
    `SELECT id, ref, version, status, status_changed_at, starts_at, customer_id, customer_name, customer_phone, participants, participants_count,
            total, paid, balance, currency, payment_status, roster
       FROM bookings WHERE slot_id = $1 AND vendor_id = $2 ORDER BY lower(customer_name), ref`,
    [slot.id, slot.vendor_id],
  );
  const list: ManifestBooking[] = rows.map((r) => ({
    ...(r as unknown as ManifestBooking),
    status_changed_at: r.status_changed_at ? new Date(r.status_changed_at as string).toISOString() : null,
    starts_at: new Date(r.starts_at as string).toISOString(),
    total: num(r.total), paid: num(r.paid), balance: num(r.balance),
    flags: ((r.roster as RosterEntry[]) ?? []).map((p) => participantFlags(p, profile)),
  }));
  // Where calling the departure off may send the money: the wallet only when it takes every booking's currency.
  const currencies = new Set([String(service.currency), ...list.map((b) => String(b.currency))]);
  let wallet = true;
  for (const currency of currencies) wallet &&= (await walletCurrencyRefusal(ctx.tx, currency, 'refund')) === null;
  const refund_to = REFUND_TARGETS.filter((target) => target !== 'wallet' || wallet);
  return { slot, service: { id: service.id, title_i18n: service.title_i18n, adrenaline: profile }, bookings: list, refund_to };
}

// Disrupted departure ------------------------------------------------------------------

const GONE = statusesTagged('booking', 'closed');

type Lang = 'en' | 'fr' | 'ar';
const TEXT: Record<Lang, { cancelled: string; original: string; wallet: string; processing: string }> = {
  en: {
    cancelled: 'We are sorry: your booking {ref} ({service}, {when}) is cancelled. Reason: {reason}.',
    original: '{amount} is refunded to your original payment method.',
    processing: '{amount} is being refunded to your original payment method; it may take a few days to appear.',
    wallet: '{amount} has been credited to your Rihla wallet.',
  },
  fr: {
    cancelled: 'Nous sommes désolés : votre réservation {ref} ({service}, {when}) est annulée. Motif : {reason}.',
    original: '{amount} vous est remboursé sur votre moyen de paiement d’origine.',
    processing: '{amount} est en cours de remboursement sur votre moyen de paiement d’origine ; cela peut prendre quelques jours.',
    wallet: '{amount} a été crédité sur votre portefeuille Rihla.',
  },
  ar: {
    cancelled: 'نعتذر منكم: تم إلغاء حجزكم {ref} ({service}، {when}). السبب: {reason}.',
    original: 'تم استرداد {amount} إلى وسيلة الدفع الأصلية.',
    processing: 'جارٍ استرداد {amount} إلى وسيلة الدفع الأصلية، وقد يستغرق ظهوره بضعة أيام.',
    wallet: 'تمت إضافة {amount} إلى محفظتكم في رحلة.',
  },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** The customer's message in their language: what was cancelled, why, and where the money goes. */
async function tellCustomer(ctx: WriteContext, booking: Row, input: DisruptInput, refund: { amount: number; status: string | null }): Promise<void> {
  const { tx } = ctx;
  const { rows: who } = await tx.query<{ locale: Lang }>('SELECT locale FROM customers WHERE id = $1', [booking.customer_id]);
  const lang: Lang = who[0]?.locale ?? 'fr';
  const { rows: codes } = await tx.query<{ label_i18n: Record<Lang, string> }>(
    "SELECT label_i18n FROM reason_codes WHERE kind = 'cancellation' AND code = $1",
    [input.reason_code],
  );
  const reason = [codes[0]?.label_i18n?.[lang], input.reason?.trim()].filter(Boolean).join(' — ');
  const locale = `${lang}-DZ`;
  const when = new Intl.DateTimeFormat(locale, { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'full', timeStyle: 'short' }).format(new Date(String(booking.starts_at)));
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: String(booking.currency) }).format(refund.amount / 100);
  const title = booking.service_title_i18n as Record<Lang, string> | null;
  const t = TEXT[lang];
  const lines = [fill(t.cancelled, { ref: String(booking.ref), service: title?.[lang] || title?.en || '', when, reason })];
  if (refund.amount > 0) {
    const line = input.refund_to === 'wallet' ? t.wallet : refund.status === 'processing' ? t.processing : t.original;
    lines.push(fill(line, { amount }));
  }
  const body = lines.join('\n').slice(0, 4000);
  // The booking's own conversation with the customer, opened if there is none yet.
  const { rows: open } = await tx.query<{ id: string }>(
    "SELECT id FROM conversations WHERE booking_id = $1 AND kind = 'customer' ORDER BY created_at LIMIT 1 FOR UPDATE",
    [booking.id],
  );
  const conversationId = open[0]?.id ?? String((await insertRecord(ctx, conversations, {
    vendor_id: booking.vendor_id, kind: 'customer', customer_id: booking.customer_id, booking_id: booking.id, subject: `Booking ${booking.ref}`,
  })).id);
  await insertRecord(ctx, messages, {
    conversation_id: conversationId, vendor_id: booking.vendor_id, body, author_type: 'system', author_user_id: ctx.actor.user.id, author_name: 'Rihla',
  });
  await tx.query('UPDATE conversations SET last_message_at = $2, last_message_preview = $3 WHERE id = $1', [conversationId, ctx.now, body.slice(0, 200)]);
}

/** Cancels (or declines) one locked booking of the slot, refunds what was paid and tells the customer. */
async function disruptBooking(ctx: WriteContext, id: string, input: DisruptInput): Promise<DisruptOutcome> {
  let booking = await loadOr404(ctx.tx, bookings, id, ctx.actor, { forUpdate: true });
  const base = {
    booking_id: id, ref: String(booking.ref), customer_name: String(booking.customer_name), currency: String(booking.currency),
    refund_amount: 0, refund_status: null, refund_to: null, message_recorded: false,
  } satisfies Partial<DisruptOutcome>;
  // Done already (by an earlier attempt or before): nothing is cancelled or refunded twice.
  if (GONE.includes(String(booking.status))) return { ...base, outcome: 'already_cancelled' };
  const reason = input.reason?.trim() || undefined;
  // A request not yet accepted is declined (the chart has no cancel for it). Its coded reason is
  // a cancellation's, checked when the disruption began, so the decline is the system's: the
  // route would otherwise ask for a rejection code. The booking page reads both kinds.
  const why = { reason_code: input.reason_code, ...(reason ? { reason } : {}) };
  booking = booking.status === 'requested'
    ? await applyTransition(ctx, bookings, hooksOf(ctx, 'bookings'), booking, { event: 'decline', ...why }, 'system')
    : await applyTransition(ctx, bookings, hooksOf(ctx, 'bookings'), booking, { event: 'cancel', ...why });

  const room = await refundableOf(ctx.tx, booking);
  let refund: { amount: number; status: 'succeeded' | 'processing' | null } = { amount: 0, status: null };
  if (room.amount > 0) {
    let record = await hooksOf(ctx, 'refunds').create!(ctx, {
      booking_id: id, amount: room.amount, destination: input.refund_to === 'wallet' ? 'wallet' : 'original_method',
      reason_code: 'activity_cancelled', ...(reason ? { reason } : {}), notify_customer: true,
    }, null);
    record = await applyTransition(ctx, refunds, hooksOf(ctx, 'refunds'), record, { event: 'approve' }, 'system');
    record = await applyTransition(ctx, refunds, hooksOf(ctx, 'refunds'), record, { event: 'process' }, 'system');
    // A card refund waits for the gateway to confirm; cash and the wallet are done at once.
    const byCard = input.refund_to === 'original' && room.payments.some((p) => p.refundable > 0 && GATEWAY_METHODS.includes(p.method as PaymentMethod));
    if (!byCard) record = await applyTransition(ctx, refunds, hooksOf(ctx, 'refunds'), record, { event: 'succeed' }, 'system');
    refund = { amount: room.amount, status: byCard ? 'processing' : 'succeeded' };
  }
  await tellCustomer(ctx, booking, input, refund);
  return {
    ...base, outcome: 'cancelled', refund_amount: refund.amount, refund_status: refund.status,
    refund_to: refund.amount > 0 ? input.refund_to : null, message_recorded: true,
  };
}

/**
 * Calls off a departure. The slot is closed first, so nobody books it meanwhile; then each
 * booking is handled in its own transaction (one failing leaves the others done) and the
 * summary says what happened to each. A retry finds the done ones cancelled and skips them.
 */
export async function disruptSlot(ctx: Omit<WriteContext, 'tx'>, slotId: string, input: DisruptInput) {
  const db = ctx.app.db;
  await db.transaction(async (tx) => {
    const before = await loadOr404(tx, slots, slotId, ctx.actor, { forUpdate: true });
    const errors = await reasonCodeErrors(tx, 'cancellation', input.reason_code, input.reason, { code: 'reason_code', text: 'reason' });
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    // The wallet takes its own currency only: refused before anything is closed or cancelled.
    if (input.refund_to === 'wallet') {
      const { rows } = await tx.query<{ currency: string }>('SELECT DISTINCT currency FROM bookings WHERE slot_id = $1 ORDER BY currency', [slotId]);
      for (const { currency } of rows) await assertWalletCurrency(tx, currency, 'refund', 'refund_to');
    }
    await updateRecord({ ...ctx, tx }, slots, slotId, {
      closed: true,
      disrupted_at: before.disrupted_at ?? ctx.now,
      disruption_reason_code: input.reason_code,
      disruption_reason: input.reason?.trim() || null,
    }, { before, action: 'disrupt' });
  });
  const { rows } = await db.query<{ id: string }>('SELECT id FROM bookings WHERE slot_id = $1 ORDER BY created_at, id', [slotId]);
  const results: DisruptOutcome[] = [];
  for (const { id } of rows) {
    try {
      results.push(await db.transaction((tx) => disruptBooking({ ...ctx, tx }, id, input)));
    } catch (error) {
      // A refusal (the chart, the money rules) is reported; anything else stops the run,
      // and a retry picks up where it stopped.
      if (!(error instanceof ApiError)) throw error;
      const { rows: b } = await db.query<Row>('SELECT ref, customer_name, currency FROM bookings WHERE id = $1', [id]);
      results.push({
        booking_id: id, ref: String(b[0]?.ref), customer_name: String(b[0]?.customer_name), currency: String(b[0]?.currency), outcome: 'failed',
        detail: error.body.detail, refund_amount: 0, refund_status: null, refund_to: null, message_recorded: false,
      });
    }
  }
  return { slot: await loadOr404(db, slots, slotId, ctx.actor), results };
}
