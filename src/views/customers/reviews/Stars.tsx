import { useIntl } from 'react-intl';

/** A rating as five stars, read out as "4 out of 5". */
export function Stars({ rating }: { rating: number }) {
  const intl = useIntl();
  return (
    <span className="review-stars" role="img" aria-label={intl.formatMessage({ id: 'reviews.outOf5' }, { rating })}>
      <span aria-hidden="true">{'★'.repeat(rating)}</span>
      <span aria-hidden="true" className="review-stars-off">
        {'★'.repeat(5 - rating)}
      </span>
    </span>
  );
}
