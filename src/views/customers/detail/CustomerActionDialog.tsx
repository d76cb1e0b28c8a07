import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { customerActionMachine, type CustomerActionKind } from '../../../machines/customers/customerAction.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';

/** Block or unblock a customer with the reason, or write them a message: a dialog asking for the words. */
export function CustomerActionDialog({
  kind,
  customer,
  onClose,
}: {
  kind: CustomerActionKind;
  customer: { id: string; version: number; name: string };
  onClose: (done: boolean) => void;
}) {
  const actor = useActorRef(customerActionMachine, { input: { kind, id: customer.id, version: customer.version } });
  const snapshot = useSelector(actor, (s) => s);
  const { text, errors } = snapshot.context;
  useEffect(() => {
    if (snapshot.matches('done')) onClose(true);
  }, [snapshot.value]);
  const prefix = `customers.${kind}`;
  return (
    <ConfirmDialog
      open
      title={<FormattedMessage id={`${prefix}.title`} values={{ name: <bdi>{customer.name}</bdi> }} />}
      description={<FormattedMessage id={`${prefix}.description`} />}
      confirmLabel={<FormattedMessage id={`${prefix}.confirm`} />}
      danger={kind === 'block'}
      busy={snapshot.hasTag('busy')}
      onCancel={() => onClose(false)}
      onConfirm={() => actor.send({ type: 'submit' })}
    >
      {errors.form && (
        <p className="notice notice-error" role="alert">
          <ErrorText text={errors.form[0]!} />
        </p>
      )}
      <TextField
        label={<FormattedMessage id={kind === 'message' ? 'customers.message.body' : 'customers.block.reason'} />}
        required
        multiline={kind === 'message' ? 5 : 3}
        maxLength={kind === 'message' ? 4000 : 500}
        value={text}
        onChange={(value) => actor.send({ type: 'text', value })}
        errors={errors.text}
      />
    </ConfirmDialog>
  );
}
