import { useIntl } from 'react-intl';
import { LedgerTable, type LedgerProps } from './LedgerTable.tsx';

/** Every loyalty entry of a customer (or of all): points earned, taken back, expired or adjusted, and the balance after. */
export function LoyaltyLedger(props: LedgerProps) {
  const intl = useIntl();
  return (
    <LedgerTable
      {...props}
      resource="loyalty-entries"
      change={(row) => intl.formatNumber(Number(row.points), { signDisplay: 'exceptZero' })}
      balance={(row) => intl.formatNumber(Number(row.balance_after))}
      origin={(row) => `loyaltySource.${row.source}`}
      expiry
    />
  );
}
