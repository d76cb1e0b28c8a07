/**
 * Vendors: their legal identity in the Algerian formats (the same checks as the vendor
 * page), approval only with a complete identity, the list's figures (services, bookings
 * and revenue of the last 30 days, rating) read with indexed queries for the vendors
 * shown, and their documents (who verified them, verified again after a change).
 */
import {
  digitsOf, identityMissing, normalizePayoutAccount, normalizeRc, vendorIdentityErrors,
} from '../../common/algerianIds.ts';
import { badRequest, conflict } from '../errors.ts';
import type { CollectionHooks, WriteContext } from '../engine/hooks.ts';
import type { Row } from '../engine/records.ts';
import { payoutVendorHooks, reasonErrors, updateVendor } from '../payments/index.ts';
import { sqlStatusesTagged } from '../../common/lifecycles/index.ts';

const IDENTITY_FIELDS = ['rc_number', 'nif_number', 'payout_method', 'payout_account'] as const;

/** The stored forms: RC as printed, NIF and payout account as digits. */
function normalizeIdentity(values: Row): void {
  if (typeof values.rc_number === 'string') values.rc_number = values.rc_number.trim() ? normalizeRc(values.rc_number) : null;
  if (typeof values.nif_number === 'string') values.nif_number = values.nif_number.trim() ? digitsOf(values.nif_number) : null;
  if (typeof values.payout_account === 'string') values.payout_account = values.payout_account.trim() ? normalizePayoutAccount(values.payout_account) : null;
}

/**
 * Checks the identity fields a write sends (and the payout pair when either half
 * changes), judged on the record as it would be stored: a vendor whose older data
 * predates these checks can still have its contact edited.
 */
function assertIdentity(record: Row, sent: Row, more: Record<string, string[]> = {}): void {
  const errors = vendorIdentityErrors(record);
  const touched = new Set(IDENTITY_FIELDS.filter((f) => sent[f] !== undefined));
  if (touched.has('payout_method')) touched.add('payout_account');
  const relevant = { ...Object.fromEntries(Object.entries(errors).filter(([field]) => touched.has(field as never))), ...more };
  if (Object.keys(relevant).length > 0) throw badRequest(relevant);
}

export const APPROVE_INCOMPLETE = 'Complete the legal identity (legal name, RC, NIF and payout account) before approving this vendor.';

interface Figures {
  services_count: number;
  rating_avg: number | null;
  reviews_count: number;
  bookings_30d: number;
  revenue_30d: { currency: string; amount: number }[];
}

/**
 * The list's figures for the vendors shown (a page at most): services and rating from the
 * vendor's services (indexed by vendor), bookings made in the last 30 days and what they
 * are worth (the index on vendor and creation date reads only those days' rows), cancelled,
 * declined and expired ones left out.
 */
export async function vendorFigures(ctx: { tx: WriteContext['tx']; now: string }, ids: string[]): Promise<Map<string, Figures>> {
  const figures = new Map<string, Figures>(ids.map((id) => [id, { services_count: 0, rating_avg: null, reviews_count: 0, bookings_30d: 0, revenue_30d: [] }]));
  if (ids.length === 0) return figures;
  const since = new Date(Date.parse(ctx.now) - 30 * 86_400_000).toISOString();
  const [services, bookings] = await Promise.all([
    ctx.tx.query<{ vendor_id: string; n: number; reviews: number; rating: number | null }>(
      `SELECT vendor_id, count(*)::int AS n, coalesce(sum(reviews_count), 0)::int AS reviews,
              (sum(rating_avg * reviews_count) / nullif(sum(reviews_count) FILTER (WHERE rating_avg IS NOT NULL), 0))::float8 AS rating
       FROM services WHERE vendor_id = ANY($1::uuid[]) AND status <> 'archived' AND private_customer_id IS NULL GROUP BY vendor_id`,
      [ids],
    ),
    ctx.tx.query<{ vendor_id: string; currency: string; n: number; amount: string }>(
      `SELECT vendor_id, currency, count(*)::int AS n, sum(total)::text AS amount
       FROM bookings WHERE vendor_id = ANY($1::uuid[]) AND created_at >= $2
         AND status NOT IN ${sqlStatusesTagged('booking', 'closed')}
       GROUP BY vendor_id, currency`,
      [ids, since],
    ),
  ]);
  for (const row of services.rows) {
    Object.assign(figures.get(row.vendor_id)!, {
      services_count: row.n, reviews_count: row.reviews, rating_avg: row.rating === null ? null : Math.round(row.rating * 100) / 100,
    });
  }
  for (const row of bookings.rows) {
    const f = figures.get(row.vendor_id)!;
    f.bookings_30d += row.n;
    f.revenue_30d.push({ currency: row.currency, amount: Number(row.amount) });
  }
  return figures;
}

export const vendorHooks: CollectionHooks = {
  async beforeInsert(_ctx, values) {
    normalizeIdentity(values);
    assertIdentity(values, values);
  },
  /** A change of the payout method or account also needs its reason, and is stamped, audited masked and told to the vendor (payoutAccount.ts). */
  async update(ctx, before, changes) {
    const reason = typeof changes.payout_change_reason === 'string' ? changes.payout_change_reason.trim() : '';
    delete changes.payout_change_reason;
    await payoutVendorHooks.beforeUpdate?.(ctx, before, changes);
    normalizeIdentity(changes);
    assertIdentity({ ...before, ...changes }, changes, reasonErrors(before, changes, reason));
    return updateVendor(ctx, before, changes, reason);
  },
  transitions: {
    approve: async (_ctx, record) => {
      const missing = identityMissing(record);
      const invalid = vendorIdentityErrors(record);
      if (missing.length > 0 || Object.keys(invalid).length > 0) {
        throw conflict(APPROVE_INCOMPLETE, {
          errors: { ...invalid, ...Object.fromEntries(missing.map((f) => [f, ['Required to approve the vendor.']])) },
        });
      }
    },
  },
  async present(ctx, records) {
    const figures = await vendorFigures(ctx, records.map((r) => String(r.id)));
    return records.map((r) => ({ ...r, ...figures.get(String(r.id)) }));
  },
};

/** Verification follows the document: who checked it and when; a vendor's change to a checked document asks for a new check. */
export const vendorDocumentHooks: CollectionHooks = {
  async beforeInsert(ctx, values) {
    if (values.verified === true) Object.assign(values, { verified_by: ctx.actor.user.id, verified_at: ctx.now });
  },
  async beforeUpdate(ctx, before, changes) {
    const content = ['number', 'issued_on', 'expires_on', 'media_id'].some((f) => changes[f] !== undefined && changes[f] !== before[f]);
    if (changes.verified !== undefined && changes.verified !== before.verified) {
      Object.assign(changes, changes.verified ? { verified_by: ctx.actor.user.id, verified_at: ctx.now } : { verified_by: null, verified_at: null });
    } else if (content && before.verified && !ctx.actor.staff) {
      Object.assign(changes, { verified: false, verified_by: null, verified_at: null });
    }
  },
};
