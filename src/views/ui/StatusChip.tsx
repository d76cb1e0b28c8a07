import { useIntl } from 'react-intl';

/** A status in words and colour; the colour family comes from the status, the words from the locale. */
const TONES: Record<string, 'ok' | 'warn' | 'bad' | 'info' | 'muted'> = {
  confirmed: 'ok', checked_in: 'ok', completed: 'ok', paid: 'ok', approved: 'ok', succeeded: 'ok', active: 'ok', published: 'ok', sent: 'ok', solved: 'ok', resolved: 'ok',
  requested: 'warn', pending: 'warn', deposit: 'warn', processing: 'warn', under_review: 'warn', scheduled: 'warn', opened: 'warn', open: 'warn', new: 'warn', in_review: 'warn', applied: 'warn',
  declined: 'bad', cancelled: 'bad', no_show: 'bad', failed: 'bad', rejected: 'bad', expired: 'bad', suspended: 'bad', unpaid: 'bad',
  refunded: 'info', partially_refunded: 'info', escalated: 'info',
};

export function StatusChip({ status, kind = 'status' }: { status: string; kind?: string }) {
  const intl = useIntl();
  const id = `${kind}.${status}`;
  // A status the catalogues do not name yet still shows, as its raw value.
  const label = id in intl.messages ? intl.formatMessage({ id }) : status.replaceAll('_', ' ');
  return (
    <span className="status-chip" data-tone={TONES[status] ?? 'muted'}>
      {label}
    </span>
  );
}
