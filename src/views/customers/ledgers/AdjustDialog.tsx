import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { CommandDialog } from '../../ui/CommandDialog.tsx';
import { defineCommand, useCommand, type CommandForm } from '../../ui/command.ts';
import { MoneyField } from '../../ui/fields/MoneyField.tsx';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { SelectField } from '../../ui/fields/SelectField.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';
import { formatMoney } from '../../ui/format.ts';
import { RelationPicker } from '../../ui/RelationPicker.tsx';

export type Ledger = 'wallet' | 'loyalty';

/** Money in or out of a wallet: a customer, an amount and a reason, each named when missing. */
export const walletAdjust = defineCommand({
  command: 'walletAdjust',
  fields: {
    customer: { type: 'object', required: true },
    amount: { type: 'integer', required: true, minimum: 1 },
    reason: { type: 'string', required: true, maxLength: 500 },
  },
  requiredMessages: { customer: 'ledgers.customerRequired', amount: 'ledgers.amountRequired', reason: 'ledgers.reasonRequired' },
});

/** Points added or removed: a customer, how many and a reason, each named when missing. */
export const pointsAdjust = defineCommand({
  command: 'pointsAdjust',
  fields: {
    customer: { type: 'object', required: true },
    points: { type: 'integer', required: true, minimum: 1, maximum: 1_000_000 },
    reason: { type: 'string', required: true, maxLength: 500 },
  },
  requiredMessages: { customer: 'ledgers.customerRequired', points: 'ledgers.pointsRequired', reason: 'ledgers.reasonRequired' },
});

/** What an adjustment starts from: a credit, for this customer when the screen has one. */
export const walletStart = (customer: ApiRecord | null) => ({ customer, direction: 'credit' as const, source: 'adjustment' as const, amount: null, reason: '' });
export const pointsStart = (customer: ApiRecord | null) => ({ customer, direction: 'credit' as const, points: null, reason: '' });

/**
 * The customer adjusted (named, or picked when the screen is every customer's ledger) and
 * their balance before the change, when the record at hand carries it.
 */
function CustomerPart({
  ledger,
  customer,
  pick,
  field,
}: {
  ledger: Ledger;
  customer: ApiRecord | null;
  /** Whether the customer is chosen here. */
  pick: boolean;
  field: { value: ApiRecord | null; onChange: (customer: ApiRecord | null) => void; errors: string[] | undefined; required: boolean | undefined };
}) {
  const intl = useIntl();
  const wallet = ledger === 'wallet';
  const held = customer?.[wallet ? 'wallet_balance' : 'loyalty_points'];
  const balance = held == null ? null : wallet ? formatMoney(intl, Number(held)) : intl.formatNumber(Number(held));
  return (
    <>
      {pick ? (
        <RelationPicker
          resource="customers"
          label={<FormattedMessage id="ledgers.customer" />}
          {...field}
          optionLabel={(c) => String(c.name ?? '')}
          optionDetail={(c) => (c.phone ? String(c.phone) : null)}
        />
      ) : (
        customer?.name != null && <p className="ledger-adjust-customer">{String(customer.name)}</p>
      )}
      {balance !== null && (
        <p className="muted" aria-live="polite">
          <FormattedMessage id={`${wallet ? 'ledgers.wallet' : 'ledgers.points'}.balance`} values={{ balance }} />
        </p>
      )}
    </>
  );
}

function AdjustFrame({ ledger, form, onClose, children }: { ledger: Ledger; form: CommandForm<'walletAdjust'> | CommandForm<'pointsAdjust'>; onClose: () => void; children: ReactNode }) {
  const prefix = ledger === 'wallet' ? 'ledgers.wallet' : 'ledgers.points';
  return (
    <CommandDialog
      form={form as CommandForm<'walletAdjust'>}
      title={<FormattedMessage id={`${prefix}.adjustTitle`} />}
      submitLabel={<FormattedMessage id={`${prefix}.save`} />}
      onClose={onClose}
    >
      {children}
    </CommandDialog>
  );
}

/**
 * Crediting or debiting a customer's wallet (in money) with a required reason, the balance
 * beside it; the server refuses what would take the balance below zero, at the amount.
 */
export function WalletAdjustDialog({ form, pick, onClose }: { form: CommandForm<'walletAdjust'>; pick: boolean; onClose: () => void }) {
  const direction = form.field('direction');
  const source = form.field('source');
  return (
    <AdjustFrame ledger="wallet" form={form} onClose={onClose}>
      <CustomerPart ledger="wallet" customer={form.values.customer ?? null} pick={pick} field={form.field('customer')} />
      <SelectField
        label={<FormattedMessage id="ledgers.wallet.direction" />}
        value={direction.value}
        options={['credit', 'debit'] as const}
        labelPrefix="ledgers.wallet.directionOption"
        onChange={direction.onChange}
      />
      {direction.value === 'credit' && (
        <SelectField
          label={<FormattedMessage id="ledgers.source" />}
          value={source.value}
          options={['adjustment', 'top_up'] as const}
          labelPrefix="walletSource"
          onChange={source.onChange}
        />
      )}
      <MoneyField label={<FormattedMessage id="ledgers.amount" />} {...form.field('amount')} />
      <TextField label={<FormattedMessage id="ledgers.reason" />} multiline={2} maxLength={500} {...form.field('reason')} />
    </AdjustFrame>
  );
}

/**
 * Adding or removing a customer's points with a required reason, the balance beside it;
 * the server refuses what would take the balance below zero, at the points.
 */
export function PointsAdjustDialog({ form, pick, onClose }: { form: CommandForm<'pointsAdjust'>; pick: boolean; onClose: () => void }) {
  const direction = form.field('direction');
  return (
    <AdjustFrame ledger="loyalty" form={form} onClose={onClose}>
      <CustomerPart ledger="loyalty" customer={form.values.customer ?? null} pick={pick} field={form.field('customer')} />
      <SelectField
        label={<FormattedMessage id="ledgers.points.direction" />}
        value={direction.value}
        options={['credit', 'debit'] as const}
        labelPrefix="ledgers.points.directionOption"
        onChange={direction.onChange}
      />
      <NumberField label={<FormattedMessage id="ledgers.pointsCount" />} min={1} max={1_000_000} {...form.field('points')} />
      <TextField label={<FormattedMessage id="ledgers.reason" />} multiline={2} maxLength={500} {...form.field('reason')} />
    </AdjustFrame>
  );
}

/** The adjust dialog of one customer's page: the customer is theirs, and `onClose(true)` once the server took it. */
export function CustomerAdjustDialog({ ledger, customer, onClose }: { ledger: Ledger; customer: ApiRecord; onClose: (saved: boolean) => void }) {
  return ledger === 'wallet' ? <CustomerWalletAdjust customer={customer} onClose={onClose} /> : <CustomerPointsAdjust customer={customer} onClose={onClose} />;
}

function CustomerWalletAdjust({ customer, onClose }: { customer: ApiRecord; onClose: (saved: boolean) => void }) {
  const form = useCommand(walletAdjust, { values: walletStart(customer), onDone: () => onClose(true) });
  return <WalletAdjustDialog form={form} pick={false} onClose={() => onClose(false)} />;
}

function CustomerPointsAdjust({ customer, onClose }: { customer: ApiRecord; onClose: (saved: boolean) => void }) {
  const form = useCommand(pointsAdjust, { values: pointsStart(customer), onDone: () => onClose(true) });
  return <PointsAdjustDialog form={form} pick={false} onClose={() => onClose(false)} />;
}
