import { useIntl } from 'react-intl';
import { BOOKING_VIEWS, type BookingView } from './bookingViews.ts';

/**
 * The bookings list's quick views as a segmented control: a group of native radio
 * buttons, so arrow keys move between views (mirrored in Arabic) with no script of ours.
 */
export function BookingViewSwitch({ current, onChange }: { current: BookingView; onChange: (view: BookingView) => void }) {
  const intl = useIntl();
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{intl.formatMessage({ id: 'bookingView.label' })}</legend>
      {BOOKING_VIEWS.map(({ view }) => (
        <label key={view} className="segmented-option">
          <input type="radio" name="booking-view" value={view} checked={current === view} onChange={() => onChange(view)} />
          <span>{intl.formatMessage({ id: `bookingView.${view}` })}</span>
        </label>
      ))}
    </fieldset>
  );
}
