import { useActorRef, useSelector } from '@xstate/react';
import { useRef, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { tagEntryMachine } from '../../../machines/fields/tagEntry.ts';
import { Field, type FieldBaseProps } from './Field.tsx';
import { addTags, removeTagAt } from './tags.ts';

export interface TagsFieldProps extends FieldBaseProps {
  value: readonly string[];
  onChange: (tags: string[]) => void;
  maxTags?: number;
  maxLength?: number;
  placeholder?: string;
}

/**
 * A list of short words. Type one and press Enter or comma to add it (a pasted list with
 * commas adds each); Backspace in the empty input removes the last; each tag has its own
 * "Remove" button. Duplicates are ignored. What happens is announced to screen readers.
 */
export function TagsField({ value, onChange, maxTags = 20, maxLength = 40, placeholder, hint, ...field }: TagsFieldProps) {
  const intl = useIntl();
  const entry = useActorRef(tagEntryMachine);
  const text = useSelector(entry, (s) => s.context.text);
  const announcement = useSelector(entry, (s) => s.context.announcement);
  const inputRef = useRef<HTMLInputElement>(null);
  const full = value.length >= maxTags;

  const commit = (input: string) => {
    const result = addTags(value, input, { maxTags, maxLength });
    if (result.added.length > 0) onChange(result.tags);
    const said = [
      ...result.added.map((tag) => intl.formatMessage({ id: 'field.tags.added' }, { tag })),
      ...result.duplicates.map((tag) => intl.formatMessage({ id: 'field.tags.duplicate' }, { tag })),
      ...(result.overflow.length > 0 ? [intl.formatMessage({ id: 'field.tags.full' }, { max: maxTags })] : []),
    ];
    entry.send({ type: 'committed', said: said.length > 0 ? said.join(' ') : null });
  };

  const remove = (index: number) => {
    const tag = value[index];
    onChange(removeTagAt(value, index));
    entry.send({ type: 'removed', said: intl.formatMessage({ id: 'field.tags.removed' }, { tag }) });
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'Enter' || event.key === ',' || event.key === '،') && !event.nativeEvent.isComposing) {
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      event.preventDefault();
      remove(value.length - 1);
    }
  };

  const countHint = intl.formatMessage({ id: 'field.tags.count' }, { count: value.length, max: maxTags });
  return (
    <Field
      {...field}
      hint={
        <>
          {hint} {intl.formatMessage({ id: 'field.tags.help' })} {countHint}
        </>
      }
    >
      {(control, labelId) => (
        <div className="tags-box">
          {value.length > 0 && (
            <ul className="tags-list" aria-labelledby={labelId}>
              {value.map((tag, index) => (
                <li key={tag} className="tag">
                  <span dir="auto">{tag}</span>
                  <button type="button" className="tag-remove" aria-label={intl.formatMessage({ id: 'field.tags.remove' }, { tag })} onClick={() => remove(index)}>
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <input
            {...control}
            ref={inputRef}
            className="tags-input"
            autoComplete="off"
            dir="auto"
            maxLength={maxLength}
            placeholder={full ? undefined : placeholder}
            value={text}
            onChange={(e) => entry.send({ type: 'typed', text: e.target.value })}
            onKeyDown={onKeyDown}
            onBlur={() => text.trim() && commit(text)}
            onPaste={(e) => {
              const pasted = e.clipboardData.getData('text');
              if (/[,،\n]/.test(pasted)) {
                e.preventDefault();
                commit(text + pasted);
              }
            }}
          />
          <span className="visually-hidden" role="status" aria-live="polite">
            {announcement}
          </span>
        </div>
      )}
    </Field>
  );
}
