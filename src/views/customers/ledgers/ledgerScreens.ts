/** The wallet and loyalty screens as data: every customer's entries, newest first, with their filters. */
import { loyaltyEntries, walletTransactions, type LoyaltyEntriesRecord, type WalletTransactionsRecord } from '../../../../common/collections.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

const customerFilter = {
  kind: 'record', field: 'customer_id', label: 'ledgers.customer', resource: 'customers', optionLabel: (c: Record<string, unknown>) => String(c.name ?? ''),
} as const;

export const walletScreen = defineListScreen({
  collection: walletTransactions,
  searchLabel: 'ledgers.searchLabel',
  filters: [
    customerFilter,
    { kind: 'enum', field: 'kind', label: 'ledgers.kind', labelPrefix: 'walletKind' },
    { kind: 'enum', field: 'source', label: 'ledgers.source', labelPrefix: 'walletSource' },
    { kind: 'dateRange', field: 'created_at', label: 'ledgers.date' },
  ],
  defaultOrdering: '-created_at',
  fields: ['customer_id', 'kind', 'source', 'amount', 'currency', 'balance_after', 'reason', 'booking_id', 'created_at'],
  expand: ['customer_id', 'booking_id'],
});

export const loyaltyScreen = defineListScreen({
  collection: loyaltyEntries,
  searchLabel: 'ledgers.searchLabel',
  filters: [
    customerFilter,
    { kind: 'enum', field: 'source', label: 'ledgers.origin', labelPrefix: 'loyaltySource' },
    { kind: 'dateRange', field: 'created_at', label: 'ledgers.date' },
  ],
  defaultOrdering: '-created_at',
  fields: ['customer_id', 'points', 'source', 'balance_after', 'reason', 'booking_id', 'expires_at', 'created_at'],
  expand: ['customer_id', 'booking_id'],
});

interface Named {
  _expanded?: { customer_id?: { id: string; name: string } | null; booking_id?: { id: string; ref: string } | null };
}
export type WalletRow = Pick<WalletTransactionsRecord, 'id' | 'customer_id' | 'kind' | 'source' | 'amount' | 'currency' | 'balance_after' | 'reason' | 'booking_id' | 'created_at'> & Named;
export type LoyaltyRow = Pick<LoyaltyEntriesRecord, 'id' | 'customer_id' | 'points' | 'source' | 'balance_after' | 'reason' | 'booking_id' | 'expires_at' | 'created_at'> & Named;
