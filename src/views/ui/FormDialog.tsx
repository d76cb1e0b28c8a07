import * as Dialog from '@radix-ui/react-dialog';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * A form in a dialog (Radix Dialog, role "dialog") whose state lives in its own chart
 * rather than in a named command (those use <CommandDialog>): a title, the fields, the
 * dismiss button and the submit button, busy while sent. Enter submits. A yes/no
 * question is a <ConfirmDialog> instead.
 */
export function FormDialog({
  open = true,
  title,
  description,
  submitLabel,
  cancelLabel,
  danger = false,
  busy = false,
  className,
  onSubmit,
  onCancel,
  children,
}: {
  open?: boolean;
  title: ReactNode;
  description?: ReactNode;
  submitLabel: ReactNode;
  /** The dismiss button's words when "Cancel" would be ambiguous beside the action. */
  cancelLabel?: ReactNode;
  danger?: boolean;
  busy?: boolean;
  className?: string;
  onSubmit: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A dialog opened from inside another form must not submit that one.
    event.stopPropagation();
    onSubmit();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={className ? `dialog ${className}` : 'dialog'} {...(description ? {} : { 'aria-describedby': undefined })}>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          {description && <Dialog.Description className="dialog-description">{description}</Dialog.Description>}
          <form noValidate onSubmit={submit} aria-busy={busy}>
            {children}
            <div className="dialog-actions">
              <button type="button" className="button" disabled={busy} onClick={onCancel}>
                {cancelLabel ?? <FormattedMessage id="common.cancel" />}
              </button>
              <button type="submit" className={danger ? 'button button-danger' : 'button button-primary'} disabled={busy}>
                {submitLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
