import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { disruptSlot } from '../../../api/availability.ts';
import type { ApiRequestError } from '../../../api/client.ts';
import { REFUND_TARGETS, type DisruptOutcome } from '../../../domain/availabilityRules.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/fields/Field.tsx';
import { formatMoney } from '../../ui/format.ts';
import { NO_REASON, ReasonField, reasonPayload, type ReasonValue } from '../../ui/ReasonField.tsx';
import { codesOf, reasonComplete, useReasonCodes } from '../../ui/reasonCodes.ts';

/**
 * Calling off a departure: a coded reason and where the money goes, then one request;
 * the server cancels and refunds each booking and says what happened to each.
 */
export function DisruptDialog({
  open,
  slotId,
  bookings,
  refundTargets,
  onCancel,
  onDone,
}: {
  open: boolean;
  slotId: string;
  bookings: number;
  /** Where the server lets the money go (the slot's manifest): the wallet only when it takes the bookings' currency. */
  refundTargets: readonly (typeof REFUND_TARGETS)[number][];
  onCancel: () => void;
  onDone: (results: DisruptOutcome[]) => void;
}) {
  const offered = codesOf(useReasonCodes(), 'cancellation');
  const [reason, setReason] = useState<ReasonValue>(NO_REASON);
  const [refundTo, setRefundTo] = useState<(typeof REFUND_TARGETS)[number]>('original');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    if (!reasonComplete(offered, reason)) return setMissing(true);
    setBusy(true);
    setFailure(null);
    try {
      const target = refundTargets.includes(refundTo) ? refundTo : 'original';
      const { results } = await disruptSlot(slotId, { ...(reasonPayload(reason) as { reason_code: string; reason?: string }), refund_to: target });
      onDone(results);
    } catch (error) {
      const e = error as ApiRequestError;
      setFailure([e.detail, ...Object.values(e.fieldErrors ?? {}).flat()].join(' '));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={<FormattedMessage id="availability.disrupt.title" />}
      description={<FormattedMessage id="availability.disrupt.description" values={{ count: bookings }} />}
      confirmLabel={<FormattedMessage id={busy ? 'availability.disrupt.running' : 'availability.disrupt.confirm'} />}
      cancelLabel={<FormattedMessage id="availability.disrupt.keep" />}
      danger
      busy={busy}
      onCancel={onCancel}
      onConfirm={confirm}
    >
      {failure && <p className="notice notice-error" role="alert">{failure}</p>}
      <ReasonField label="availability.disrupt.reason" offered={offered} value={reason} missing={missing} onChange={setReason} />
      <Field label={<FormattedMessage id="availability.disrupt.refundTo" />} layout="group" required>
        {() => (
          <div className="radio-list">
            {refundTargets.map((target) => (
              <label key={target} className="radio-option">
                <input type="radio" name="refund_to" value={target} checked={(refundTargets.includes(refundTo) ? refundTo : 'original') === target} onChange={() => setRefundTo(target)} />
                <span><FormattedMessage id={`availability.refundTo.${target}`} /></span>
              </label>
            ))}
          </div>
        )}
      </Field>
    </ConfirmDialog>
  );
}

/** What happened to each booking of a disrupted slot. */
export function DisruptSummary({ results }: { results: readonly DisruptOutcome[] }) {
  const intl = useIntl();
  return (
    <section className="disrupt-summary" aria-labelledby="disrupt-summary-title" role="status">
      <h3 id="disrupt-summary-title">
        <FormattedMessage id="availability.summary.title" />
      </h3>
      {results.length === 0 ? (
        <p className="muted"><FormattedMessage id="availability.summary.none" /></p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="availability.manifest.booking" /></th>
                <th scope="col"><FormattedMessage id="availability.manifest.customer" /></th>
                <th scope="col"><FormattedMessage id="availability.summary.outcome" /></th>
                <th scope="col"><FormattedMessage id="availability.summary.refund" /></th>
              </tr>
            </thead>
            <tbody>
              {results.map((r) => (
                <tr key={r.booking_id}>
                  <td><bdi dir="ltr">{r.ref}</bdi></td>
                  <td>{r.customer_name}</td>
                  <td>
                    <FormattedMessage id={`availability.outcome.${r.outcome}`} />
                    {r.detail && <div className="muted">{r.detail}</div>}
                  </td>
                  <td>
                    {r.refund_amount > 0 ? (
                      <FormattedMessage
                        id={`availability.summary.refunded.${r.refund_to}.${r.refund_status}`}
                        values={{ amount: formatMoney(intl, r.refund_amount, r.currency) }}
                      />
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
