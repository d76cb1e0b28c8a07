/**
 * The catalogue's plain enumerations, apart from its schemas (catalog.ts) so a screen can
 * use them without loading the schema library into its chunk.
 */
export const CUSTOMER_TYPES = ['adult', 'child', 'infant', 'senior', 'student'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const BOOKING_TYPES = ['date', 'date_time', 'pass'] as const;
export const CONFIRMATION_MODES = ['instant', 'manual'] as const;
export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict', 'non_refundable'] as const;
export const PRICE_UNITS = ['person', 'booking'] as const;
/** An adventure's price: a fixed amount, or the sum of its itinerary's services for one person. */
export const ADVENTURE_PRICE_MODES = ['fixed', 'sum_of_parts'] as const;
export const MEDIA_KINDS = ['image', 'video', 'document'] as const;
export const MEDIA_OWNER_TYPES = ['service', 'location', 'banner', 'adventure', 'vendor', 'combo', 'conversation', 'branding'] as const;
/**
 * The marketplace's own images (the logo of the theme settings) have no record to belong
 * to: they are owned by `branding` under this one id, and only staff upload them.
 */
export const BRANDING_OWNER_ID = '00000000-0000-4000-8000-000000000001';
