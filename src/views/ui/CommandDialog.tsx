import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { CommandName } from '../../api/commands.ts';
import type { CommandForm } from './command.ts';
import { ErrorText, focusFirstInvalid } from './fields/Field.tsx';
import { errorsElsewhere } from './fields/fieldErrors.ts';

/**
 * The dialog of a one-shot form (Radix Dialog): a title, the fields, the server's refusal
 * above them (announced), Cancel and the command's button, busy while it is sent. Enter
 * submits; a refusal at a field moves the focus there. Errors at fields the dialog does
 * not show are listed above the form so none is lost.
 */
export function CommandDialog<N extends CommandName>({
  form,
  title,
  description,
  submitLabel,
  danger = false,
  onClose,
  children,
}: {
  form: CommandForm<N>;
  title: ReactNode;
  description?: ReactNode;
  submitLabel: ReactNode;
  danger?: boolean;
  onClose: () => void;
  children?: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A dialog opened from inside another form must not submit that one.
    event.stopPropagation();
    form.submit();
  };
  const elsewhere = errorsElsewhere(form.fieldErrors, form.shown());
  useEffect(() => {
    if (Object.keys(form.fieldErrors).length > 0) focusFirstInvalid(formRef.current);
  }, [form.fieldErrors]);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !form.busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" {...(description ? {} : { 'aria-describedby': undefined })}>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          {description && <Dialog.Description className="dialog-description">{description}</Dialog.Description>}
          <form ref={formRef} noValidate onSubmit={submit} aria-busy={form.busy}>
            {(form.error || elsewhere.length > 0) && (
              <div className="notice notice-error" role="alert">
                {form.error && <ErrorText text={form.error} />}
                {elsewhere.map(([path, messages]) => (
                  <p key={path}>
                    {messages.map((m, i) => (
                      <ErrorText key={i} text={m} />
                    ))}
                  </p>
                ))}
              </div>
            )}
            {children}
            <div className="dialog-actions">
              <Dialog.Close className="button" disabled={form.busy}>
                <FormattedMessage id="common.cancel" />
              </Dialog.Close>
              <button type="submit" className={danger ? 'button button-danger' : 'button button-primary'} disabled={form.busy}>
                {submitLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
