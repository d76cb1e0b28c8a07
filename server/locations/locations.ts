/**
 * Locations: one in use is never deleted from under its services or bookings (the
 * database would quietly leave them without a place); the answer says how many use it.
 */
import { conflict } from '../errors.ts';
import type { CollectionHooks } from '../engine/hooks.ts';

export const locationHooks: CollectionHooks = {
  async beforeDelete(ctx, record) {
    const { rows } = await ctx.tx.query<{ services: number; bookings: number }>(
      `SELECT (SELECT count(*)::int FROM services WHERE location_id = $1) AS services,
              (SELECT count(*)::int FROM bookings WHERE location_id = $1) AS bookings`,
      [record.id],
    );
    const { services, bookings } = rows[0];
    if (services === 0 && bookings === 0) return;
    const uses = [services > 0 ? `${services} service${services === 1 ? '' : 's'}` : null, bookings > 0 ? `${bookings} booking${bookings === 1 ? '' : 's'}` : null];
    throw conflict(
      `This location is used by ${uses.filter(Boolean).join(' and ')}: move them to another location, or make this one inactive instead of deleting it.`,
      { services_count: services, bookings_count: bookings },
    );
  },
};
