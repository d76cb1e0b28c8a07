import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fieldValue, recordMachine, selectIsDirty, type Draft } from '../../machines/resources/record.ts';
import type { Limits } from '../../machines/resources/validation.ts';
import { focusFirstInvalid } from './fields/Field.tsx';
import { errorsAt, errorsUnder } from './fields/fieldErrors.ts';
import type { I18nText } from './fields/i18nText.ts';
import { useLeaveGuard } from './useLeaveGuard.tsx';
import { useLiveRecord } from './useLiveRecord.ts';

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
  limits,
  formatMessages,
  onClose,
}: {
  resource: string;
  /** null: a new record. */
  id: string | null;
  defaults: Draft;
  /** The server's limits on each field (the collection's description), checked before saving and given to the fields. */
  limits?: Limits;
  /** The message of a field whose format is wrong (a slug's rule). */
  formatMessages?: Record<string, string>;
  /** `saved`: the list should be refreshed. */
  onClose: (saved: boolean) => void;
}) {
  const record = useActorRef(recordMachine, { input: { resource, id, defaults, limits, formatMessages } });
  const snapshot = useSelector(record, (s) => s);
  const { context } = snapshot;
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = selectIsDirty(snapshot);
  const leave = useLeaveGuard(dirty);
  // Saved elsewhere meanwhile: reloaded when untouched here, a notice when there is a draft.
  useLiveRecord(record, resource, id);

  // The fields bound this render: their errors show at them, any other error above the form.
  const bound = useRef(new Set<string>());
  bound.current = new Set();
  const errors = context.fieldErrors;
  const set = (name: string, value: unknown, problem?: string) => record.send({ type: 'field.changed', name, value, problem });
  const limit = (name: string) => limits?.[name];
  const bind = <T,>(name: string, fallback: T) => {
    bound.current.add(name);
    const value = fieldValue(context, name);
    return { value: (value ?? fallback) as T, onChange: (v: T) => set(name, v), errors: errorsAt(errors, name), required: limit(name)?.required };
  };
  /**
   * Fields bound by name to the record: `<TextField {...field.text('slug')} label=… />`
   * gets the value (draft, else record), the change, the errors at that path and the
   * server's limits.
   */
  const field = {
    text: (name: string) => ({ ...bind<string>(name, ''), maxLength: limit(name)?.maxLength }),
    i18n: (name: string) => {
      const { required: _required, ...rest } = bind<I18nText>(name, { en: '', fr: '', ar: '' });
      return { ...rest, errors: errorsUnder(errors, name), maxLength: limit(name)?.maxLength };
    },
    select: <V extends string>(name: string) => bind<V>(name, '' as V),
    tags: (name: string) => ({ ...bind<string[]>(name, []), maxTags: limit(name)?.maxItems, maxLength: limit(name)?.itemMaxLength }),
    toggle: (name: string) => {
      const { value, ...rest } = bind<boolean>(name, false);
      return { ...rest, checked: value === true };
    },
    date: (name: string) => {
      const { value, ...rest } = bind<string | null>(name, null);
      return { ...rest, value: typeof value === 'string' && value !== '' ? value : null };
    },
    money: (name: string) => {
      const { onChange: _onChange, value, ...rest } = bind<number | null>(name, null);
      return {
        ...rest,
        value: typeof value === 'number' ? value : null,
        currency: String(fieldValue(context, 'currency') ?? 'DZD'),
        errors: rest.errors?.filter((e) => e !== 'validation.unreadableNumber'),
        onChange: (minor: number | null, invalid: boolean) => set(name, minor, invalid ? 'validation.unreadableNumber' : undefined),
      };
    },
    /** A field the screen draws itself (a list of parts): its value, change and errors, bound like the others. */
    custom: <T,>(name: string, fallback: T) => bind<T>(name, fallback),
    number: (name: string) => {
      const { onChange: _onChange, value, ...rest } = bind<number | null>(name, null);
      return {
        ...rest,
        value: typeof value === 'number' ? value : null,
        min: limit(name)?.minimum,
        max: limit(name)?.maximum,
        // The field says itself that its text is not a number; the machine only refuses to save it.
        errors: rest.errors?.filter((e) => e !== 'validation.unreadableNumber'),
        onChange: (n: number | null, invalid: boolean) => set(name, n, invalid ? 'validation.unreadableNumber' : undefined),
      };
    },
  };

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
    set,
    field,
    /** The names bound so far this render (RecordEditorPanel lists the other errors above the form). */
    boundFields: () => [...bound.current],
    /** Close without saving, after asking when there are unsaved changes. */
    cancel: () => leave.confirmLeave(() => (id === null ? record.send({ type: 'cancel' }) : onClose(false))),
    /** The question asked before unsaved changes are left behind; render it in the editor. */
    leaveDialog: leave.dialog,
    /** Delete the record as loaded, once the user has confirmed: the draft goes with it. */
    deleteConfirmed: () => {
      record.send({ type: 'cancel' });
      record.send({ type: 'delete.request' });
      record.send({ type: 'delete.confirm' });
    },
  };
}

export type RecordEditor = ReturnType<typeof useRecordEditor>;
