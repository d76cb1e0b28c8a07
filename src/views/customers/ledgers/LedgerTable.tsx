import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import type { ApiRecord, ExpandedRef } from '../../../api/resources.ts';
import { ledgerMachine, type LedgerResource } from '../../../machines/customers/ledger.ts';
import { formatDate, formatDateTime } from '../../ui/format.ts';
import { ledgerReason } from './ledgerReason.ts';

export interface LedgerProps {
  /** One customer's entries (their page); every customer's, the newest first, without it. */
  customerId?: string;
  /** Staff's "adjust" button: the page opens its dialog (and draws the ledger again once the balances change). */
  onAdjust?: () => void;
}

interface LedgerTableProps extends LedgerProps {
  resource: LedgerResource;
  /** The signed change of an entry as people read it (money, or points). */
  change: (row: ApiRecord) => string;
  balance: (row: ApiRecord) => string;
  /** The message of the entry's origin (`walletSource.refund`, `loyaltySource.expiry`). */
  origin: (row: ApiRecord) => string;
  /** A column of the loyalty ledger: when the points run out. */
  expiry?: boolean;
}

const expanded = (row: ApiRecord, field: string) => row._expanded?.[field] as ExpandedRef | undefined;

/**
 * A customer's ledger as a table, newest first, 25 entries at a time: the change, the
 * balance after it, where it came from, the reason and the booking. Staff adjust it
 * from here (the page's dialog).
 */
export function LedgerTable({ resource, customerId, onAdjust, change, balance, origin, expiry }: LedgerTableProps) {
  const intl = useIntl();
  const captionId = useId();
  const actor = useActorRef(ledgerMachine, { input: { resource, customerId } });
  const { rows, count, failed } = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const bookingRoute = routeByKey('bookingDetail');
  const customerRoute = routeByKey('customerDetail');
  const wallet = resource === 'wallet-transactions';

  return (
    <section className="ledger" aria-labelledby={captionId} aria-busy={busy}>
      <div className="ledger-head">
        <h2 id={captionId}>
          <FormattedMessage id={wallet ? 'ledgers.wallet.title' : 'ledgers.points.title'} />
        </h2>
        {onAdjust && (
          <button type="button" className="button" onClick={onAdjust}>
            <FormattedMessage id={wallet ? 'ledgers.wallet.adjust' : 'ledgers.points.adjust'} />
          </button>
        )}
      </div>
      {failed && (
        <p className="notice notice-error" role="alert">
          <FormattedMessage id="ledgers.failed" />{' '}
          <button type="button" className="button button-small" onClick={() => actor.send({ type: 'reload' })}>
            <FormattedMessage id="common.retry" />
          </button>
        </p>
      )}
      {!busy && !failed && rows.length === 0 && (
        <p className="muted">
          <FormattedMessage id={wallet ? 'ledgers.wallet.none' : 'ledgers.points.none'} />
        </p>
      )}
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="table ledger-table">
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="ledgers.date" /></th>
                {!customerId && <th scope="col"><FormattedMessage id="ledgers.customer" /></th>}
                <th scope="col"><FormattedMessage id="ledgers.origin" /></th>
                <th scope="col" className="numeric"><FormattedMessage id={wallet ? 'ledgers.amount' : 'ledgers.pointsCount'} /></th>
                <th scope="col" className="numeric"><FormattedMessage id="ledgers.balanceAfter" /></th>
                <th scope="col"><FormattedMessage id="ledgers.reason" /></th>
                <th scope="col"><FormattedMessage id="ledgers.booking" /></th>
                {expiry && <th scope="col"><FormattedMessage id="ledgers.expires" /></th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const booking = expanded(row, 'booking_id');
                const owner = expanded(row, 'customer_id');
                return (
                  <tr key={row.id}>
                    <td>{formatDateTime(intl, String(row.created_at))}</td>
                    {!customerId && (
                      <td>{owner ? <Link href={pathOf(customerRoute, owner.id)}>{String(owner.name ?? '')}</Link> : '—'}</td>
                    )}
                    <td><FormattedMessage id={origin(row)} /></td>
                    <td className={`numeric ${Number(row.points ?? (row.kind === 'debit' ? -1 : 1)) < 0 ? 'ledger-minus' : 'ledger-plus'}`}>
                      <bdi>{change(row)}</bdi>
                    </td>
                    <td className="numeric"><bdi>{balance(row)}</bdi></td>
                    <td className="ledger-reason">{ledgerReason(intl, wallet ? 'wallet' : 'loyalty', row as never)}</td>
                    <td>
                      {booking ? (
                        <Link href={pathOf(bookingRoute, booking.id)}>
                          <bdi dir="ltr">{String(booking.ref ?? '')}</bdi>
                        </Link>
                      ) : '—'}
                    </td>
                    {expiry && <td>{row.expires_at ? formatDate(intl, String(row.expires_at)) : '—'}</td>}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {rows.length < count && (
        <button type="button" className="button" disabled={busy} onClick={() => actor.send({ type: 'more' })}>
          <FormattedMessage id="ledgers.more" values={{ shown: rows.length, count }} />
        </button>
      )}
    </section>
  );
}
