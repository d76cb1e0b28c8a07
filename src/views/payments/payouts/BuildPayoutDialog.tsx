import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { DateTimeField } from '../../ui/fields/DateTimeField.tsx';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { errorsAt } from '../../ui/fields/fieldErrors.ts';
import { formatMoney, formatSignedMoney } from '../../ui/format.ts';
import { RelationPicker } from '../../ui/RelationPicker.tsx';
import type { buildPayoutMachine } from '../../../machines/payments/payouts.ts';

/**
 * Building a payout (Radix Dialog): a vendor and the date its activities count up to,
 * then the server's preview of what the payout would hold, then the draft itself.
 */
export function BuildPayoutDialog({ actor }: { actor: ActorRefFrom<typeof buildPayoutMachine> }) {
  const intl = useIntl();
  const snapshot = useSelector(actor, (s) => s);
  const { draft, preview, errors, detail } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const previewed = snapshot.matches('previewed') || snapshot.matches('creating');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: previewed ? 'create' : 'preview' });
  };
  const money = (minor: number) => formatMoney(intl, minor, preview?.currency ?? 'DZD');
  // What adds to or takes from "To pay" says so by its sign.
  const signed = (minor: number) => formatSignedMoney(intl, minor, preview?.currency ?? 'DZD');

  return (
    <Dialog.Root open={!snapshot.matches('closed')} onOpenChange={(next) => !next && actor.send({ type: 'close' })}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog payout-build" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">
            <FormattedMessage id="payouts.build" />
          </Dialog.Title>
          <form noValidate onSubmit={submit} aria-busy={busy}>
            {detail && (
              <p className="notice notice-error" role="alert">
                <ErrorText text={detail} />
              </p>
            )}
            <RelationPicker
              resource="vendors"
              label={<FormattedMessage id="booking.vendor" />}
              required
              value={draft.vendor}
              onChange={(vendor) => actor.send({ type: 'change', draft: { vendor } })}
              optionLabel={(v) => String(v.trade_name ?? '')}
              errors={errorsAt(errors, 'vendor_id')}
            />
            <DateTimeField
              mode="date"
              label={<FormattedMessage id="payouts.periodEnd" />}
              hint={<FormattedMessage id="payouts.build.periodHint" />}
              required
              errors={errorsAt(errors, 'period_end')}
              value={draft.period_end || null}
              onChange={(day) => actor.send({ type: 'change', draft: { period_end: day ?? '' } })}
            />
            {preview && (
              <dl className="payout-figures" aria-live="polite">
                <div><dt><FormattedMessage id="payouts.entryCount" /></dt><dd>{intl.formatNumber(preview.entries_count)}</dd></div>
                <div><dt><FormattedMessage id="payouts.gross" /></dt><dd>{money(preview.gross)}</dd></div>
                <div><dt><FormattedMessage id="payouts.refunds" /></dt><dd>{signed(-preview.refunds)}</dd></div>
                <div>
                  <dt><FormattedMessage id="payouts.reserveHeld" values={{ percent: intl.formatNumber(preview.reserve_percent / 100, { style: 'percent', maximumFractionDigits: 2 }), days: preview.reserve_days }} /></dt>
                  <dd>{signed(-preview.reserve_held)}</dd>
                </div>
                <div><dt><FormattedMessage id="payouts.reserveReleased" /></dt><dd>{signed(preview.reserve_released)}</dd></div>
                <div className="payout-figures-total"><dt><FormattedMessage id="payouts.amount" /></dt><dd>{money(preview.amount)}</dd></div>
              </dl>
            )}
            <div className="dialog-actions">
              <Dialog.Close className="button" disabled={busy}>
                <FormattedMessage id="common.cancel" />
              </Dialog.Close>
              <button type="submit" className="button button-primary" disabled={busy}>
                <FormattedMessage id={previewed ? 'payouts.build.create' : 'payouts.build.preview'} />
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
