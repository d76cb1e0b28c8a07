import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ApiRecord } from '../../api/resources.ts';
import { knownRecordsMachine } from '../../machines/catalog/knownRecords.ts';

/**
 * The records of one collection a form names by id, by id (src/machines/catalog/knownRecords.ts):
 * those in `ids` not known yet are read; `picked` hands over a record the user chose, so it
 * shows at once without being read.
 */
export function useKnownRecords(collection: string, ids: readonly string[] = []) {
  const actor = useActorRef(knownRecordsMachine, { input: { collection } });
  const key = ids.join(',');
  useEffect(() => {
    actor.send({ type: 'need', ids });
  }, [actor, key]);
  const records = useSelector(actor, (s) => s.context.records);
  return { records, picked: (record: ApiRecord) => actor.send({ type: 'picked', record }) };
}
