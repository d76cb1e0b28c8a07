import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Departure } from '../../domain/dashboard.ts';
import { localized } from '../ui/format.ts';
import { departureLink } from './homeLinks.ts';

/** Today's slots, earliest first: each opens its manifest, where people are checked in. */
export function Departures({ departures }: { departures: Departure[] }) {
  const intl = useIntl();
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
        <table className="table">
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="home.departures.time" /></th>
              <th scope="col"><FormattedMessage id="home.departures.service" /></th>
              <th scope="col"><FormattedMessage id="home.departures.booked" /></th>
              <th scope="col"><FormattedMessage id="home.departures.checkedIn" /></th>
            </tr>
          </thead>
          <tbody>
            {departures.map((d) => (
              <tr key={d.slot_id} data-closed={d.closed}>
                <td>{intl.formatTime(d.starts_at, { timeStyle: 'short', timeZone: 'Africa/Algiers' })}</td>
                <td>
                  <Link href={departureLink(d)}>
                    <bdi>{localized(d.service_title_i18n, intl.locale)}</bdi>
                  </Link>
                </td>
                <td>
                  <FormattedMessage id="home.departures.seats" values={{ booked: d.booked, capacity: d.capacity }} />
                </td>
                <td>{intl.formatNumber(d.checked_in)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
