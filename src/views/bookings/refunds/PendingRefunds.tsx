import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { chartEvents } from '../../../../common/lifecycles/index.ts';
import { formatDateTime } from '../../ui/format.ts';
import { useLifecycleActions, type LifecycleRow } from '../../ui/LifecycleActions.tsx';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { REFUND_EVENTS } from './refundsScreen.ts';

/** A refund the chart has not finished with: it still has events (approve, process, succeed, retry...). */
const underWay = (refund: ApiRecord) =>
  chartEvents('refund', String(refund.status), { now: new Date().toISOString(), role: 'staff', record: refund }).length > 0;

/**
 * The refunds of a booking not yet finished, each with its next action (the actions the
 * refund chart allows this user), so a refund that stopped on its way (vendor staff leave
 * it for staff; a card refund waits for the gateway) is handled from the booking itself.
 */
export function PendingRefunds({
  refunds,
  reference,
  money,
  staff,
  onDone,
}: {
  refunds: readonly ApiRecord[] | null;
  /** The booking's reference, naming the refund in questions and reports. */
  reference: string;
  money: (v: unknown) => string;
  staff: boolean;
  onDone: () => void;
}) {
  const intl = useIntl();
  const actions = useLifecycleActions<LifecycleRow>({
    resource: 'refunds',
    lifecycle: 'refund',
    order: REFUND_EVENTS,
    messagePrefix: 'refundEvent',
    staff,
    label: () => reference,
    describe: (row) => <FormattedMessage id="refundList.confirmDescription" values={{ amount: money(row.amount), booking: reference }} />,
    onDone,
  });
  const pending = (refunds ?? []).filter(underWay) as unknown as LifecycleRow[];
  if (pending.length === 0 && !actions.report) return null;
  return (
    <section className="card pending-refunds" aria-labelledby="pending-refunds">
      <h2 id="pending-refunds">
        <FormattedMessage id="refundPending.title" />
      </h2>
      {actions.report}
      <ul className="payment-refunds">
        {pending.map((refund) => {
          const next = actions.column.render(refund);
          return (
            <li key={refund.id}>
              <span className="cell-stack">
                <strong>{money(refund.amount)}</strong>
                <span className="muted">{formatDateTime(intl, String(refund.created_at))}</span>
              </span>
              <StatusChip status={refund.status} kind="refundStatus" />
              {/* No action of theirs: say who moves it on (staff confirm what vendor staff sent). */}
              {!staff && refund.status === 'processing' ? (
                <span className="muted">
                  <FormattedMessage id="refundPending.waitingStaff" />
                </span>
              ) : (
                next
              )}
            </li>
          );
        })}
      </ul>
      {actions.dialog}
    </section>
  );
}
