import type { ReactNode } from 'react';
import { ErrorState } from './ErrorState.tsx';
import type { RelatedState } from './recordScreen.ts';

/**
 * A related read drawn: nothing while it first loads (or has nothing to read), the reason
 * and a retry when it failed, and `children` with the data once it is there (kept on
 * screen while it is read again).
 */
export function Related<T>({ of, children, idle = null }: { of: RelatedState<T>; children: (data: T) => ReactNode; idle?: ReactNode }) {
  if (of.state === 'failed') return <ErrorState detail={of.error.detail || undefined} onRetry={of.retry} />;
  if (of.state === 'idle') return <>{idle}</>;
  if (of.data === undefined) return null;
  return <>{children(of.data)}</>;
}
