import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type FocusEvent, type KeyboardEvent } from 'react';
import { typedNumberMachine } from '../../../machines/fields/typedNumber.ts';
import type { ParseFailure, Parsed } from './numberText.ts';

/**
 * The text of a number input kept as the user typed it: the form gets the parsed value
 * (or null, with `invalid`) on every keystroke, the text is never reformatted under the
 * cursor, only on leaving the field when it is valid; a value changed from outside (a
 * reload, "use their version") replaces the text. A parse failure is shown once the user
 * leaves the field or presses Enter, then follows the text live.
 */
export function useTypedNumber(options: {
  value: number | null;
  onChange: (value: number | null, invalid: boolean) => void;
  parse: (text: string) => Parsed;
  format: (value: number | null) => string;
}) {
  const { value, onChange, parse, format } = options;
  const typed = useActorRef(typedNumberMachine, { input: { text: format(value) } });
  const text = useSelector(typed, (s) => s.context.text);
  const shown = useSelector(typed, (s) => s.matches('shown'));
  const parsed = parse(text);

  useEffect(() => {
    const current = parse(typed.getSnapshot().context.text);
    const matches = current.ok ? current.value === value : value === null;
    if (!matches) typed.send({ type: 'value.changed', text: format(value) });
  }, [value]);

  const failure: ParseFailure | null = !parsed.ok && shown ? parsed.reason : null;
  return {
    text,
    failure,
    inputProps: {
      value: text,
      onChange: (e: { target: { value: string } }) => {
        const next = e.target.value;
        typed.send({ type: 'typed', text: next });
        const result = parse(next);
        onChange(result.ok ? result.value : null, !result.ok);
      },
      onBlur: (_e: FocusEvent<HTMLInputElement>) => {
        typed.send({ type: 'left', text: parsed.ok && parsed.value !== null ? format(parsed.value) : undefined });
      },
      onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') typed.send({ type: 'entered' });
      },
    },
  };
}
