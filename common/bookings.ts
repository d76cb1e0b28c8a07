/** Bookings, combos (packages of several services) and refunds. */
import Type, { type Static } from 'typebox';
import {
  Count, CurrencySchema, DateOnly, DateTime, Enum, I18n, LifecycleFields, MinorUnits, Nullable, Percent, RecordBase, SignedMinorUnits,
  StrictObject, Text, Uuid, VendorOwned, patchOf,
} from './common.ts';
import { Roster } from './availabilitySchemas.ts';
import { CUSTOMER_TYPES } from './catalog.ts';
import { ReasonCode } from './reasonCodes.ts';
import { BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES, REFUND_STATUSES } from './statuses.ts';

export const CHANNELS = ['back_office', 'web', 'app', 'partner'] as const;
/** How a booking made in the back-office is paid: card (payment link), cash at the counter, later, or free. */
export const BOOKING_PAYMENT_METHODS = ['card', 'cash', 'unpaid', 'free'] as const;
export const REFUND_DESTINATIONS = ['original_method', 'wallet', 'gift_card'] as const;

/** Participants per customer type, e.g. `{adult: 2, child: 1}`. */
const Seats = Type.Optional(Type.Integer({ minimum: 0, maximum: 500 }));
export const Participants = StrictObject(
  { adult: Seats, child: Seats, infant: Seats, senior: Seats, student: Seats },
  { minProperties: 1, description: `Participants per customer type (${CUSTOMER_TYPES.join(', ')}).` },
);
export type Participants = Partial<Record<(typeof CUSTOMER_TYPES)[number], number>>;

export const ExtraChoice = StrictObject({
  key: Type.String({ pattern: '^[a-z0-9_]{1,40}$', maxLength: 40 }),
  quantity: Type.Integer({ minimum: 1, maximum: 500 }),
});
export const PricedExtra = StrictObject({
  key: Type.String({ maxLength: 40 }),
  quantity: Type.Integer({ minimum: 1, maximum: 500 }),
  unit_price: MinorUnits,
  amount: MinorUnits,
});

/** What the back-office sends to create a booking; the server prices it. */
export const BookingCreate = StrictObject({
  customer_id: Uuid,
  service_id: Uuid,
  slot_id: Type.Optional(Nullable(Uuid)),
  starts_at: Type.Optional(DateTime),
  participants: Participants,
  extras: Type.Optional(Type.Array(ExtraChoice, { maxItems: 20 })),
  coupon_code: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z0-9_-]{3,40}$', maxLength: 40 }))),
  channel: Type.Optional(Enum(CHANNELS)),
  notes: Type.Optional(Nullable(Text(2000))),
  payment_method: Type.Optional(Enum(BOOKING_PAYMENT_METHODS)),
  branch_id: Type.Optional(Nullable(Uuid)),
});
export type BookingCreate = Static<typeof BookingCreate>;

/** Rebooking (another date or slot, price kept), notes and the roster of participants. */
export const BookingPatch = patchOf(
  StrictObject({
    starts_at: DateTime,
    slot_id: Nullable(Uuid),
    notes: Nullable(Text(2000)),
    branch_id: Nullable(Uuid),
    roster: Roster,
  }),
);

