/** Cross-field rules of promotions, without the schemas, so the editor can say them too. */
const notAfter = (a: unknown, b: unknown) => a == null || b == null || String(a) <= String(b);

/**
 * The rules across a coupon's or discount's fields: the server refuses a record breaking
 * one (the registry's check, in English, translated by the error catalogue) and the editor
 * says it at the field before saving (`messageId`, in the user's language).
 */
export const PROMOTION_CHECKS: readonly { field: string; message: string; messageId: string; broken: (r: Record<string, unknown>) => boolean }[] = [
  { field: 'value', message: 'A percentage cannot exceed 100.', messageId: 'promotion.rule.percentOver100', broken: (r) => r.kind === 'percent' && Number(r.value) > 100 },
  { field: 'booking_to', message: 'Must be after booking_from.', messageId: 'promotion.rule.afterBookingFrom', broken: (r) => !notAfter(r.booking_from, r.booking_to) },
  { field: 'travel_to', message: 'Must be after travel_from.', messageId: 'promotion.rule.afterTravelFrom', broken: (r) => !notAfter(r.travel_from, r.travel_to) },
  // Nobody could travel in it: every booking would be made after the travel window closed.
  {
    field: 'travel_to',
    message: 'Must not end before the booking window opens.',
    messageId: 'promotion.rule.travelBeforeBooking',
    broken: (r) => r.travel_to != null && r.booking_from != null && String(r.travel_to) < String(r.booking_from).slice(0, 10),
  },
  {
    field: 'platform_share_percent',
    message: 'Required for a shared promotion.',
    messageId: 'promotion.rule.sharedPercentRequired',
    broken: (r) => r.funded_by === 'shared' && r.platform_share_percent == null,
  },
];
