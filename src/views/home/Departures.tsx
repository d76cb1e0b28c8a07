import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Departure } from '../../../common/dashboard.ts';
import { BUSINESS_TIME_ZONE } from '../../../common/time.ts';
import { localized } from '../ui/format.ts';
import { departureLink, departuresLink } from './homeLinks.ts';

/**
 * The morning board: every departure of today by time (a slot's bookings, or a service's
 * at one time when they have no slot), with the people booked and checked in and what is
 * still missing (once started, who is not checked in yet); those gone already are dimmed. Each opens its manifest or its bookings;
 * the link below opens every booking on the board. On a phone each row is a card.
 */
export function Departures({ departures, bookings }: { departures: Departure[]; bookings: number }) {
  const intl = useIntl();
  const now = new Date().toISOString();
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <section className="card departures" aria-labelledby="departures-title">
      <h2 id="departures-title">
        <FormattedMessage id="home.departures.title" />
      </h2>
      {departures.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="home.departures.none" />
        </p>
      ) : (
        <div className="departures-table">
          <table className="table">
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="home.departures.time" /></th>
                <th scope="col"><FormattedMessage id="home.departures.service" /></th>
                <th scope="col"><FormattedMessage id="home.departures.booked" /></th>
                <th scope="col"><FormattedMessage id="home.departures.checkedIn" /></th>
                <th scope="col"><FormattedMessage id="home.departures.missing" /></th>
              </tr>
            </thead>
            <tbody>
              {departures.map((d) => (
                <tr key={d.slot_id ?? `${d.service_id}@${d.starts_at}`} data-closed={d.closed} data-gone={d.starts_at < now || undefined}>
                  <td data-label={label('home.departures.time')}>{intl.formatTime(d.starts_at, { timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE })}</td>
                  <td data-label={label('home.departures.service')}>
                    <Link href={departureLink(d)}>
                      <bdi>{localized(d.service_title_i18n, intl.locale)}</bdi>
                    </Link>
                  </td>
                  <td data-label={label('home.departures.booked')}>
                    {d.capacity === null ? (
                      intl.formatNumber(d.booked)
                    ) : (
                      <FormattedMessage id="home.departures.seats" values={{ booked: d.booked, capacity: d.capacity }} />
                    )}
                  </td>
                  <td data-label={label('home.departures.checkedIn')}>
                    <FormattedMessage id="home.departures.checkedInOf" values={{ checkedIn: d.checked_in, booked: d.booked }} />
                  </td>
                  <td data-label={label('home.departures.missing')}>
                    <Missing departure={d} started={d.starts_at < now} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {bookings > 0 && (
        <p>
          <Link href={departuresLink}>
            <FormattedMessage id="home.departures.all" values={{ count: bookings }} />
          </Link>
        </p>
      )}
    </section>
  );
}

/**
 * What a departure still needs: requests to confirm, balances to collect and, once it has
 * started, people not checked in yet; "Ready" (or, once started, "Everyone checked in") when nothing.
 */
function Missing({ departure, started }: { departure: Departure; started: boolean }) {
  const intl = useIntl();
  const absent = started ? departure.booked - departure.checked_in : 0;
  const parts = [
    departure.to_confirm > 0 ? intl.formatMessage({ id: 'home.departures.toConfirm' }, { count: departure.to_confirm }) : null,
    departure.unpaid > 0 ? intl.formatMessage({ id: 'home.departures.unpaid' }, { count: departure.unpaid }) : null,
    absent > 0 ? intl.formatMessage({ id: 'home.departures.notCheckedIn' }, { count: absent }) : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return <span className="muted">{intl.formatMessage({ id: started ? 'home.departures.allCheckedIn' : 'home.departures.nothingMissing' })}</span>;
  return <span data-missing="true">{intl.formatList(parts, { type: 'conjunction', style: 'narrow' })}</span>;
}
