/**
 * Bookings on the server: creation prices the booking from the service's rules (never
 * from a client total) and holds seats; rebooking moves the seats; transitions release
 * them, keep the money fields right and award loyalty points on completion.
 */
import { randomInt } from 'node:crypto';
import type { RosterEntry } from '../../common/availabilityRules.ts';
import type { BookingCreate } from '../../common/bookings.ts';
import type { Participants } from '../../common/bookings.ts';
import { participantsCount } from '../../common/money.ts';
import { collection } from '../../common/registry.ts';
import { badRequest, conflict } from '../errors.ts';
import type { CollectionHooks, WriteContext } from '../engine/hooks.ts';
import { insertRecord, type Row } from '../engine/records.ts';
import { loadOr404, loadVisible } from '../engine/scope.ts';
import { earnPoints } from '../customers/index.ts';
import { createPayment, moneyInStatus } from '../payments/index.ts';
import { assertCheckInAcknowledged, assertRoster, priceBooking } from '../services/index.ts';
import { getSettings, unacceptedCurrency } from '../settings/index.ts';
import { notifyBookingTransition } from '../notifications/index.ts';
import { statusesTagged } from '../../common/lifecycles/index.ts';

const bookings = collection('bookings');
const customers = collection('customers');
const services = collection('services');
const slots = collection('service-slots');
const HOLDING = statusesTagged('booking', 'holding');
const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newRef(): string {
  let ref = 'RH';
  for (let i = 0; i < 6; i++) ref += REF_ALPHABET[randomInt(REF_ALPHABET.length)];
  return ref;
}

const num = (v: unknown) => Number(v ?? 0);

/** The slot and start of a booking, locked, with its seats checked. */
export async function placeBooking(
  ctx: WriteContext,
  service: Row,
  input: { slot_id?: string | null; starts_at?: string },
  seats: number,
  exclude?: { bookingId: string; slotId: string | null; seats: number },
): Promise<{ slot: Row | undefined; startsAt: string }> {
  const { tx } = ctx;
  let slot: Row | undefined;
  let startsAt: string;
  if (input.slot_id) {
    slot = await loadVisible(tx, slots, input.slot_id, ctx.actor, { forUpdate: true });
    if (!slot || slot.service_id !== service.id) throw badRequest({ slot_id: ['Not a slot of this service.'] });
    if (input.starts_at && Date.parse(input.starts_at) !== Date.parse(String(slot.starts_at))) {
      throw badRequest({ starts_at: ['Does not match the start of the slot.'] });
    }
    startsAt = String(slot.starts_at);
  } else if (input.starts_at) {
    startsAt = new Date(input.starts_at).toISOString();
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM service_slots WHERE service_id = $1 AND starts_at = $2', [service.id, startsAt]);
    if (rows[0]) slot = await loadVisible(tx, slots, rows[0].id, ctx.actor, { forUpdate: true });
  } else {
    throw badRequest({ starts_at: ['Give starts_at or slot_id.'] });
  }
  if (Date.parse(startsAt) <= Date.parse(ctx.now)) throw badRequest({ starts_at: ['Must be in the future.'] });
  if (slot) {
    if (slot.closed) throw conflict('This slot is closed for booking.');
    const left = num(slot.capacity) - num(slot.booked) + (exclude && exclude.slotId === slot.id ? exclude.seats : 0);
    if (seats > left) throw conflict(`Not enough seats left: ${Math.max(0, left)} available.`, { errors: { participants: [`Only ${Math.max(0, left)} seats left.`] } });
  } else {
    const { rows } = await tx.query<{ taken: number }>(
      `SELECT coalesce(sum(participants_count), 0)::int AS taken FROM bookings
       WHERE service_id = $1 AND starts_at = $2 AND status = ANY($3::text[]) AND id IS DISTINCT FROM $4`,
      [service.id, startsAt, HOLDING, exclude?.bookingId ?? null],
    );
    const left = num(service.capacity) - num(rows[0]?.taken);
    if (seats > left) throw conflict(`Not enough seats left: ${Math.max(0, left)} available.`, { errors: { participants: [`Only ${Math.max(0, left)} seats left.`] } });
  }
  return { slot, startsAt };
}

