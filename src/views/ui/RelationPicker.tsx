import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { fetchList, type ApiRecord } from '../../api/resources.ts';
import { Field } from './fields/Field.tsx';

const DEBOUNCE_MS = 250;
const PAGE_SIZE = 10;

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
 * the API after a short pause; ↑/↓ move through the options, Enter picks, Escape closes.
 * Typed words are never a choice: the value stays the one chosen (or none) until an option
 * is picked or the box is emptied, and words left unresolved are flagged at the field.
 */
export function RelationPicker(props: RelationPickerProps) {
  const { resource, value, onChange, optionLabel, optionDetail, filters, errors, required, unresolvedMessage = 'picker.unresolved' } = props;
  const [text, setText] = useState(value ? optionLabel(value) : '');
  const [unresolved, setUnresolved] = useState(false);
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<ApiRecord[]>([]);
  const [active, setActive] = useState(-1);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const filterKey = JSON.stringify(filters ?? {});
  const listRef = useRef<HTMLUListElement>(null);

  // The input shows the chosen record's words when the choice changes from outside.
  useEffect(() => {
    if (value) setText(optionLabel(value));
    setUnresolved(false);
  }, [value?.id]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const search = value && text === optionLabel(value) ? '' : text.trim();
    const timer = setTimeout(() => {
      setState('loading');
      fetchList(resource, { page: 1, page_size: PAGE_SIZE, ordering: '', search, filters: JSON.parse(filterKey) }, controller.signal)
        .then((page) => {
          setOptions(page.results);
          setActive(page.results.length > 0 ? 0 : -1);
          setState('idle');
        })
        .catch(() => {
          if (!controller.signal.aborted) setState('failed');
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, text, resource, filterKey]);

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const choose = (record: ApiRecord) => {
    onChange(record);
    setText(optionLabel(record));
    setUnresolved(false);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((i) => Math.min(options.length - 1, i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) setActive((i) => Math.max(0, i - 1));
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
          setOpen(false);
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
              setText(e.target.value);
              setOpen(true);
              setUnresolved(false);
              // Only an emptied box clears the choice: half-typed words must not save as "none".
              if (value && e.target.value.trim() === '') onChange(null);
            }}
            onClick={() => setOpen(true)}
            onBlur={() => {
              setOpen(false);
              setUnresolved(text.trim() !== '' && (!value || text !== optionLabel(value)));
            }}
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
                  onMouseMove={() => setActive(index)}
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
