import { FormattedMessage } from 'react-intl';

/** A review's own words, in its language and direction: in the panel and in the moderation dialogs. */
export function ReviewQuote({ review }: { review: { title?: string | null; body?: string | null; language?: string | null } }) {
  return (
    <blockquote className="review-quote" lang={review.language ?? undefined} dir="auto">
      {review.title && <p className="review-quote-title">{review.title}</p>}
      {review.body ? <p>{review.body}</p> : !review.title && <p className="muted"><FormattedMessage id="reviews.noText" /></p>}
    </blockquote>
  );
}
