import { FormattedMessage } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { CommandDialog } from '../../ui/CommandDialog.tsx';
import { defineCommand, useCommand } from '../../ui/command.ts';
import { TextField } from '../../ui/fields/TextField.tsx';

const reconcile = defineCommand({
  command: 'reconcilePayment',
  fields: { note: { type: 'string', required: true, maxLength: 1000 } },
  requiredMessages: { note: 'payments.reconcile.noteRequired' },
});

/** Staff mark a payment reconciled with the bank, or undo it; either way with a note saying why. */
export function ReconcileDialog({ payment, onClose }: { payment: ApiRecord; onClose: (saved: boolean) => void }) {
  const reconciled = !payment.reconciled;
  const form = useCommand(reconcile, {
    values: { note: '' },
    fixed: { id: payment.id, version: payment.version, reconciled },
    onDone: () => onClose(true),
  });
  return (
    <CommandDialog
      form={form}
      title={<FormattedMessage id={reconciled ? 'payments.reconcile.title' : 'payments.reconcile.undoTitle'} />}
      description={<FormattedMessage id={reconciled ? 'payments.reconcile.description' : 'payments.reconcile.undoDescription'} />}
      submitLabel={<FormattedMessage id={reconciled ? 'payments.reconcile.button' : 'payments.reconcile.undo'} />}
      danger={!reconciled}
      onClose={() => onClose(false)}
    >
      <TextField label={<FormattedMessage id="payments.reconciledNote" />} multiline={3} maxLength={1000} {...form.field('note')} />
    </CommandDialog>
  );
}
