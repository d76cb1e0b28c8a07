/** The bookings area: one lazy chunk for its screens. */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { BookingDetailPage } from './BookingDetailPage.tsx';
import { BookingListPage } from './BookingListPage.tsx';
import { ComboListPage } from './combos/ComboListPage.tsx';
import { NEW_BOOKING_ID } from './bookingViews.ts';
import { NewBookingPage } from './NewBookingPage.tsx';
import { RefundListPage } from './refunds/RefundListPage.tsx';

export default function BookingsArea(props: PageProps) {
  switch (props.route.key) {
    case 'bookingManage':
      return <BookingListPage {...props} />;
    case 'bookingDetail':
      if (props.params.id === NEW_BOOKING_ID) return <NewBookingPage {...props} />;
      return props.params.id ? <BookingDetailPage key={props.params.id} {...props} /> : <BookingListPage {...props} />;
    case 'bookingRefund':
      return <RefundListPage {...props} />;
    case 'bookingCombo':
      return <ComboListPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}
