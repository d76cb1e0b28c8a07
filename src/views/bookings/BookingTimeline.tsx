import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../api/resources.ts';
import { formatDateTime } from '../ui/format.ts';
import { StatusChip } from '../ui/StatusChip.tsx';

export interface TimelineRecords {
  payments: ApiRecord[];
  refunds: ApiRecord[];
  audit: ApiRecord[];
}

/** `transition:cancel` reads as the event's name (`${eventPrefix}.cancel`); create, update and delete have their own words. */
function auditAction(intl: ReturnType<typeof useIntl>, action: string, eventPrefix: string): string {
  if (action.startsWith('transition:')) return intl.formatMessage({ id: `${eventPrefix}.${action.slice('transition:'.length)}` });
  const id = `auditAction.${action}`;
  return id in intl.messages ? intl.formatMessage({ id }) : action;
}

/** Who acted: their name when the server could say it, else the email the entry kept. */
function personOf(entry: ApiRecord): string {
  const actor = entry._expanded?.actor_user_id;
  return String(actor?.name ?? entry.actor_email ?? '—');
}

/**
 * A booking's payments, refunds and audit entries, the latest first; also any record's
 * audit trail alone (a service's history), its transitions named under `eventPrefix`.
 */
export function BookingTimeline({
  related,
  money,
  eventPrefix = 'bookingEvent',
}: {
  related: TimelineRecords | null;
  money: (v: unknown) => string;
  eventPrefix?: string;
}) {
  const intl = useIntl();
  if (!related) return <p className="muted"><FormattedMessage id="common.loading" /></p>;
  const items = [
    ...related.payments.map((p) => ({ at: String(p.created_at), kind: 'payment', record: p })),
    ...related.refunds.map((r) => ({ at: String(r.created_at), kind: 'refund', record: r })),
    ...related.audit.map((a) => ({ at: String(a.at), kind: 'audit', record: a })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  if (items.length === 0) return <p className="muted"><FormattedMessage id="booking.timelineEmpty" /></p>;
  return (
    <ol className="timeline">
      {items.map(({ at, kind, record }) => (
        <li key={`${kind}-${record.id}`}>
          <time dateTime={at}>{formatDateTime(intl, at)}</time>
          {kind === 'audit' ? (
            <span>
              <FormattedMessage id="timeline.audit" values={{ action: auditAction(intl, String(record.action), eventPrefix), who: personOf(record) }} />
            </span>
          ) : (
            <span>
              <FormattedMessage id={`timeline.${kind}`} values={{ amount: money(record.amount) }} />{' '}
              <StatusChip status={String(record.status)} kind={kind === 'payment' ? 'paymentRecordStatus' : 'refundStatus'} />
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
