/**
 * A booking's money, entry by entry: each payment from gross to platform commission,
 * gateway fee and vendor net, each refund's effect on them, the payout that settles each
 * entry, and totals that add up. Shown on a booking's page and on a payment's page.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ledgerMachine } from '../../../machines/payments/ledger.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../ui/format.ts';
import { commissionRate } from './commissionRate.ts';

export interface MoneyLedgerProps {
  bookingId: string;
  /** Changes when the booking's money may have moved (its version): the ledger reloads. */
  stamp?: unknown;
}

export function MoneyLedger({ bookingId, stamp }: MoneyLedgerProps) {
  const intl = useIntl();
  const headingId = useId();
  const actor = useActorRef(ledgerMachine, { input: { bookingId } });
  const snapshot = useSelector(actor, (s) => s);
  const seen = useRef(stamp);
  useEffect(() => {
    if (seen.current === stamp) return;
    seen.current = stamp;
    actor.send({ type: 'reload' });
  }, [stamp]);
  const ledger = snapshot.context.ledger;
  const money = (minor: number) => formatMoney(intl, minor, ledger?.currency ?? 'DZD');
  // On a phone each row is a card of label and value (the tables' container rule).
  const label = (id: string) => intl.formatMessage({ id });

  return (
    <section className="card money-ledger" aria-labelledby={headingId} aria-busy={snapshot.hasTag('busy')}>
      <h2 id={headingId}>
        <FormattedMessage id="ledger.title" />
      </h2>
      {snapshot.matches('failed') && <ErrorState onRetry={() => actor.send({ type: 'retry' })} />}
      {ledger && ledger.rows.length === 0 && (
        <p className="muted">
          <FormattedMessage id="ledger.empty" />
        </p>
      )}
      {ledger && ledger.rows.length > 0 && (
        <div className="money-ledger-scroll" tabIndex={0} role="region" aria-labelledby={headingId}>
          <table className="table money-ledger-table">
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="ledger.entry" /></th>
                <th scope="col" data-align="end"><FormattedMessage id="ledger.gross" /></th>
                <th scope="col" data-align="end"><FormattedMessage id="ledger.commission" /></th>
                <th scope="col" data-align="end"><FormattedMessage id="ledger.fee" /></th>
                <th scope="col" data-align="end"><FormattedMessage id="ledger.net" /></th>
                <th scope="col"><FormattedMessage id="ledger.payout" /></th>
              </tr>
            </thead>
            <tbody>
              {ledger.rows.map((row) => (
                <tr key={`${row.kind}-${row.payment_id}-${row.refund_id ?? ''}`} data-kind={row.kind}>
                  <th scope="row">
                    <span className="money-ledger-kind">
                      <FormattedMessage id={`ledger.kind.${row.kind}`} values={{ method: intl.formatMessage({ id: `payouts.method.${row.method}` }) }} />
                    </span>
                    <span className="muted money-ledger-at">{formatDateTime(intl, row.at)}</span>
                  </th>
                  <td data-align="end" data-label={label('ledger.gross')} data-negative={row.gross < 0 || undefined}>{money(row.gross)}</td>
                  <td data-align="end" data-label={label('ledger.commission')} data-negative={row.commission < 0 || undefined}>
                    {money(row.commission)}
                    <CommissionRate commission={row.commission} gross={row.gross} percent={row.commission_percent} money={money} />
                  </td>
                  <td data-align="end" data-label={label('ledger.fee')} data-negative={row.fee < 0 || undefined}>{money(row.fee)}</td>
                  <td data-align="end" data-label={label('ledger.net')} data-negative={row.vendor_net < 0 || undefined}>{money(row.vendor_net)}</td>
                  <td data-label={label('ledger.payout')}>
                    {row.payout ? (
                      <FormattedMessage
                        id="ledger.inPayout"
                        values={{ date: formatDate(intl, row.payout.period_end), status: intl.formatMessage({ id: `payoutStatus.${row.payout.status}` }) }}
                      />
                    ) : row.kind === 'payment' ? (
                      <FormattedMessage id="ledger.payableFrom" values={{ date: formatDate(intl, row.payable_from) }} />
                    ) : (
                      <FormattedMessage id="ledger.deductedNext" />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row"><FormattedMessage id="ledger.totals" /></th>
                <td data-align="end" data-label={label('ledger.gross')}>{money(ledger.totals.gross)}</td>
                <td data-align="end" data-label={label('ledger.commission')}>{money(ledger.totals.commission)}</td>
                <td data-align="end" data-label={label('ledger.fee')}>{money(ledger.totals.fee)}</td>
                <td data-align="end" data-label={label('ledger.net')}>{money(ledger.totals.vendor_net)}</td>
                <td data-empty />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}

/** The rate beside a payment's commission: the effective one when the platform funded part of a discount. */
export function CommissionRate({ commission, gross, percent, money }: { commission: number; gross: number; percent: number | null; money: (minor: number) => string }) {
  const intl = useIntl();
  const rate = commissionRate(commission, gross, percent);
  if (!rate) return null;
  const pct = (v: number) => intl.formatNumber(v, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <span className="muted money-ledger-rate">
      {rate.funded && commission < 0 ? (
        // The discount the platform pays is more than its commission: it pays the vendor the difference.
        <FormattedMessage id="ledger.rateFundedNegative" values={{ amount: money(-commission), rate: pct(rate.nominal) }} />
      ) : rate.funded ? (
        <FormattedMessage id="ledger.rateFunded" values={{ effective: pct(rate.effective), rate: pct(rate.nominal) }} />
      ) : (
        <FormattedMessage id="ledger.rate" values={{ rate: pct(rate.nominal) }} />
      )}
    </span>
  );
}
