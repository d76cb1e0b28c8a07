import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Departure } from '../../domain/dashboard.ts';
import { BUSINESS_TIME_ZONE } from '../../domain/time.ts';
import { localized } from '../ui/format.ts';
import { departureLink, departuresLink } from './homeLinks.ts';

/** How many slots the card lists; the rest are one link away. */
const SHOWN = 8;

/**
 * Today's slots, those still to come first (then the ones gone, latest first): each opens
 * its manifest, where people are checked in.
 */
export function Departures({ departures }: { departures: Departure[] }) {
  const intl = useIntl();
  const now = new Date().toISOString();
  const ahead = departures.filter((d) => d.starts_at >= now);
  const gone = departures.filter((d) => d.starts_at < now).reverse();
  const shown = [...ahead, ...gone].slice(0, SHOWN);
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
            {shown.map((d) => (
              <tr key={d.slot_id} data-closed={d.closed}>
                <td>{intl.formatTime(d.starts_at, { timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE })}</td>
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
      {departures.length > SHOWN && (
        <p>
          <Link href={departuresLink}>
            <FormattedMessage id="home.departures.more" values={{ count: departures.length - SHOWN }} />
          </Link>
        </p>
      )}
    </section>
  );
}
