import type { HTMLAttributes } from 'react';
import { Field, type FieldBaseProps } from './Field.tsx';

export interface TextFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  /** A textarea of this many rows instead of a one-line input. */
  multiline?: number;
  maxLength?: number;
  type?: 'text' | 'email' | 'tel' | 'url' | 'number';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  min?: number;
  max?: number;
  step?: number;
  /** `ltr` for codes, phone numbers and the like that stay left-to-right in Arabic. */
  dir?: 'ltr' | 'rtl' | 'auto';
  lang?: string;
  placeholder?: string;
  autoComplete?: string;
}

/** A one-line or multi-line text field. */
export function TextField({ value, onChange, multiline, maxLength, type = 'text', inputMode, min, max, step, dir, lang, placeholder, autoComplete, ...field }: TextFieldProps) {
  return (
    <Field {...field}>
      {(control) =>
        multiline ? (
          <textarea {...control} rows={multiline} maxLength={maxLength} dir={dir} lang={lang} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input
            {...control}
            type={type}
            inputMode={inputMode}
            min={min}
            max={max}
            step={step}
            maxLength={maxLength}
            dir={dir}
            lang={lang}
            placeholder={placeholder}
            autoComplete={autoComplete}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </Field>
  );
}
