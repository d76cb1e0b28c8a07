/**
 * The reason of a ledger entry in the reader's language: entries the server wrote itself
 * (refunds, bookings, expiry) are said from their source and booking, since their stored
 * reason is in English; entries made by hand show the words their author typed.
 */
import type { IntlShape } from 'react-intl';

const AUTOMATIC: Record<string, string> = {
  'wallet:refund': 'ledgers.auto.walletRefund',
  'wallet:booking': 'ledgers.auto.walletBooking',
  'loyalty:booking': 'ledgers.auto.pointsEarned',
  'loyalty:refund': 'ledgers.auto.pointsTakenBack',
  'loyalty:expiry': 'ledgers.auto.pointsExpired',
};

export function ledgerReason(
  intl: IntlShape,
  ledger: 'wallet' | 'loyalty',
  row: { source: string; reason: string; _expanded?: { booking_id?: { ref?: unknown } | null } },
): string {
  const id = AUTOMATIC[`${ledger}:${row.source}`];
  const ref = row._expanded?.booking_id?.ref;
  if (!id || (ref == null && row.source !== 'expiry')) return row.reason;
  return intl.formatMessage({ id }, { ref: String(ref ?? '') });
}
