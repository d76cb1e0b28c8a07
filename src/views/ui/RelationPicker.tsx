import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ApiRecord } from '../../api/resources.ts';
import { relationPickerMachine } from '../../machines/find/relationPicker.ts';
import { Field } from './fields/Field.tsx';

export interface RelationPickerProps {
  /** The collection searched, e.g. `customers`, `services`. */
  resource: string;
  label: ReactNode;
  /** The chosen record, or null. */
  value: ApiRecord | null;
  onChange: (record: ApiRecord | null) => void;
  /** The words shown for a record, in the list and in the input once chosen. */
  optionLabel: (record: ApiRecord) => string;
  /** A second, quieter line per option (a phone, a price). */
  optionDetail?: (record: ApiRecord) => string | null;
  /** Fixed filters on the search, e.g. `{status: 'published'}`. */
  filters?: Record<string, string>;
  /** Error messages shown under the field and linked with aria-describedby (message ids or the server's words). */
  errors?: readonly ReactNode[];
  required?: boolean;
  placeholder?: string;
  /** The message shown when typed words were left without choosing an option (a message id). */
  unresolvedMessage?: string;
}

/**
 * A searchable combobox over one collection (ARIA 1.2 combobox + listbox): typing searches
 * the collection after a short pause (the relation picker machine); ↑/↓ move through the options, Enter picks, Escape closes.
 * Typed words are never a choice: the value stays the one chosen (or none) until an option
 * is picked or the box is emptied, and words left unresolved are flagged at the field.
 */
export function RelationPicker(props: RelationPickerProps) {
  const { resource, value, onChange, optionLabel, optionDetail, filters, errors, required, unresolvedMessage = 'picker.unresolved' } = props;
  const label = value ? optionLabel(value) : null;
  const picker = useActorRef(relationPickerMachine, { input: { collection: resource, filters, chosenLabel: label } });
  const snapshot = useSelector(picker, (s) => s);
  const { text, options, active, status: state, unresolved } = snapshot.context;
  const open = snapshot.matches('open');
  const filterKey = JSON.stringify(filters ?? {});
  const listRef = useRef<HTMLUListElement>(null);

  // The input shows the chosen record's words when the choice changes from outside.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    picker.send({ type: 'value.changed', label });
  }, [value?.id, label]);
  useEffect(() => {
    picker.send({ type: 'filters.changed', collection: resource, filters: JSON.parse(filterKey) as Record<string, string> });
  }, [resource, filterKey]);

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const choose = (record: ApiRecord) => {
    onChange(record);
    picker.send({ type: 'pick', label: optionLabel(record) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        picker.send(open ? { type: 'move', by: 1 } : { type: 'open' });
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) picker.send({ type: 'move', by: -1 });
        break;
      case 'Enter':
        if (open && active >= 0 && options[active]) {
          event.preventDefault();
          choose(options[active]);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          picker.send({ type: 'close' });
        }
        break;
    }
  };

  const showList = open && (options.length > 0 || state !== 'idle' || text.trim() !== '');
  return (
    <Field label={props.label} required={required} errors={unresolved ? [unresolvedMessage, ...(errors ?? [])] : errors} className="relation-picker">
      {(control, labelId) => (
        <div className="relation-picker-box">
          <input
            {...control}
            type="text"
            role="combobox"
            autoComplete="off"
            maxLength={100}
            value={text}
            placeholder={props.placeholder}
            aria-expanded={showList}
            aria-controls={`${control.id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={showList && active >= 0 && options[active] ? `${control.id}-opt-${active}` : undefined}
            onChange={(e) => {
              picker.send({ type: 'typed', text: e.target.value });
              // Only an emptied box clears the choice: half-typed words must not save as "none".
              if (value && e.target.value.trim() === '') onChange(null);
            }}
            onClick={() => picker.send({ type: 'open' })}
            onBlur={() => picker.send({ type: 'blur' })}
            onKeyDown={onKeyDown}
          />
          <ul ref={listRef} id={`${control.id}-list`} role="listbox" className="relation-picker-list" hidden={!showList} aria-labelledby={labelId}>
            {state === 'loading' && options.length === 0 && (
              <li className="relation-picker-note" role="presentation">
                <FormattedMessage id="common.loading" />
              </li>
            )}
            {state === 'failed' && (
              <li className="relation-picker-note" role="presentation">
                <FormattedMessage id="picker.failed" />
              </li>
            )}
            {state === 'idle' && options.length === 0 && (
              <li className="relation-picker-note" role="presentation">
                <FormattedMessage id="picker.noMatch" />
              </li>
            )}
            {options.map((record, index) => {
              const detail = optionDetail?.(record);
              return (
                <li
                  key={record.id}
                  id={`${control.id}-opt-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className="relation-picker-option"
                  // mousedown, not click: the input's blur would close the list first.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(record);
                  }}
                  onMouseMove={() => picker.send({ type: 'hover', index })}
                >
                  <span>{optionLabel(record)}</span>
                  {detail && <span className="muted" dir="auto">{detail}</span>}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </Field>
  );
}