export const Booking = StrictObject({
  ...RecordBase,
  ...VendorOwned,
  ref: Type.String({ maxLength: 12 }),
  customer_id: Uuid,
  customer_name: Type.String({ maxLength: 200 }),
  customer_phone: Nullable(Type.String({ maxLength: 30 })),
  service_id: Uuid,
  /** The service's title when the booking was made. */
  service_title_i18n: Nullable(I18n()),
  branch_id: Nullable(Uuid),
  location_id: Nullable(Uuid),
  slot_id: Nullable(Uuid),
  combo_id: Nullable(Uuid),
  starts_at: DateTime,
  ends_at: Nullable(DateTime),
  participants: Participants,
  participants_count: Count(100000),
  extras: Type.Array(PricedExtra, { maxItems: 20 }),
  coupon_code: Nullable(Type.String({ maxLength: 40 })),
  coupon_id: Nullable(Uuid),
  discount_id: Nullable(Uuid),
  /** The deal that priced the booking (in place of an automatic discount). */
  deal_id: Nullable(Uuid),
  subtotal: MinorUnits,
  discount_amount: MinorUnits,
  /** The part of discount_amount the platform pays (a platform-funded or shared promotion); set when the booking is priced. */
  platform_funded_discount: MinorUnits,
  fee_amount: MinorUnits,
  total: MinorUnits,
  paid: MinorUnits,
  refunded: MinorUnits,
  balance: SignedMinorUnits,
  currency: CurrencySchema,
  ...LifecycleFields(Enum(BOOKING_STATUSES)),
  /** The coded reason of the last cancellation or decline (its free text is status_reason). */
  status_reason_code: Nullable(ReasonCode),
  payment_status: Enum(BOOKING_PAYMENT_STATUSES),
  channel: Enum(CHANNELS),
  notes: Nullable(Text(2000)),
  created_by: Nullable(Uuid),
  hold_expires_at: Nullable(DateTime),
  /** The people behind the counts, for the slot's manifest (at most participants_count). */
  roster: Roster,
});
export type Booking = Static<typeof Booking>;

// Combos -------------------------------------------------------------------------------

export const COMBO_PRICING = ['fixed', 'percent_of_parts'] as const;
export const ComboItem = StrictObject({ service_id: Uuid, required: Type.Boolean() });
export const ComboInput = StrictObject({
  vendor_id: Type.Optional(VendorOwned.vendor_id),
  title_i18n: I18n(200),
  description_i18n: Type.Optional(I18n(2000)),
  items: Type.Array(ComboItem, { minItems: 2, maxItems: 10 }),
  pricing: Enum(COMBO_PRICING),
  price: Type.Optional(Nullable(MinorUnits)),
  percent: Type.Optional(Nullable(Percent)),
  currency: Type.Optional(CurrencySchema),
  valid_from: Type.Optional(Nullable(DateOnly)),
  valid_to: Type.Optional(Nullable(DateOnly)),
  active: Type.Optional(Type.Boolean()),
});
export const ComboPatch = patchOf(Type.Omit(ComboInput, ['vendor_id']));
export const Combo = StrictObject({ ...RecordBase, ...Type.Required(ComboInput).properties });
export type Combo = Static<typeof Combo>;

// Refunds ------------------------------------------------------------------------------

export const RefundInput = StrictObject({
  booking_id: Uuid,
  payment_id: Type.Optional(Nullable(Uuid)),
  amount: Type.Integer({ minimum: 1, maximum: 1_000_000_000_000 }),
  destination: Type.Optional(Enum(REFUND_DESTINATIONS)),
  /** A refund reason code (reason-codes of kind refund); `reason` is its free text, required for "other". One of the two is given. */
  reason_code: Type.Optional(Nullable(ReasonCode)),
  reason: Type.Optional(Nullable(Text(1000, 1))),
  notify_customer: Type.Optional(Type.Boolean()),
});
export const RefundPatch = patchOf(StrictObject({ reason_code: Nullable(ReasonCode), reason: Nullable(Text(1000, 1)), notify_customer: Type.Boolean() }));
export const Refund = StrictObject({
  ...RecordBase,
  ...VendorOwned,
  ...Type.Required(RefundInput).properties,
  kind: Enum(['full', 'partial']),
  currency: CurrencySchema,
  ...LifecycleFields(Enum(REFUND_STATUSES)),
  /** The coded reason of a rejection (its free text is status_reason). */
  status_reason_code: Nullable(ReasonCode),
  gateway_reference: Nullable(Type.String({ maxLength: 100 })),
  processed_at: Nullable(DateTime),
  requested_by: Nullable(Uuid),
});
export type Refund = Static<typeof Refund>;
