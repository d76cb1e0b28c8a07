import type { ActorRefFrom } from 'xstate';
import { useRealtimeEvents } from '../../app/realtimeEvents.ts';
import type { recordMachine } from '../../machines/resources/record.ts';

/**
 * Keeps an open record in step with changes made elsewhere (the realtime channel): the
 * record machine reloads it when nothing is typed, and otherwise says it changed.
 */
export function useLiveRecord(record: ActorRefFrom<typeof recordMachine>, resource: string, id: string | null): void {
  useRealtimeEvents(
    (event) => {
      // Too much was missed to know: a record nobody is changing here is reloaded to be sure.
      if (event.type === 'reset') return record.send({ type: 'remote.changed' });
      if (id === null || event.record_id !== id) return;
      record.send({ type: 'remote.changed', version: event.version, deleted: event.action === 'delete' });
    },
    { type: 'record', collection: resource },
  );
}
