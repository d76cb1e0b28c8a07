import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../api/resources.ts';
import { auditChanges, auditEventName } from '../ui/auditChanges.ts';
import type { AppliedDiscount } from '../../api/bookingPricing.ts';
import type { LinkSent } from '../../machines/payments/sendLink.ts';
import { SentTo } from '../payments/invitations/PaymentLinkResult.tsx';
import { REASON_KINDS } from '../../../common/reasonKinds.ts';
import { formatDateTime } from '../ui/format.ts';
import { reasonText, useReasonCodes } from '../ui/reasonCodes.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { DiscountNames } from './DiscountName.tsx';

export interface TimelineRecords {
  payments: ApiRecord[];
  refunds: ApiRecord[];
  audit: ApiRecord[];
}

/**
 * `transition:cancel` reads as its outcome ("Cancelled"), else the event's name (`${eventPrefix}.cancel`); other actions have
 * their own words, a merge with the other customer's name (which the entry keeps).
 */
export function auditAction(intl: ReturnType<typeof useIntl>, entry: ApiRecord, eventPrefix: string): string {
  const action = String(entry.action);
  if (action.startsWith('transition:')) return auditEventName(intl, action.slice('transition:'.length), eventPrefix);
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (action === 'merge' && typeof after.merged_into_name === 'string') return intl.formatMessage({ id: 'auditAction.mergedInto' }, { name: after.merged_into_name });
  if (action === 'merge' && typeof after.merged_from_name === 'string') return intl.formatMessage({ id: 'auditAction.mergedFrom' }, { name: after.merged_from_name });
  const id = `auditAction.${action}`;
  return id in intl.messages ? intl.formatMessage({ id }) : action;
}

/** Who acted: their name when the server could say it (and the reason when staff acted as the vendor), the platform itself (its gateway, its sweeper) in words, else the email the entry kept. */
function personOf(intl: ReturnType<typeof useIntl>, entry: ApiRecord): string {
  const actor = entry._expanded?.actor_user_id;
  if (!actor && entry.actor_email === 'system') return intl.formatMessage({ id: 'timeline.system' });
  const name = String(actor?.name ?? entry.actor_email ?? '—');
  // Staff acting as a vendor: both, with the reason they gave.
  return entry.acting_reason ? intl.formatMessage({ id: 'access.timeline.acting' }, { name, reason: String(entry.acting_reason) }) : name;
}

/**
 * A booking's payments, refunds and audit entries, the latest first; also any record's
 * audit trail alone (a service's history), its transitions named under `eventPrefix`.
 */
export function BookingTimeline({
  related,
  money,
  eventPrefix = 'bookingEvent',
  discounts,
  currency = 'DZD',
}: {
  related: TimelineRecords | null;
  money: (v: unknown) => string;
  eventPrefix?: string;
  /** What gave the booking its discount: named on its creation. */
  discounts?: readonly AppliedDiscount[];
  currency?: string;
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
          {kind === 'audit' && record.action === 'payment_link' ? (
            <PaymentLinkEntry entry={record} money={money} who={personOf(intl, record)} />
          ) : kind === 'audit' ? (
            <span>
              <FormattedMessage id="timeline.audit" values={{ action: auditAction(intl, record, eventPrefix), who: personOf(intl, record) }} />
              {record.action === 'change' && <ChangeVersions entry={record} money={money} />}
              {record.action === 'create' && discounts && discounts.length > 0 && (
                <>
                  {' — '}
                  <DiscountNames discounts={discounts} currency={currency} />
                </>
              )}
              <AuditReason entry={record} />
              <FieldChanges entry={record} />
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

/** Each field the entry changed, old and new value ("Check-in window: 120 minutes → 600 minutes"). */
function FieldChanges({ entry }: { entry: ApiRecord }) {
  const intl = useIntl();
  const { changes, others } = auditChanges(intl, entry);
  if (changes.length === 0 && others === 0) return null;
  return (
    <ul className="audit-changes">
      {changes.map((change) => (
        <li key={change.field}>
          {change.before === null || change.after === null ? (
            <FormattedMessage id="timeline.fieldChanged" values={{ field: change.field }} />
          ) : (
            <FormattedMessage id="timeline.field" values={{ field: change.field, before: <bdi>{change.before}</bdi>, after: <bdi>{change.after}</bdi> }} />
          )}
        </li>
      ))}
      {others > 0 && (
        <li className="muted">
          <FormattedMessage id="timeline.otherFields" values={{ count: others }} />
        </li>
      )}
    </ul>
  );
}

/** A payment link made from the booking: for how much, and to whom it was sent (or that it was only created). */
function PaymentLinkEntry({ entry, money, who }: { entry: ApiRecord; money: (v: unknown) => string; who: string }) {
  const after = (entry.after ?? {}) as { kind?: string; amount?: number; sent_to?: LinkSent[] };
  const to = after.sent_to ?? [];
  const id = to.length === 0 ? 'timeline.paymentLink.created' : after.kind === 'resent' ? 'timeline.paymentLink.resent' : 'timeline.paymentLink.sent';
  return (
    <span>
      <FormattedMessage id={id} values={{ amount: money(after.amount), who, ...(to.length > 0 ? { to: <SentTo to={to} /> } : {}) }} />
    </span>
  );
}

/** The reason the actor gave (a block, a rejection, a cancellation, a check-in with money due), which the entry keeps beside the changes: its code in the user's language, then its words. */
function AuditReason({ entry }: { entry: Record<string, unknown> }) {
  const intl = useIntl();
  const codes = useReasonCodes();
  const after = (entry.after as Record<string, unknown> | null) ?? {};
  const reason = reasonText(codes, REASON_KINDS, after.reason_code, after.reason, intl.locale);
  if (!reason) return null;
  return (
    <span className="timeline-reason">
      {' '}
      <FormattedMessage id="timeline.reason" values={{ reason: <bdi>{reason}</bdi> }} />
    </span>
  );
}

/** The fields of a booking change (its `change` audit entry), before and after. */
const CHANGE_FIELDS = ['starts_at', 'participants', 'extras', 'total'] as const;

function ChangeVersions({ entry, money }: { entry: ApiRecord; money: (v: unknown) => string }) {
  const intl = useIntl();
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const show = (field: (typeof CHANGE_FIELDS)[number], value: unknown): string => {
    if (field === 'starts_at') return formatDateTime(intl, String(value));
    if (field === 'total') return money(value);
    const list =
      field === 'participants'
        ? Object.entries((value ?? {}) as Record<string, number>).filter(([, n]) => n > 0).map(([type, n]) => `${intl.formatMessage({ id: `newBooking.type.${type}` })} ${intl.formatNumber(n)}`)
        : ((value ?? []) as { key: string; quantity: number }[]).map((e) => `${e.key} × ${intl.formatNumber(e.quantity)}`);
    return list.length > 0 ? intl.formatList(list, { type: 'unit' }) : intl.formatMessage({ id: 'timeline.change.none' });
  };
  const changed = CHANGE_FIELDS.filter((f) => f in after);
  if (changed.length === 0) return null;
  return (
    <ul className="booking-change-versions">
      {changed.map((field) => (
        <li key={field}>
          <FormattedMessage id={`timeline.change.${field}`} values={{ before: show(field, before[field]), after: show(field, after[field]) }} />
        </li>
      ))}
    </ul>
  );
}
