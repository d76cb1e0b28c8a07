/** A slot's own rules: its capacity never drops below its bookings, and a booked slot is not moved or deleted. */
import { conflict } from '../errors.ts';
import type { CollectionHooks } from '../engine/hooks.ts';
import { assertCapacityFloor } from './availability.ts';

const num = (v: unknown) => Number(v ?? 0);

export const slotHooks: CollectionHooks = {
  async beforeUpdate(_ctx, before, changes) {
    assertCapacityFloor(before, changes.capacity);
    if (changes.starts_at !== undefined && num(before.booked) > 0 && Date.parse(String(changes.starts_at)) !== Date.parse(String(before.starts_at))) {
      throw conflict('This slot has bookings; rebook them instead of moving the slot.');
    }
  },
  async beforeDelete(_ctx, record) {
    if (num(record.booked) > 0) throw conflict('This slot has bookings and cannot be deleted.');
  },
};
