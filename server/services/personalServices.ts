/**
 * Personal services: a copy of a service for one customer, with its own prices and one
 * departure at the date agreed with them. The copy is published (the customer can book
 * it, and so can the back-office for them) but it is not offered to anyone else: lists
 * that offer services ask for the `public` view, and a booking of it for another
 * customer is refused (server/bookings/bookings.ts).
 */
import type { PersonalServiceInput } from '../../common/catalog.ts';
import { collection } from '../../common/registry.ts';
import { badRequest } from '../errors.ts';
import { insertRecord, type Row } from '../engine/records.ts';
import type { WriteContext } from '../engine/hooks.ts';
import { loadOr404, loadVisible } from '../engine/scope.ts';

const services = collection('services');
const customers = collection('customers');
const priceRules = collection('price-rules');
const slots = collection('service-slots');

/** What a personal service keeps of the service it copies (the rest is its own). */
const COPIED = [
  'title_i18n', 'description_i18n', 'category_id', 'subcategory_id', 'location_id', 'branch_id', 'duration_minutes', 'booking_type',
  'booking_cutoff_minutes', 'confirmation', 'cancellation_policy', 'currency', 'extras', 'interest_ids', 'amenity_ids', 'adrenaline',
] as const;

export async function createPersonalService(ctx: WriteContext, baseId: string, input: PersonalServiceInput): Promise<{ service: Row; price_rules: Row[]; slot: Row }> {
  const base = await loadOr404(ctx.tx, services, baseId, ctx.actor);
  const errors: Record<string, string[]> = {};
  // The customer is named through the caller's scope: one they cannot see is unknown.
  const customer = await loadVisible(ctx.tx, customers, input.customer_id, ctx.actor);
  if (!customer) errors.customer_id = [`${input.customer_id} was not found.`];
  if (Date.parse(input.starts_at) <= Date.parse(ctx.now)) errors.starts_at = ['Must be in the future.'];
  input.prices.forEach((price, i) => {
    if (input.prices.findIndex((p) => p.customer_type === price.customer_type) !== i) (errors[`prices.${i}.customer_type`] ??= []).push('This customer type already has a price.');
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  const vendorId = String(base.vendor_id);
  const copied = Object.fromEntries(COPIED.map((field) => [field, base[field]]));
  // A group never larger than the departure: the copy's limits fit its capacity.
  const maxParticipants = Math.min(Number(base.max_participants), input.capacity);
  const service = await insertRecord(ctx, services, {
    ...copied,
    ...(input.title_i18n ? { title_i18n: input.title_i18n } : {}),
    vendor_id: vendorId,
    capacity: input.capacity,
    max_participants: maxParticipants,
    min_participants: Math.min(Number(base.min_participants), maxParticipants),
    customer_types: input.prices.map((p) => p.customer_type),
    private_customer_id: customer!.id,
    base_service_id: base.id,
    status: 'published',
    status_changed_at: ctx.now,
  });
  const rules: Row[] = [];
  for (const price of input.prices) {
    rules.push(
      await insertRecord(ctx, priceRules, {
        vendor_id: vendorId, service_id: service.id, customer_type: price.customer_type, amount: price.amount, per: price.per ?? 'person', currency: service.currency,
      }),
    );
  }
  const endsAt = new Date(Date.parse(input.starts_at) + Number(service.duration_minutes) * 60_000).toISOString();
  const slot = await insertRecord(ctx, slots, { vendor_id: vendorId, service_id: service.id, starts_at: input.starts_at, ends_at: endsAt, capacity: input.capacity });
  return { service, price_rules: rules, slot };
}
