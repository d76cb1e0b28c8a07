import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { reconcileMachine } from '../../../machines/payments/reconcile.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';

/** Staff mark a payment reconciled with the bank, or undo it; either way with a note saying why. */
export function ReconcileDialog({ payment, onClose }: { payment: ApiRecord; onClose: (saved: boolean) => void }) {
  const reconciled = !payment.reconciled;
  const actor = useActorRef(reconcileMachine, { input: { id: payment.id, version: payment.version, reconciled } });
  const snapshot = useSelector(actor, (s) => s);
  const { note, errors } = snapshot.context;

  useEffect(() => {
    if (snapshot.matches('saved')) onClose(true);
  }, [snapshot.value]);

  return (
    <ConfirmDialog
      open
      title={<FormattedMessage id={reconciled ? 'payments.reconcile.title' : 'payments.reconcile.undoTitle'} />}
      description={<FormattedMessage id={reconciled ? 'payments.reconcile.description' : 'payments.reconcile.undoDescription'} />}
      confirmLabel={<FormattedMessage id={reconciled ? 'payments.reconcile.button' : 'payments.reconcile.undo'} />}
      danger={!reconciled}
      busy={snapshot.hasTag('busy')}
      onCancel={() => onClose(false)}
      onConfirm={() => actor.send({ type: 'submit' })}
    >
      {errors.form && (
        <p className="notice notice-error" role="alert">
          <ErrorText text={errors.form[0]} />
        </p>
      )}
      <TextField
        label={<FormattedMessage id="payments.reconciledNote" />}
        required
        multiline={3}
        maxLength={1000}
        value={note}
        onChange={(value) => actor.send({ type: 'note', value })}
        errors={errors.note}
      />
    </ConfirmDialog>
  );
}
