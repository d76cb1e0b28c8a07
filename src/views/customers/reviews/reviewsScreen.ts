/** The reviews screen as data: the moderation queue first, filters, fields and expansions, and the panel beside the list. */
import { reviews, type ReviewsRecord } from '../../../../common/collections.ts';
import { defineListScreen } from '../../ui/listScreen.ts';
import { localized } from '../../ui/format.ts';

export const reviewsScreen = defineListScreen({
  collection: reviews,
  searchLabel: 'reviews.searchLabel',
  // The queue first, the oldest first: it has waited longest.
  views: [
    { key: 'pending', label: 'reviews.view.pending', ordering: 'created_at' },
    { key: 'unanswered', label: 'reviews.view.unanswered', ordering: '-created_at' },
    { key: 'approved', label: 'reviews.view.approved', ordering: '-created_at' },
    { key: 'rejected', label: 'reviews.view.rejected', ordering: '-created_at' },
    { key: 'all', label: 'reviews.view.all', ordering: '-created_at' },
  ],
  viewsLabel: 'reviews.views',
  filters: [
    { kind: 'record', field: 'service_id', label: 'reviews.service', resource: 'services', optionLabel: (s, locale) => localized(s.title_i18n, locale) },
    { kind: 'record', field: 'vendor_id', label: 'reviews.vendor', resource: 'vendors', optionLabel: (v) => String(v.trade_name ?? ''), staffOnly: true },
    { kind: 'dateRange', field: 'created_at', label: 'reviews.createdAt' },
  ],
  defaultOrdering: '-created_at',
  fields: ['rating', 'title', 'body', 'language', 'status', 'status_reason', 'vendor_reply', 'replied_at', 'created_at', 'service_id', 'customer_id', 'booking_id', 'vendor_id'],
  expand: ['service_id', 'customer_id', 'booking_id', 'vendor_id'],
  panels: ['review'],
});

/** Vendor staff open on the approved reviews still waiting for their reply. */
export const vendorReviewsScreen = { ...reviewsScreen, defaultView: 'unanswered' as const };

/** The order of a review's actions in its row; which show comes from the review chart. */
export const REVIEW_EVENTS = ['approve', 'reject', 'edit'] as const;

export type ReviewRow = Pick<
  ReviewsRecord,
  | 'id' | 'version' | 'rating' | 'title' | 'body' | 'language' | 'status' | 'status_reason' | 'vendor_reply' | 'replied_at' | 'created_at' | 'service_id'
  | 'customer_id' | 'booking_id' | 'vendor_id'
> & {
  _expanded?: {
    service_id?: { id: string; title_i18n: Record<string, string> } | null;
    customer_id?: { id: string; name: string } | null;
    booking_id?: { id: string; ref: string } | null;
    vendor_id?: { id: string; trade_name: string } | null;
  };
};

/** A review named in a dialog: its customer and service. */
export const reviewLabel = (row: ReviewRow, locale: string) =>
  [row._expanded?.customer_id?.name, localized(row._expanded?.service_id?.title_i18n, locale)].filter(Boolean).join(' · ') || row.id.slice(0, 8);
