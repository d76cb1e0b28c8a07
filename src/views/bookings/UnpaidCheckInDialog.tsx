import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { reasonKindOf } from '../../../common/reasonKinds.ts';
import type { bookingActionsMachine } from '../../machines/bookings/bookingActions.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ReasonField } from '../ui/ReasonField.tsx';
import { codesOf, reasonComplete, useReasonCodes } from '../ui/reasonCodes.ts';

/**
 * The question before checking in a customer who still owes `balance` (the `bookingActions`
 * chart asking about a check-in): collect the cash first, send a payment link, or check in
 * anyway with a coded reason, which the booking chart requires. The same on a booking's page
 * and on a slot's manifest. People the activity's conditions flag are named too (`flagged`):
 * the reason's words then say why they go.
 */
export function UnpaidCheckInDialog({ actor, balance, busy, flagged }: { actor: ActorRefFrom<typeof bookingActionsMachine>; balance: string; busy: boolean; flagged?: ReactNode }) {
  const intl = useIntl();
  const codes = useReasonCodes();
  const open = useSelector(actor, (s) => s.matches('asking') && s.context.owing);
  const reason = useSelector(actor, (s) => s.context.reason);
  const missing = useSelector(actor, (s) => s.context.reasonMissing);
  const anyFlagged = useSelector(actor, (s) => s.context.flagged.length > 0);
  const offered = codesOf(codes, reasonKindOf('booking', 'check_in'));
  if (!open) return null;
  return (
    <ConfirmDialog
      open
      title={<FormattedMessage id="checkIn.unpaid.title" />}
      description={<FormattedMessage id="checkIn.unpaid.description" values={{ amount: balance }} />}
      confirmLabel={<FormattedMessage id="checkIn.unpaid.confirm" />}
      busy={busy}
      onCancel={() => actor.send({ type: 'cancel' })}
      onConfirm={() => actor.send({ type: 'confirm', needsReason: true, reasonComplete: reasonComplete(offered, reason) })}
    >
      <div className="record-actions">
        <button type="button" className="button" onClick={() => actor.send({ type: 'collect.cash' })}>
          <FormattedMessage id="checkIn.unpaid.cash" />
        </button>
        <button type="button" className="button" onClick={() => actor.send({ type: 'link.open' })}>
          <FormattedMessage id="checkIn.unpaid.link" />
        </button>
      </div>
      {anyFlagged && (
        <>
          <p>
            <FormattedMessage id="availability.checkIn.description" />
          </p>
          {flagged}
        </>
      )}
      <ReasonField
        label="checkIn.unpaid.reason"
        offered={offered}
        value={reason}
        missing={missing}
        placeholder={intl.formatMessage({ id: 'checkIn.unpaid.reasonPlaceholder' })}
        onChange={(next) => actor.send({ type: 'reason.changed', reason: next })}
      />
    </ConfirmDialog>
  );
}
