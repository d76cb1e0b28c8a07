/**
 * The signed-in user's permissions for views: `useStaff()` and `useCan()`, answered by
 * common/permissions.ts from the registry's access rules. No view compares `admin`.
 */
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { can, isStaff, type Action, type Guarded } from '../../common/permissions.ts';
import { sessionActor } from './actors.ts';

export { isStaff };

export function useStaff(): boolean {
  return useSelector(sessionActor, (s) => isStaff(s.context.user));
}

/** `can` bound to the signed-in user, for a view to ask about its collections and records. */
export function useCan(): (action: Action, collection: Guarded, record?: { vendor_id?: string | null } | null) => boolean {
  const user = useSelector(sessionActor, (s) => s.context.user);
  return useCallback((action, collection, record) => can(user, action, collection, record), [user]);
}
