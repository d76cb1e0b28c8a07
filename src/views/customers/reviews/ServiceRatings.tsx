import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { localized } from '../../ui/format.ts';
import { useRead } from '../../ui/useRead.ts';

export interface RatingsFilters {
  service_id?: string;
  vendor_id?: string;
}

/** How many services the summary shows until asked for all; the list's service filter narrows it to one. */
const SHOWN = 6;

/**
 * The rating of each service from its approved reviews: the average and how many reviews
 * gave each number of stars, the most reviewed services first, for the list's service
 * and vendor filters. Folded away under the queue, which is what the screen is for.
 */
export function ServiceRatings({ filters }: { filters: RatingsFilters }) {
  const intl = useIntl();
  // Read again for other filters, and when reviews change (one approved counts at once).
  const ratings = useRead('reviewRatings', { service_id: filters.service_id || undefined, vendor_id: filters.vendor_id || undefined }, { reloadOn: ['reviews'] });
  const [all, setAll] = useState(false);
  const every = ratings.data ?? [];
  const shown = all ? every : every.slice(0, SHOWN);

  return (
    <details className="review-ratings">
      <summary>
        <FormattedMessage id="reviews.ratings.heading" />
      </summary>
      {ratings.state === 'failed' ? (
        <ErrorState detail={ratings.error.detail || undefined} onRetry={ratings.retry} />
      ) : ratings.data === undefined ? (
        <p className="muted">
          <FormattedMessage id="common.loading" />
        </p>
      ) : every.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="reviews.ratings.none" />
        </p>
      ) : (
        <ul className="review-ratings-list" aria-busy={ratings.state === 'refreshing' || undefined}>
          {shown.map((r) => {
            const title = localized(r.title_i18n, intl.locale);
            const most = Math.max(...r.distribution, 1);
            return (
              <li key={r.service_id} className="review-rating">
                <h3 className="review-rating-title">{title}</h3>
                <p className="review-rating-average">
                  <strong>{intl.formatNumber(r.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</strong>{' '}
                  <FormattedMessage id="reviews.ratings.summary" values={{ count: r.count }} />
                </p>
                <table className="review-rating-bars">
                  <caption className="visually-hidden">
                    <FormattedMessage id="reviews.ratings.caption" values={{ service: title }} />
                  </caption>
                  <tbody>
                    {[5, 4, 3, 2, 1].map((stars) => {
                      const n = r.distribution[stars - 1] ?? 0;
                      return (
                        <tr key={stars}>
                          <th scope="row">
                            <FormattedMessage id={`reviews.stars.${stars}`} />
                          </th>
                          <td className="review-rating-bar" aria-hidden="true">
                            <span style={{ inlineSize: `${(n / most) * 100}%` }} />
                          </td>
                          <td className="review-rating-count">{intl.formatNumber(n)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </li>
            );
          })}
        </ul>
      )}
      {every.length > SHOWN && (
        <button type="button" className="button button-ghost button-small review-ratings-more" aria-expanded={all} onClick={() => setAll(!all)}>
          <FormattedMessage id={all ? 'reviews.ratings.fewer' : 'reviews.ratings.all'} values={{ count: every.length }} />
        </button>
      )}
    </details>
  );
}
