/** Promotions: coupons (with a code), discounts (applied automatically) and deals. */
import Type, { type Static } from 'typebox';
import {
  Count, CurrencySchema, DateOnly, DateTime, Enum, I18n, Ids, MAX_MINOR, MinorUnits, Nullable, NullableVendorOwned, Percent,
  RecordBase, StrictObject, Text, VendorOwned, patchOf,
} from './common.ts';

/** percent: `value` is a percentage; fixed: minor units off the booking; per_person: minor units off per participant. */
export const PROMOTION_KINDS = ['percent', 'fixed', 'per_person'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
/** Who pays for the discount: the platform, the vendor, or both (`platform_share_percent` is the platform's part). */
export const PROMOTION_FUNDERS = ['platform', 'vendor', 'shared'] as const;
export type PromotionFunder = (typeof PROMOTION_FUNDERS)[number];

const promotionRules = {
  kind: Enum(PROMOTION_KINDS),
  value: Type.Integer({ minimum: 1, maximum: MAX_MINOR, description: 'A percentage (1-100) for `percent`, otherwise minor units.' }),
  currency: Type.Optional(CurrencySchema),
  max_uses: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 10_000_000 }))),
  per_customer_limit: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000 }))),
  booking_from: Type.Optional(Nullable(DateTime)),
  booking_to: Type.Optional(Nullable(DateTime)),
  travel_from: Type.Optional(Nullable(DateOnly)),
  travel_to: Type.Optional(Nullable(DateOnly)),
  service_ids: Type.Optional(Ids(200)),
  min_total: Type.Optional(Nullable(MinorUnits)),
  stackable: Type.Optional(Type.Boolean()),
  active: Type.Optional(Type.Boolean()),
  /** Platform coupons and discounts default to the platform, a vendor's to the vendor; vendor staff may only fund their own. */
  funded_by: Type.Optional(Enum(PROMOTION_FUNDERS)),
  platform_share_percent: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100, description: 'The platform’s part of a shared promotion, in percent.' }))),
};

export const CouponInput = StrictObject({
  vendor_id: Type.Optional(NullableVendorOwned.vendor_id),
  // Stored upper-case: `summer10` is SUMMER10, so codes are unique whatever the case typed.
  code: Type.String({ pattern: '^[A-Za-z0-9_-]{3,40}$', maxLength: 40, description: 'Letters, digits, `-` and `_`; stored upper-case.' }),
  description: Type.Optional(Nullable(Text(500))),
  ...promotionRules,
});
export const CouponPatch = patchOf(Type.Omit(CouponInput, ['vendor_id']));
/** Ran out of uses (uses_count reached max_uses): computed by the database, never written. */
const usedUp = { used_up: Type.Boolean({ description: 'True once uses_count has reached max_uses.' }) };
export const Coupon = StrictObject({ ...RecordBase, ...Type.Required(CouponInput).properties, uses_count: Count(100_000_000), ...usedUp });
export type Coupon = Static<typeof Coupon>;

export const DiscountInput = StrictObject({
  vendor_id: Type.Optional(NullableVendorOwned.vendor_id),
  name_i18n: I18n(200),
  min_participants: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000 }))),
  ...promotionRules,
});
export const DiscountPatch = patchOf(Type.Omit(DiscountInput, ['vendor_id']));
export const Discount = StrictObject({ ...RecordBase, ...Type.Required(DiscountInput).properties, uses_count: Count(100_000_000), ...usedUp });
export type Discount = Static<typeof Discount>;

export const DealInput = StrictObject({
  vendor_id: Type.Optional(VendorOwned.vendor_id),
  title_i18n: I18n(200),
  description_i18n: Type.Optional(I18n(2000)),
  service_ids: Type.Array(VendorOwned.vendor_id, { minItems: 1, maxItems: 50, uniqueItems: true }),
  discount_percent: Percent,
  starts_at: DateTime,
  ends_at: DateTime,
  featured: Type.Optional(Type.Boolean()),
  active: Type.Optional(Type.Boolean()),
  funded_by: promotionRules.funded_by,
  platform_share_percent: promotionRules.platform_share_percent,
});
export const DealPatch = patchOf(Type.Omit(DealInput, ['vendor_id']));
export const Deal = StrictObject({ ...RecordBase, ...Type.Required(DealInput).properties });
export type Deal = Static<typeof Deal>;
