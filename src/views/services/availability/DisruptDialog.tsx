import { FormattedMessage, useIntl } from 'react-intl';
import type { REFUND_TARGETS, DisruptOutcome } from '../../../../common/availabilityRules.ts';
import type { CommandForm } from '../../ui/command.ts';
import { defineCommand } from '../../ui/command.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ErrorText, Field } from '../../ui/fields/Field.tsx';
import { formatMoney } from '../../ui/format.ts';
import { ReasonField } from '../../ui/ReasonField.tsx';
import { codesOf, useReasonCodes } from '../../ui/reasonCodes.ts';

/** Calling a departure off: a coded cancellation reason (the server checks the code and any text it asks for) and where the money goes. */
export const disruptCommand = defineCommand({
  command: 'availabilityDisrupt',
  fields: { reason_code: { type: 'string', required: true }, reason: { type: 'string', maxLength: 1000 } },
});

export const DISRUPT_START = { reason_code: '', reason: '', refund_to: 'original' as const };

/**
 * Calling off a departure: a coded reason and where the money goes, then one request;
 * the server cancels and refunds each booking and says what happened to each (the
 * command's answer, kept by the slot's panel for its summary).
 */
export function DisruptDialog({
  form,
  bookings,
  refundTargets,
  onCancel,
}: {
  form: CommandForm<'availabilityDisrupt'>;
  bookings: number;
  /** Where the server lets the money go (the slot's manifest): the wallet only when it takes the bookings' currency. */
  refundTargets: readonly (typeof REFUND_TARGETS)[number][];
  onCancel: () => void;
}) {
  const offered = codesOf(useReasonCodes(), 'cancellation');
  const reason = { code: String(form.values.reason_code ?? ''), text: String(form.values.reason ?? '') };
  const missing = !!(form.fieldErrors.reason_code || form.fieldErrors.reason);
  const chosenTarget = form.values.refund_to && refundTargets.includes(form.values.refund_to) ? form.values.refund_to : 'original';
  // The server's words, about the reason too, are said above the form (the reason field only says that one is needed).
  const said = Object.entries(form.fieldErrors)
    .map(([path, messages]) => [path, messages.filter((m) => m !== 'validation.required')] as const)
    .filter(([, messages]) => messages.length > 0);

  return (
    <ConfirmDialog
      open
      title={<FormattedMessage id="availability.disrupt.title" />}
      description={<FormattedMessage id="availability.disrupt.description" values={{ count: bookings }} />}
      confirmLabel={<FormattedMessage id={form.busy ? 'availability.disrupt.running' : 'availability.disrupt.confirm'} />}
      cancelLabel={<FormattedMessage id="availability.disrupt.keep" />}
      danger
      busy={form.busy}
      onCancel={onCancel}
      onConfirm={() => {
        // Only a target the server offers is sent.
        if (chosenTarget !== form.values.refund_to) form.set({ refund_to: chosenTarget });
        form.submit();
      }}
    >
      {(form.error || said.length > 0) && (
        <div className="notice notice-error" role="alert">
          {form.error && <ErrorText text={form.error} />}
          {said.map(([path, messages]) => (
            <p key={path}>
              {messages.map((m, i) => (
                <ErrorText key={i} text={m} />
              ))}
            </p>
          ))}
        </div>
      )}
      <ReasonField
        label="availability.disrupt.reason"
        offered={offered}
        value={reason}
        missing={missing}
        onChange={(next) => form.set({ reason_code: next.code, reason: next.text })}
      />
      <Field label={<FormattedMessage id="availability.disrupt.refundTo" />} layout="group" required>
        {() => (
          <div className="radio-list">
            {refundTargets.map((target) => (
              <label key={target} className="radio-option">
                <input type="radio" name="refund_to" value={target} checked={chosenTarget === target} onChange={() => form.set({ refund_to: target })} />
                <span>
                  <FormattedMessage id={`availability.refundTo.${target}`} />
                </span>
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
