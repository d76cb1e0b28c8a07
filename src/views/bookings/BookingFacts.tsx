import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { AppliedDiscount } from '../../api/bookingPricing.ts';
import type { ApiRecord } from '../../api/resources.ts';
import { pathOf, routeByKey } from '../../app/routes.ts';
import { formatDateTime, localized } from '../ui/format.ts';
import { reasonText, useReasonCodes } from '../ui/reasonCodes.ts';
import { Fact } from '../ui/Fact.tsx';
import { DiscountName } from './DiscountName.tsx';

/** Names of what a booking points to, from the server (`expand=`) and the customer's record. */
export interface BookingLabels {
  vendor: string | null;
  location: unknown;
  branch: string | null;
  createdBy: string | null;
  customerEmail: string | null;
}


/**
 * What a booking is (service, when, where, whose, how it was made, why it closed) and who
 * it is for (customer and participants). The customer, the service and the vendor link to
 * their pages; vendor staff see their own vendor's name without a link.
 */
export function BookingFacts({ booking, labels, staff }: { booking: ApiRecord; labels: BookingLabels | null; staff: boolean }) {
  const intl = useIntl();
  const codes = useReasonCodes();
  const participants = Object.entries((booking.participants ?? {}) as Record<string, number>).filter(([, n]) => n > 0);
  const service = localized(booking.service_title_i18n, intl.locale) || '—';
  const closedWhy = reasonText(codes, ['cancellation', 'rejection'], booking.status_reason_code, booking.status_reason, intl.locale);
  // Staff open the vendors list; vendor staff are that vendor and may not.
  const vendor = labels?.vendor && staff ? <Link href={pathOf(routeByKey('vendors'))}>{labels.vendor}</Link> : labels?.vendor;
  return (
    <div className="record-grid">
      <section className="card" aria-labelledby="booking-what">
        <h2 id="booking-what">
          <FormattedMessage id="booking.activity" />
        </h2>
        <dl className="facts">
          <Fact label="booking.service">
            <Link href={pathOf(routeByKey('serviceDetail'), String(booking.service_id))}>{service}</Link>
          </Fact>
          <Fact label="booking.startsAt">{formatDateTime(intl, String(booking.starts_at))}</Fact>
          {booking.ends_at ? <Fact label="booking.endsAt">{formatDateTime(intl, String(booking.ends_at))}</Fact> : null}
          <Fact label="booking.location">{localized(labels?.location, intl.locale) || null}</Fact>
          <Fact label="booking.branch">{labels?.branch ?? null}</Fact>
          <Fact label="booking.vendor">{vendor}</Fact>
          <Fact label="booking.channel">
            <FormattedMessage id={`channel.${String(booking.channel)}`} />
          </Fact>
          <Fact label="booking.createdAt">{formatDateTime(intl, String(booking.created_at))}</Fact>
          <Fact label="booking.createdBy">{labels?.createdBy ?? null}</Fact>
          {closedWhy ? <Fact label="booking.statusReason">{closedWhy}</Fact> : null}
        </dl>
      </section>

      <section className="card" aria-labelledby="booking-who">
        <h2 id="booking-who">
          <FormattedMessage id="booking.customer" />
        </h2>
        <dl className="facts">
          <Fact label="booking.customer">
            <Link href={pathOf(routeByKey('customerDetail'), String(booking.customer_id))}>{String(booking.customer_name)}</Link>
          </Fact>
          <Fact label="booking.phone">{booking.customer_phone ? <bdi dir="ltr">{String(booking.customer_phone)}</bdi> : null}</Fact>
          <Fact label="booking.email">
            {labels?.customerEmail ? (
              <a href={`mailto:${labels.customerEmail}`} dir="ltr">
                {labels.customerEmail}
              </a>
            ) : null}
          </Fact>
          <Fact label="booking.participants">
            <ul className="participants">
              {participants.map(([type, n]) => (
                <li key={type}>{intl.formatMessage({ id: `customerType.${type}` }, { count: n })}</li>
              ))}
              <li className="muted">
                <FormattedMessage id="booking.participantsTotal" values={{ count: Number(booking.participants_count ?? 0) }} />
              </li>
            </ul>
          </Fact>
        </dl>
      </section>
    </div>
  );
}

/** An extra as its service offers it: the key a booking keeps, and its name in each language. */
export interface ExtraName {
  key: string;
  name_i18n?: Record<string, string>;
}

/** The price of a booking line by line, what was paid and refunded, and the balance. */
export function BookingMoney({ booking, money, discounts, extras }: { booking: ApiRecord; money: (v: unknown) => string; discounts?: readonly AppliedDiscount[]; extras?: readonly ExtraName[] }) {
  const intl = useIntl();
  // An extra by its name in the reader's language ("غداء", not "lunch"); its key until the service is read.
  const extraName = (key: string) => localized(extras?.find((e) => e.key === key)?.name_i18n, intl.locale) || key;
  const unnamed = Number(booking.discount_amount ?? 0) - (discounts ?? []).reduce((sum, discount) => sum + discount.amount, 0);
  return (
    <section className="card" aria-labelledby="booking-money">
      <h2 id="booking-money">
        <FormattedMessage id="booking.lineItems" />
      </h2>
      <dl className="facts facts-money">
        <dt><FormattedMessage id="booking.subtotal" /></dt>
        <dd>{money(booking.subtotal)}</dd>
        {((booking.extras ?? []) as { key: string; quantity: number; amount: number }[]).map((extra) => (
          <div key={extra.key} className="facts-row">
            <dt>{extraName(extra.key)} × {intl.formatNumber(extra.quantity)}</dt>
            <dd>{money(extra.amount)}</dd>
          </div>
        ))}
        {(discounts ?? []).map((discount, i) => (
          // What gave the discount, by name, each with its part.
          <div key={`${discount.source}-${i}`} className="facts-row">
            <dt><DiscountName discount={discount} currency={String(booking.currency ?? 'DZD')} /></dt>
            <dd>− {money(discount.amount)}</dd>
          </div>
        ))}
        {unnamed > 0 ? (
          // What no promotion names (a combo's price shared over its parts, or all of it until
          // the sources are read): the lines always add up to the total.
          <>
            <dt><FormattedMessage id="booking.discount" /></dt>
            <dd>− {money(unnamed)}</dd>
          </>
        ) : null}
        <dt><FormattedMessage id="booking.fee" /></dt>
        <dd>{money(booking.fee_amount)}</dd>
        <dt className="facts-total"><FormattedMessage id="booking.total" /></dt>
        <dd className="facts-total">{money(booking.total)}</dd>
        <dt><FormattedMessage id="booking.paid" /></dt>
        <dd>{money(booking.paid)}</dd>
        <dt><FormattedMessage id="booking.refunded" /></dt>
        <dd>{money(booking.refunded)}</dd>
        <dt className="facts-total"><FormattedMessage id="booking.balance" /></dt>
        <dd className="facts-total">{money(booking.balance)}</dd>
      </dl>
    </section>
  );
}