export async function createBooking(ctx: WriteContext, body: BookingCreate, vendorId: string): Promise<Row> {
  const { tx, actor } = ctx;
  // Through the actor's scope, like every id a request names: another vendor's customer
  // or service answers exactly as an unknown id does.
  // The customer is locked first (a merge locks customers, then their personal services):
  // a merge of this customer waits for the booking and moves it, or the booking waits for
  // the merge and finds the customer blocked; a booking never lands on a merged record.
  const customer = await loadVisible(tx, customers, body.customer_id, actor, { forUpdate: true });
  const service = await loadVisible(tx, services, body.service_id, actor, { forUpdate: true });
  if (!service || !customer) {
    throw badRequest({
      ...(service ? {} : { service_id: [`${body.service_id} was not found.`] }),
      ...(customer ? {} : { customer_id: [`${body.customer_id} was not found.`] }),
    });
  }
  const errors: Record<string, string[]> = {};
  if (service.status === 'archived') errors.service_id = ['This service is archived.'];
  else if (service.status !== 'published' && !service.private_customer_id) errors.service_id = ['This service is not published.'];
  if (service.private_customer_id && service.private_customer_id !== customer.id) errors.service_id = ['This private service is for another customer.'];
  // A merged customer is blocked too, but the customer to book is the one it was merged into.
  if (customer.merged_into_id) errors.customer_id = ['This customer was merged into another customer: book that customer instead.'];
  else if (customer.blocked) errors.customer_id = ['This customer is blocked and cannot be booked.'];
  // A vendor under review, rejected or suspended does not sell: its services stay hidden from booking.
  const { rows: vendorRows } = await tx.query<{ status: string }>('SELECT status FROM vendors WHERE id = $1', [service.vendor_id]);
  if (vendorRows[0]?.status !== 'active') errors.service_id = ['This vendor is not active: its services cannot be booked.'];
  const refusedCurrency = await unacceptedCurrency(tx, service.currency);
  if (refusedCurrency && !errors.service_id) errors.service_id = [refusedCurrency];
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  const business = await getSettings(tx, 'business');
  const seats = participantsCount(body.participants as Participants);
  if (seats > business.max_participants_per_booking) {
    throw badRequest({ participants: [`At most ${business.max_participants_per_booking} participants per booking.`] });
  }
  const { slot, startsAt } = await placeBooking(ctx, service, body, seats);
  const channel = body.channel ?? 'back_office';
  const cutoff = num(service.booking_cutoff_minutes);
  if (channel !== 'back_office' && Date.parse(startsAt) - Date.parse(ctx.now) < cutoff * 60_000) {
    throw badRequest({ starts_at: [`Bookings close ${cutoff} minutes before the start.`] });
  }

  const quote = await priceBooking(ctx, service, { ...body, customer_id: String(customer.id), starts_at: startsAt, participants: body.participants as Participants });

  const manual = service.confirmation === 'manual';
  const status = manual ? 'requested' : 'confirmed';
  let ref = newRef();
  for (let i = 0; i < 5; i++) {
    const { rows } = await tx.query('SELECT 1 FROM bookings WHERE ref = $1', [ref]);
    if (rows.length === 0) break;
    ref = newRef();
  }
  const money = moneyInStatus({ total: quote.total, paid: 0, refunded: 0 }, status);
  let booking = await insertRecord(ctx, bookings, {
    vendor_id: vendorId,
    ref,
    customer_id: customer.id,
    customer_name: customer.name,
    customer_phone: customer.phone,
    service_id: service.id,
    service_title_i18n: service.title_i18n,
    branch_id: body.branch_id ?? service.branch_id ?? null,
    location_id: service.location_id ?? null,
    slot_id: slot?.id ?? null,
    starts_at: startsAt,
    ends_at: new Date(Date.parse(startsAt) + num(service.duration_minutes) * 60_000).toISOString(),
    participants: body.participants,
    participants_count: quote.participants_count,
    extras: quote.extras,
    coupon_code: quote.coupon_id && body.coupon_code ? body.coupon_code.toUpperCase() : null,
    coupon_id: quote.coupon_id,
    discount_id: quote.discount_id,
    deal_id: quote.deal_id,
    subtotal: quote.subtotal,
    discount_amount: quote.discount_amount,
    platform_funded_discount: quote.platform_funded_discount,
    fee_amount: quote.fee_amount,
    total: quote.total,
    paid: 0,
    refunded: 0,
    balance: money.balance,
    payment_status: money.payment_status,
    currency: quote.currency,
    status,
    status_changed_at: ctx.now,
    channel,
    notes: body.notes ?? null,
    created_by: actor.user.id,
    hold_expires_at: manual ? new Date(Date.parse(ctx.now) + business.hold_minutes * 60_000).toISOString() : null,
  });
  if (slot) await tx.query('UPDATE service_slots SET booked = booked + $2 WHERE id = $1', [slot.id, seats]);
  if (quote.coupon_id) await tx.query('UPDATE coupons SET uses_count = uses_count + 1 WHERE id = $1', [quote.coupon_id]);
  if (quote.discount_id) await tx.query('UPDATE discounts SET uses_count = uses_count + 1 WHERE id = $1', [quote.discount_id]);
  await tx.query(
    'UPDATE customers SET bookings_count = bookings_count + 1, last_booking_at = greatest(last_booking_at, $2) WHERE id = $1',
    [customer.id, ctx.now],
  );
  if (quote.total > 0 && (body.payment_method === 'cash' || body.payment_method === 'card')) {
    await createPayment(ctx, booking, { amount: quote.total, method: body.payment_method === 'cash' ? 'cash' : 'cib', payer_name: String(customer.name) });
    booking = await loadOr404(tx, bookings, String(booking.id), actor);
  }
  return booking;
}

