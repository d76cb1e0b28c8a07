import { useEffect, useState, type FocusEvent, type KeyboardEvent } from 'react';
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
  const [text, setText] = useState(() => format(value));
  const [shown, setShown] = useState(false);
  const parsed = parse(text);

  useEffect(() => {
    const current = parse(text);
    const matches = current.ok ? current.value === value : value === null;
    if (!matches) setText(format(value));
  }, [value]);

  const reveal = () => setShown(true);
  const failure: ParseFailure | null = !parsed.ok && shown ? parsed.reason : null;
  return {
    text,
    failure,
    inputProps: {
      value: text,
      onChange: (e: { target: { value: string } }) => {
        const next = e.target.value;
        setText(next);
        const result = parse(next);
        onChange(result.ok ? result.value : null, !result.ok);
      },
      onBlur: (_e: FocusEvent<HTMLInputElement>) => {
        reveal();
        if (parsed.ok && parsed.value !== null) setText(format(parsed.value));
      },
      onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') reveal();
      },
    },
  };
}
