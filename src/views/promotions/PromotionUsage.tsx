import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { promotionUsageMachine } from '../../machines/promotions/usage.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { formatDate, formatMoney } from '../ui/format.ts';
import { StatusChip } from '../ui/StatusChip.tsx';

/**
 * How much a coupon or discount is used: uses, customers, the bookings' revenue and the
 * discount given by who pays it, then the bookings themselves, a page at a time.
 */
export function PromotionUsage({ resource, id }: { resource: 'coupons' | 'discounts'; id: string }) {
  const intl = useIntl();
  const headingId = useId();
  const usage = useActorRef(promotionUsageMachine, { input: { resource, id } });
  const { report, page, failed, busy } = useSelector(usage, (s) => ({ report: s.context.report, page: s.context.page, failed: s.matches('failed'), busy: s.hasTag('busy') }), (a, b) => a.report === b.report && a.failed === b.failed && a.busy === b.busy);
  const money = (n: number, currency: string) => formatMoney(intl, n, currency);
  // The server says how many bookings a page holds.
  const pages = report ? Math.max(1, Math.ceil(report.bookings.count / Math.max(1, report.bookings.page_size))) : 1;

  return (
    <section className="card promotion-usage" aria-labelledby={headingId} aria-busy={busy}>
      <h2 id={headingId}>
        <FormattedMessage id="promotionUsage.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="promotionUsage.counted" />
      </p>
      {failed && <ErrorState onRetry={() => usage.send({ type: 'retry' })} />}
      {report && (
        <>
          <dl className="promotion-usage-figures">
            <div>
              <dt>
                <FormattedMessage id="promotionUsage.uses" />
              </dt>
              <dd>{intl.formatNumber(report.uses)}</dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="promotionUsage.customers" />
              </dt>
              <dd>{intl.formatNumber(report.customers)}</dd>
            </div>
            {report.by_currency.flatMap((c) =>
              (
                [
                  ['revenue', c.revenue],
                  ['discountGiven', c.discount_given],
                  ['platformFunded', c.platform_funded],
                  ['vendorFunded', c.vendor_funded],
                ] as const
              ).map(([label, amount]) => (
                <div key={`${c.currency}-${label}`}>
                  <dt>
                    <FormattedMessage id={`promotionUsage.${label}`} />
                  </dt>
                  <dd>{money(amount, c.currency)}</dd>
                </div>
              )),
            )}
          </dl>
          {report.bookings.results.length === 0 ? (
            <p className="muted">
              <FormattedMessage id="promotionUsage.none" />
            </p>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">
                  <FormattedMessage id="promotionUsage.bookings" />
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <FormattedMessage id="promotionUsage.ref" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="promotionUsage.customer" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="promotionUsage.date" />
                    </th>
                    <th scope="col" className="promotion-num">
                      <FormattedMessage id="promotionUsage.total" />
                    </th>
                    <th scope="col" className="promotion-num">
                      <FormattedMessage id="promotionUsage.discount" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="promotionUsage.status" />
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.bookings.results.map((b) => (
                    <tr key={b.id}>
                      <td>
                        <Link href={`/booking/${b.id}`} dir="ltr">
                          {b.ref}
                        </Link>
                      </td>
                      <td>{b.customer_name}</td>
                      <td>{formatDate(intl, b.starts_at)}</td>
                      <td className="promotion-num">{money(b.total, b.currency)}</td>
                      <td className="promotion-num">{money(b.discount_amount, b.currency)}</td>
                      <td>
                        <StatusChip status={b.status} kind="bookingStatus" />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 && (
            <nav className="promotion-usage-pager" aria-label={intl.formatMessage({ id: 'list.pagination' })}>
              <button type="button" className="button button-small" disabled={page <= 1 || busy} onClick={() => usage.send({ type: 'page', page: page - 1 })}>
                <FormattedMessage id="promotionUsage.previous" />
              </button>
              <span role="status">
                <FormattedMessage id="promotionUsage.page" values={{ page: intl.formatNumber(page), pages: intl.formatNumber(pages) }} />
              </span>
              <button type="button" className="button button-small" disabled={page >= pages || busy} onClick={() => usage.send({ type: 'page', page: page + 1 })}>
                <FormattedMessage id="promotionUsage.next" />
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
