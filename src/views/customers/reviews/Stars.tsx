import { useIntl } from 'react-intl';

/**
 * A review's rating: filled stars for the rating and outlined ones for the rest (told apart
 * by their shape, not only their colour, in either theme), then the number itself, so a
 * 1-star review never looks like a 5-star one. Read aloud as "2 of 5 stars".
 */
export function Stars({ rating }: { rating: number }) {
  const intl = useIntl();
  const given = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span className="review-stars" role="img" aria-label={intl.formatMessage({ id: 'reviews.outOf5' }, { rating: given })}>
      <span aria-hidden="true" className="review-stars-on">
        {'★'.repeat(given)}
      </span>
      <span aria-hidden="true" className="review-stars-off">
        {'☆'.repeat(5 - given)}
      </span>
      <span aria-hidden="true" className="review-stars-number">
        <bdi dir="ltr">{`${intl.formatNumber(given)}/${intl.formatNumber(5)}`}</bdi>
      </span>
    </span>
  );
}