export async function releaseSeats(ctx: WriteContext, booking: Row): Promise<void> {
  if (booking.slot_id) {
    await ctx.tx.query('UPDATE service_slots SET booked = greatest(booked - $2, 0) WHERE id = $1', [booking.slot_id, num(booking.participants_count)]);
  }
}

const closing = async (ctx: WriteContext, record: Row, next: string) => {
  await releaseSeats(ctx, record);
  return { hold_expires_at: null, ...moneyInStatus(record, next) };
};

export const bookingHooks: CollectionHooks = {
  create: (ctx, body, vendorId) => createBooking(ctx, body as BookingCreate, vendorId!),

  /** Rebooking: another slot or time for the same participants; the price is kept. */
  async beforeUpdate(ctx, before, changes) {
    if (changes.roster !== undefined) assertRoster(before, changes.roster as RosterEntry[]);
    if (changes.starts_at === undefined && changes.slot_id === undefined) return;
    if (!statusesTagged('booking', 'changeable').includes(String(before.status))) throw conflict('Only upcoming bookings can be rebooked.');
    const service = await loadOr404(ctx.tx, services, String(before.service_id), ctx.actor, { forUpdate: true });
    const { slot, startsAt } = await placeBooking(
      ctx,
      service!,
      { slot_id: changes.slot_id as string | null | undefined, starts_at: changes.starts_at as string | undefined },
      num(before.participants_count),
      { bookingId: String(before.id), slotId: (before.slot_id as string) ?? null, seats: num(before.participants_count) },
    );
    await releaseSeats(ctx, before);
    if (slot) await ctx.tx.query('UPDATE service_slots SET booked = booked + $2 WHERE id = $1', [slot.id, num(before.participants_count)]);
    changes.slot_id = slot?.id ?? null;
    changes.starts_at = startsAt;
    changes.ends_at = new Date(Date.parse(startsAt) + num(service!.duration_minutes) * 60_000).toISOString();
  },

  async lifecycleSettings(ctx) {
    const { check_in_window_minutes } = await getSettings(ctx.tx, 'business');
    return { check_in_window_minutes };
  },

  transitions: {
    confirm: async () => ({ hold_expires_at: null }),
    check_in: async (ctx, record, _next, payload) => assertCheckInAcknowledged(ctx, record, payload.reason),
    decline: closing,
    expire: closing,
    cancel: closing,
    complete: async (ctx, record) => {
      await earnPoints(ctx, record);
    },
    // The chart's `change` says whether a booking may change; the change itself (new price, settlement) is its own endpoint.
    change: async () => {
      throw badRequest({ event: ['A booking is changed through POST bookings/<id>/change/, not as a transition.'] });
    },
  },

  /** Every confirmation or cancellation (by a person, a refund or a cancelled slot) tells the customer. */
  afterTransition: (ctx, _before, after, payload) => notifyBookingTransition(ctx, after, payload.event),
};

