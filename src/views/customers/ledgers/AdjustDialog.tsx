import * as Dialog from '@radix-ui/react-dialog';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { ErrorText, focusFirstInvalid } from '../../ui/fields/Field.tsx';
import { errorsAt } from '../../ui/fields/fieldErrors.ts';
import { MoneyField } from '../../ui/fields/MoneyField.tsx';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { SelectField } from '../../ui/fields/SelectField.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';
import { formatMoney } from '../../ui/format.ts';
import { RelationPicker } from '../../ui/RelationPicker.tsx';
import { adjustMachine, type LedgerResource } from './ledgerMachines.ts';

export interface AdjustDialogProps {
  /** The customer adjusted; when absent the dialog asks for one. */
  customer?: ApiRecord | null;
  /** Called with the new ledger entry once the server took it. */
  onSaved?: (entry: ApiRecord) => void;
}

/**
 * A button and its Radix dialog adjusting a customer's wallet (credit or debit, in money)
 * or points (add or remove): the amount and a required reason, the balance beside them;
 * the server refuses what would take the balance below zero, at the field.
 */
export function AdjustDialog({ resource, customer, onSaved }: AdjustDialogProps & { resource: LedgerResource }) {
  const intl = useIntl();
  const actor = useActorRef(adjustMachine, { input: { resource } });
  const snapshot = useSelector(actor, (s) => s);
  const { draft, errors, detail, saved } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const wallet = resource === 'wallet-transactions';
  const prefix = wallet ? 'ledgers.wallet' : 'ledgers.points';
  useEffect(() => {
    if (saved) onSaved?.(saved);
  }, [saved]);
  // A refusal (ours or the server's) takes the user to the first field it names.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length > 0) focusFirstInvalid(formRef.current);
  }, [errors]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'save' });
  };
  // The balance before the change, when the record at hand carries it.
  const held = draft.customer?.[wallet ? 'wallet_balance' : 'loyalty_points'];
  const balance = held == null ? null : wallet ? formatMoney(intl, Number(held)) : intl.formatNumber(Number(held));

  return (
    <Dialog.Root open={!snapshot.matches('closed')} onOpenChange={(open) => actor.send(open ? { type: 'open', customer: customer ?? null } : { type: 'close' })}>
      <Dialog.Trigger className="button">
        <FormattedMessage id={`${prefix}.adjust`} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog ledger-adjust" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">
            <FormattedMessage id={`${prefix}.adjustTitle`} />
          </Dialog.Title>
          <form ref={formRef} noValidate onSubmit={submit} aria-busy={busy}>
            {detail && (
              <p className="notice notice-error" role="alert">
                <ErrorText text={detail} />
              </p>
            )}
            {customer ? (
              customer.name != null && <p className="ledger-adjust-customer">{String(customer.name)}</p>
            ) : (
              <RelationPicker
                resource="customers"
                label={<FormattedMessage id="ledgers.customer" />}
                required
                value={draft.customer}
                onChange={(picked) => actor.send({ type: 'change', draft: { customer: picked } })}
                optionLabel={(c) => String(c.name ?? '')}
                optionDetail={(c) => (c.phone ? String(c.phone) : null)}
                errors={errorsAt(errors, 'customer_id')}
              />
            )}
            {balance !== null && (
              <p className="muted" aria-live="polite">
                <FormattedMessage id={`${prefix}.balance`} values={{ balance }} />
              </p>
            )}
            <SelectField
              label={<FormattedMessage id={`${prefix}.direction`} />}
              value={draft.direction}
              options={['credit', 'debit'] as const}
              labelPrefix={`${prefix}.directionOption`}
              onChange={(direction) => actor.send({ type: 'change', draft: { direction } })}
            />
            {wallet && draft.direction === 'credit' && (
              <SelectField
                label={<FormattedMessage id="ledgers.source" />}
                value={draft.source}
                options={['adjustment', 'top_up'] as const}
                labelPrefix="walletSource"
                onChange={(source) => actor.send({ type: 'change', draft: { source } })}
              />
            )}
            {wallet ? (
              <MoneyField
                label={<FormattedMessage id="ledgers.amount" />}
                required
                value={draft.amount}
                onChange={(amount) => actor.send({ type: 'change', draft: { amount } })}
                errors={errorsAt(errors, 'amount')}
              />
            ) : (
              <NumberField
                label={<FormattedMessage id="ledgers.pointsCount" />}
                required
                min={1}
                max={1_000_000}
                value={draft.amount}
                onChange={(amount) => actor.send({ type: 'change', draft: { amount } })}
                errors={errorsAt(errors, 'points')}
              />
            )}
            <TextField
              label={<FormattedMessage id="ledgers.reason" />}
              required
              multiline={2}
              maxLength={500}
              value={draft.reason}
              onChange={(reason) => actor.send({ type: 'change', draft: { reason } })}
              errors={errorsAt(errors, 'reason')}
            />
            <div className="dialog-actions">
              <Dialog.Close className="button" disabled={busy}>
                <FormattedMessage id="common.cancel" />
              </Dialog.Close>
              <button type="submit" className="button button-primary" disabled={busy}>
                <FormattedMessage id={`${prefix}.save`} />
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
