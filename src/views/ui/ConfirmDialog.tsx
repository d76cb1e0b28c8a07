import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** A yes/no question before an action that cannot be taken back (Radix AlertDialog). */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  /** The dismiss button's words when "Cancel" would be ambiguous beside the action. */
  cancelLabel?: ReactNode;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          {description && <AlertDialog.Description className="dialog-description">{description}</AlertDialog.Description>}
          {children}
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button" disabled={busy}>
              {cancelLabel ?? <FormattedMessage id="common.cancel" />}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={danger ? 'button button-danger' : 'button button-primary'}
              disabled={busy}
              onClick={(event) => {
                event.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
