import { useIntl } from 'react-intl';
import { formatMoney } from '../../ui/format.ts';
import { LedgerTable, type LedgerProps } from './LedgerTable.tsx';

/** Every wallet transaction of a customer (or of all): credit or debit, where from, the amount and the balance after. */
export function WalletLedger(props: LedgerProps) {
  const intl = useIntl();
  const money = (minor: unknown, currency: unknown) => formatMoney(intl, Number(minor), String(currency ?? 'DZD'));
  return (
    <LedgerTable
      {...props}
      resource="wallet-transactions"
      change={(row) => money(row.kind === 'debit' ? -Number(row.amount) : Number(row.amount), row.currency)}
      balance={(row) => money(row.balance_after, row.currency)}
      origin={(row) => `walletSource.${row.source}`}
    />
  );
}
