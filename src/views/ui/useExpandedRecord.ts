import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../api/client.ts';
import { fetchRecord } from '../../api/resources.ts';

export type ExpandedRecord<T> =
  | { state: 'loading'; record: null; reload: () => void }
  | { state: 'notFound' | 'failed'; record: T | null; reload: () => void }
  | { state: 'ready'; record: T; reload: () => void };

/**
 * One record with the labels of its references (`expand`), read again on `reload()` (a
 * realtime event, an action done); the record shown stays while it reloads.
 */
export function useExpandedRecord<T>(resource: string, id: string, expand: readonly string[]): ExpandedRecord<T> {
  const [stamp, setStamp] = useState(0);
  const [result, setResult] = useState<{ state: 'loading' | 'notFound' | 'failed' | 'ready'; record: T | null }>({ state: 'loading', record: null });
  useEffect(() => {
    const controller = new AbortController();
    fetchRecord<T>(resource, id, controller.signal, expand).then(
      (record) => setResult({ state: 'ready', record }),
      (error) => {
        if (controller.signal.aborted) return;
        const notFound = error instanceof ApiRequestError && (error.status === 404 || error.status === 403);
        setResult((r) => ({ state: notFound ? 'notFound' : 'failed', record: r.record }));
      },
    );
    return () => controller.abort();
  }, [resource, id, stamp]);
  return { ...result, reload: () => setStamp((n) => n + 1) } as ExpandedRecord<T>;
}
