/**
 * Bookings: their hooks (placing, holding, closing, money), changing a booking, prices
 * before booking, combo bookings and the bookings export.
 */
import type { Area } from '../engine/area.ts';
import { BookingChangeInput, BookingChangePreviewInput, registerBookingChange } from './bookingChangeRoutes.ts';
import { registerBookingExport } from './bookingExport.ts';
import { BookingPreviewInput, ComboQuoteInput, registerBookingPricing } from './bookingPricing.ts';
import { bookingHooks } from './bookings.ts';
import { registerComboBooking } from './comboBooking.ts';

export const bookingsArea: Area = {
  name: 'bookings',
  hooks: { bookings: bookingHooks },
  register(app) {
    registerBookingExport(app);
    registerComboBooking(app);
    registerBookingPricing(app);
    registerBookingChange(app);
  },
  apiDoc: { schemas: { BookingPreviewInput, BookingChangePreviewInput, BookingChangeInput, ComboQuoteInput } },
};
