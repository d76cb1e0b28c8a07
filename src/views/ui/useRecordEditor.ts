import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fieldValue, recordMachine, selectIsDirty, type Draft } from '../../machines/resources/record.ts';
import { focusFirstInvalid } from './fields/Field.tsx';
import { useLeaveGuard } from './useLeaveGuard.tsx';

/**
 * A record machine for an editor opened beside a list: an existing record opens straight
 * into editing, the first invalid field takes the focus after a refused save, and the
 * editor closes once the record is saved, deleted or the new draft discarded. Leaving
 * with unsaved changes asks first, and so does Cancel.
 */
export function useRecordEditor({
  resource,
  id,
  defaults,
  onClose,
}: {
  resource: string;
  /** null: a new record. */
  id: string | null;
  defaults: Draft;
  /** `saved`: the list should be refreshed. */
  onClose: (saved: boolean) => void;
}) {
  const record = useActorRef(recordMachine, { input: { resource, id, defaults } });
  const snapshot = useSelector(record, (s) => s);
  const { context } = snapshot;
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = selectIsDirty(snapshot);
  const leave = useLeaveGuard(dirty);

  const state = typeof snapshot.value === 'string' ? snapshot.value : '';
  useEffect(() => {
    if (state === 'viewing' && id !== null && !context.error) record.send({ type: 'edit' });
    if (state === 'invalid') focusFirstInvalid(formRef.current);
    if (state === 'saved' || state === 'deleted') onClose(true);
    if (state === 'discarded') onClose(false);
  }, [state]);

  return {
    record,
    snapshot,
    context,
    formRef,
    dirty,
    busy: snapshot.hasTag('busy'),
    value: (name: string) => fieldValue(context, name),
    set: (name: string, value: unknown) => record.send({ type: 'field.changed', name, value }),
    /** Close without saving, after asking when there are unsaved changes. */
    cancel: () => leave.confirmLeave(() => (id === null ? record.send({ type: 'cancel' }) : onClose(false))),
    /** The question asked before unsaved changes are left behind; render it in the editor. */
    leaveDialog: leave.dialog,
  };
}

export type RecordEditor = ReturnType<typeof useRecordEditor>;
