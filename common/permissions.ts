/**
 * What a user may do with a collection, from the registry's access rules (carried into
 * common/collections.ts): the rules the server enforces, asked by the SPA through
 * `useStaff()` / `useCan()` in src/app/permissions.ts so that no view decides by itself.
 */
export type Action = 'list' | 'read' | 'create' | 'update' | 'delete' | 'transition';
type Access = 'any' | 'staff' | 'none';

/** The part of a collection's description the rules need. */
export interface Guarded {
  access: Readonly<Record<Action, Access>>;
  writable: Readonly<{ create: boolean; update: boolean }>;
}

/** Who asks: staff (`admin`), or the staff of one vendor (also staff acting as that vendor). */
export interface Asker {
  admin: boolean;
  vendor_id: string | null;
}

/** Staff, not vendor staff (nor staff acting as a vendor, whose session user is the vendor's). */
export const isStaff = (user: Asker | null): boolean => user?.admin === true;

/** Whether `user` may do `action` on `collection`, or on `record` of it when one is named. */
export function can(user: Asker | null, action: Action, collection: Guarded, record?: { vendor_id?: string | null } | null): boolean {
  if (!user) return false;
  if ((action === 'create' || action === 'update') && !collection.writable[action]) return false;
  const rule = collection.access[action];
  if (rule === 'none') return false;
  if (isStaff(user)) return true;
  if (rule === 'staff') return false;
  // A record with a vendor is its vendor's; one without (the platform's) is staff's.
  return !record || record.vendor_id === undefined || record.vendor_id === user.vendor_id;
}
