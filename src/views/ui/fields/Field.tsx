import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { isMessageId } from './fieldErrors.ts';

/** What a field's control spreads on itself: its id and its ARIA state. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

/** The props every field takes besides its value. */
export interface FieldBaseProps {
  label: ReactNode;
  /** A quieter line under the label (format, limits), linked to the control. */
  hint?: ReactNode;
  required?: boolean;
  /** Messages shown under the field: message ids from the browser's checks, or the server's words. */
  errors?: readonly ReactNode[];
  /** The label is read by screen readers only (the context already says it). */
  hideLabel?: boolean;
  /** The control's id, when the form needs to know it; else one is made. */
  id?: string;
  /** Marks the control invalid for errors shown elsewhere (under its fieldset), with their id. */
  invalidBy?: string;
  className?: string;
}

interface FieldProps extends FieldBaseProps {
  /**
   * `stacked`: label above the control; `inline`: the control before its label (a switch);
   * `group`: several controls named by the label (role=group).
   */
  layout?: 'stacked' | 'inline' | 'group';
  children: (control: ControlProps, labelId: string) => ReactNode;
}

/** A message id from the browser's own checks, or the server's words as they are. */
export function ErrorText({ text }: { text: ReactNode }): ReactNode {
  return typeof text === 'string' && isMessageId(text) ? <FormattedMessage id={text} /> : text;
}

/** The messages of a field or a fieldset, for `aria-describedby`. */
export function ErrorList({ id, errors }: { id: string; errors: readonly ReactNode[] }) {
  return (
    <ul className="field-error" id={id}>
      {errors.map((e, i) => (
        <li key={i}>
          <ErrorText text={e} />
        </li>
      ))}
    </ul>
  );
}

/**
 * One form field: label (marked when required), optional hint, the control, and its
 * errors. The control gets `aria-invalid`, `aria-required` and `aria-describedby` (hint
 * and errors) so a screen reader says all of it on focus.
 */
export function Field({ label, hint, required, errors, hideLabel, id: givenId, invalidBy, className, layout = 'stacked', children }: FieldProps) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = errors !== undefined && errors.length > 0;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null, invalidBy ?? null].filter(Boolean).join(' ');
  const control: ControlProps = {
    id,
    ...(invalid || invalidBy ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(required ? { 'aria-required': true as const } : {}),
  };
  const labelClass = hideLabel ? 'visually-hidden' : 'field-label';
  const classes = ['field', layout === 'inline' ? 'field-toggle' : '', className ?? ''].filter(Boolean).join(' ');
  const labelElement =
    layout === 'group' ? (
      <span id={labelId} className={labelClass}>
        {label}
      </span>
    ) : (
      <label id={labelId} htmlFor={id} className={labelClass}>
        {label}
      </label>
    );
  // The mark stays outside the label, so the control's name is the label alone
  // (aria-required says "required").
  const body =
    required && !hideLabel ? (
      <span className="field-label-line">
        {labelElement}
        <span className="field-required" aria-hidden="true">
          *
        </span>
      </span>
    ) : (
      labelElement
    );
  const extras = (
    <>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {invalid && <ErrorList id={errorId} errors={errors} />}
    </>
  );
  if (layout === 'group') {
    return (
      <div className={classes} role="group" aria-labelledby={labelId} aria-describedby={describedBy || undefined}>
        {body}
        {children(control, labelId)}
        {extras}
      </div>
    );
  }
  return (
    <div className={classes}>
      {layout === 'inline' ? (
        <div className="field-toggle-row">
          {children(control, labelId)}
          {body}
        </div>
      ) : (
        <>
          {body}
          {children(control, labelId)}
        </>
      )}
      {extras}
    </div>
  );
}

/**
 * Moves focus to the first invalid control of `form` that is shown, once the errors are
 * on screen, so the user lands where the problem is.
 */
export function focusFirstInvalid(form: HTMLElement | null) {
  setTimeout(() => {
    const invalid = Array.from(form?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? []).find((el) => !el.closest('[hidden]'));
    invalid?.focus();
  }, 0);
}
