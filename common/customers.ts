/** Customers, their loyalty ledger, their wallet ledger, and reviews. */
import Type, { type Static } from 'typebox';
import {
  Count, CurrencySchema, DateOnly, DateTime, Email, Enum, LifecycleFields, LocaleSchema, MinorUnits, Name, Nullable, Phone, RecordBase,
  StrictObject, Text, Uuid, VendorOwned, patchOf,
} from './common.ts';
import { REVIEW_STATUSES } from './statuses.ts';
import { WilayaCode } from './wilayas.ts';

export const CustomerInput = StrictObject({
  name: Name(),
  // Any way people type a phone ("(0555) 12 34 56"): the server normalises it to E.164 before
  // judging it (server/customers/customers.ts), and says what it expects when it cannot.
  phone: Text(30, 1),
  email: Type.Optional(Nullable(Email)),
  locale: Type.Optional(LocaleSchema),
  wilaya_code: Type.Optional(Nullable(WilayaCode)),
  date_of_birth: Type.Optional(Nullable(DateOnly)),
  notes: Type.Optional(Nullable(Text(2000))),
  marketing_opt_in: Type.Optional(Type.Boolean()),
  blocked: Type.Optional(Type.Boolean()),
  blocked_reason: Type.Optional(Nullable(Text(500))),
});
export const CustomerPatch = patchOf(CustomerInput);
export const Customer = StrictObject({
  ...RecordBase,
  ...Type.Required(CustomerInput).properties,
  phone: Phone,
  bookings_count: Count(100_000_000),
  lifetime_spend: MinorUnits,
  wallet_balance: MinorUnits,
  loyalty_points: Type.Integer({ minimum: 0 }),
  last_booking_at: Nullable(DateTime),
  created_by_vendor_id: Nullable(Uuid),
  /** Set when this record was merged into another customer: it is then blocked and left out of lists. */
  merged_into_id: Nullable(Uuid),
});
export type Customer = Static<typeof Customer>;

export const LoyaltyEntryInput = StrictObject({
  customer_id: Uuid,
  points: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, not: { const: 0 } }),
  reason: Text(500, 1),
  booking_id: Type.Optional(Nullable(Uuid)),
  expires_at: Type.Optional(Nullable(DateOnly)),
});
/** Where points came from: a completed booking, a refund taking them back, expiry, or a hand adjustment. */
export const LOYALTY_SOURCES = ['booking', 'refund', 'expiry', 'adjustment'] as const;
export const LoyaltyEntry = StrictObject({
  ...RecordBase,
  ...Type.Required(LoyaltyEntryInput).properties,
  source: Enum(LOYALTY_SOURCES),
  balance_after: Type.Integer({ minimum: 0 }),
  created_by: Nullable(Uuid),
});
export type LoyaltyEntry = Static<typeof LoyaltyEntry>;

export const WALLET_KINDS = ['credit', 'debit'] as const;
export const WALLET_SOURCES = ['refund', 'top_up', 'booking', 'adjustment'] as const;
export const WalletTransactionInput = StrictObject({
  customer_id: Uuid,
  kind: Enum(WALLET_KINDS),
  source: Enum(WALLET_SOURCES),
  amount: Type.Integer({ minimum: 1, maximum: 1_000_000_000_000 }),
  currency: Type.Optional(CurrencySchema),
  reason: Text(500, 1),
  booking_id: Type.Optional(Nullable(Uuid)),
});
export const WalletTransaction = StrictObject({
  ...RecordBase,
  ...Type.Required(WalletTransactionInput).properties,
  balance_after: MinorUnits,
  refund_id: Nullable(Uuid),
  payment_id: Nullable(Uuid),
  created_by: Nullable(Uuid),
});
export type WalletTransaction = Static<typeof WalletTransaction>;

export const ReviewInput = StrictObject({
  booking_id: Uuid,
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  title: Type.Optional(Nullable(Text(200))),
  body: Type.Optional(Nullable(Text(4000))),
  language: Type.Optional(LocaleSchema),
});
export const ReviewPatch = patchOf(
  StrictObject({
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    title: Nullable(Text(200)),
    body: Nullable(Text(4000)),
    vendor_reply: Nullable(Text(2000)),
  }),
);
export const Review = StrictObject({
  ...RecordBase,
  ...VendorOwned,
  ...Type.Required(ReviewInput).properties,
  service_id: Uuid,
  customer_id: Uuid,
  ...LifecycleFields(Enum(REVIEW_STATUSES)),
  vendor_reply: Nullable(Text(2000)),
  replied_at: Nullable(DateTime),
});
export type Review = Static<typeof Review>;
