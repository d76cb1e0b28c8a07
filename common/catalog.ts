/**
 * The catalogue: locations, services (with their adrenaline profile, extras and private
 * versions), availability slots, price rules, categories, tags (amenities, interests),
 * curated adventures and media.
 */
import Type, { type Static } from 'typebox';
import {
  Count, CurrencySchema, DateOnly, DateTime, Enum, I18n, Ids, LifecycleFields, MAX_MINOR, MinorUnits, Nullable, NullableVendorOwned,
  RecordBase, StrictObject, Text, Url, Uuid, VendorOwned, patchOf,
} from './common.ts';
import { PUBLISHING_STATUSES } from './statuses.ts';
import { WilayaCode } from './wilayas.ts';

import {
  ADVENTURE_PRICE_MODES, BOOKING_TYPES, CANCELLATION_POLICIES, CONFIRMATION_MODES, CUSTOMER_TYPES, MEDIA_KINDS, MEDIA_OWNER_TYPES, PRICE_UNITS,
} from './catalogValues.ts';

export * from './catalogValues.ts';
export const CustomerTypeSchema = Enum(CUSTOMER_TYPES);

const Key = Type.String({ pattern: '^[a-z0-9_]{1,40}$', maxLength: 40 });

// Locations ----------------------------------------------------------------------------

export const LocationInput = StrictObject({
  vendor_id: Type.Optional(VendorOwned.vendor_id),
  name_i18n: I18n(200),
  wilaya_code: WilayaCode,
  commune: Type.Optional(Nullable(Text(100))),
  address: Type.Optional(Nullable(Text(500))),
  latitude: Type.Optional(Nullable(Type.Number({ minimum: -90, maximum: 90 }))),
  longitude: Type.Optional(Nullable(Type.Number({ minimum: -180, maximum: 180 }))),
  meeting_point: Type.Optional(Nullable(Text(500))),
  branch_id: Type.Optional(Nullable(Uuid)),
  active: Type.Optional(Type.Boolean()),
});
export const LocationPatch = patchOf(Type.Omit(LocationInput, ['vendor_id']));
export const Location = StrictObject({
  ...RecordBase,
  ...Type.Required(LocationInput).properties,
  /** Services at this location, counted by the database (never written by clients). */
  services_count: Count(),
});
export type Location = Static<typeof Location>;

// Categories and tags ------------------------------------------------------------------

export const CategoryInput = StrictObject({
  name_i18n: I18n(120),
  icon: Type.Optional(Nullable(Text(60))),
  parent_id: Type.Optional(Nullable(Uuid)),
  sort_order: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  active: Type.Optional(Type.Boolean()),
});
export const CategoryPatch = patchOf(CategoryInput);
export const Category = StrictObject({ ...RecordBase, ...Type.Required(CategoryInput).properties });
export type Category = Static<typeof Category>;

export const TagInput = StrictObject({
  name_i18n: I18n(80),
  icon: Type.Optional(Nullable(Text(60))),
  sort_order: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  active: Type.Optional(Type.Boolean()),
});
export const TagPatch = patchOf(TagInput);
export const Tag = StrictObject({ ...RecordBase, ...Type.Required(TagInput).properties });
export type Tag = Static<typeof Tag>;

// Services -----------------------------------------------------------------------------

export const ServiceExtra = StrictObject({
  key: Key,
  name_i18n: I18n(120),
  price: MinorUnits,
  per: Enum(PRICE_UNITS),
});
export type ServiceExtra = Static<typeof ServiceExtra>;

export const AdrenalineProfile = StrictObject({
  risk_level: Type.Integer({ minimum: 1, maximum: 5 }),
  min_age: Type.Integer({ minimum: 0, maximum: 99 }),
  min_weight_kg: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 300 }))),
  max_weight_kg: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 300 }))),
  waiver_required: Type.Boolean(),
  /** Asked before booking, in the customer's language (English required, French and Arabic may wait). */
  health_questions: Type.Array(I18n(300), { maxItems: 20 }),
});
export type AdrenalineProfile = Static<typeof AdrenalineProfile>;

export const ServiceInput = StrictObject({
  vendor_id: Type.Optional(VendorOwned.vendor_id),
  title_i18n: I18n(200),
  description_i18n: Type.Optional(I18n(5000)),
  category_id: Uuid,
  subcategory_id: Type.Optional(Nullable(Uuid)),
  location_id: Type.Optional(Nullable(Uuid)),
  branch_id: Type.Optional(Nullable(Uuid)),
  duration_minutes: Type.Integer({ minimum: 1, maximum: 43200 }),
  booking_type: Type.Optional(Enum(BOOKING_TYPES)),
  capacity: Type.Integer({ minimum: 1, maximum: 10000 }),
  min_participants: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  max_participants: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  booking_cutoff_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 43200 })),
  confirmation: Type.Optional(Enum(CONFIRMATION_MODES)),
  cancellation_policy: Type.Optional(Enum(CANCELLATION_POLICIES)),
  currency: Type.Optional(CurrencySchema),
  customer_types: Type.Optional(Type.Array(Enum(CUSTOMER_TYPES), { minItems: 1, maxItems: CUSTOMER_TYPES.length, uniqueItems: true })),
  extras: Type.Optional(Type.Array(ServiceExtra, { maxItems: 20 })),
  interest_ids: Type.Optional(Ids(20)),
  amenity_ids: Type.Optional(Ids(30)),
  adrenaline: Type.Optional(Nullable(AdrenalineProfile)),
  private_customer_id: Type.Optional(Nullable(Uuid)),
  base_service_id: Type.Optional(Nullable(Uuid)),
});
export const ServicePatch = patchOf(Type.Omit(ServiceInput, ['vendor_id']));
export const Service = StrictObject({
  ...RecordBase,
  ...Type.Required(ServiceInput).properties,
  ...LifecycleFields(Enum(PUBLISHING_STATUSES)),
  rating_avg: Nullable(Type.Number()),
  reviews_count: Count(100000000),
  /** The lowest amount of the service's active price rules, in minor units (kept by the database; never written by clients). */
  price_from: Nullable(MinorUnits),
  /** The wilaya of the service's location (kept by the database; never written by clients). */
  wilaya_code: Nullable(WilayaCode),
});
export type Service = Static<typeof Service>;
export type ServiceInput = Static<typeof ServiceInput>;

export const ServiceSlotInput = StrictObject({
  service_id: Uuid,
  starts_at: DateTime,
  ends_at: Type.Optional(Nullable(DateTime)),
  capacity: Type.Integer({ minimum: 0, maximum: 10000 }),
  closed: Type.Optional(Type.Boolean()),
  notes: Type.Optional(Nullable(Text(500))),
});
export const ServiceSlotPatch = patchOf(Type.Omit(ServiceSlotInput, ['service_id']));
export const ServiceSlot = StrictObject({
  ...RecordBase,
  ...VendorOwned,
  ...Type.Required(ServiceSlotInput).properties,
  booked: Count(10000000),
  /** Set when the departure was called off (the slot is closed then). */
  disrupted_at: Nullable(DateTime),
  disruption_reason_code: Nullable(Text(40)),
  disruption_reason: Nullable(Text(1000)),
});
export type ServiceSlot = Static<typeof ServiceSlot>;

export const PriceRuleInput = StrictObject({
  service_id: Uuid,
  name: Type.Optional(Nullable(Text(120))),
  customer_type: Enum(CUSTOMER_TYPES),
  /** Never zero: a free activity is booked with the free payment method, not a free price. */
  amount: Type.Integer({ minimum: 1, maximum: MAX_MINOR, description: 'Amount in minor units (centimes for DZD).' }),
  currency: Type.Optional(CurrencySchema),
  per: Type.Optional(Enum(PRICE_UNITS)),
  valid_from: Type.Optional(Nullable(DateOnly)),
  valid_to: Type.Optional(Nullable(DateOnly)),
  weekdays: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { maxItems: 7, uniqueItems: true, description: '0 = Sunday … 6 = Saturday; empty means every day.' })),
  min_group_size: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000 }))),
  priority: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  active: Type.Optional(Type.Boolean()),
});
export const PriceRulePatch = patchOf(Type.Omit(PriceRuleInput, ['service_id']));
export const PriceRule = StrictObject({ ...RecordBase, ...VendorOwned, ...Type.Required(PriceRuleInput).properties });
export type PriceRule = Static<typeof PriceRule>;

/**
 * A personal service: a copy of a service for one customer, with its own prices and one
 * departure (`POST /services/<id>/personal/`). Prices are per customer type, once each.
 */
export const PersonalServiceInput = StrictObject({
  customer_id: Uuid,
  starts_at: DateTime,
  capacity: Type.Integer({ minimum: 1, maximum: 10000 }),
  prices: Type.Array(
    StrictObject({ customer_type: Enum(CUSTOMER_TYPES), amount: Type.Integer({ minimum: 1, maximum: MAX_MINOR }), per: Type.Optional(Enum(PRICE_UNITS)) }),
    { minItems: 1, maxItems: CUSTOMER_TYPES.length },
  ),
  title_i18n: Type.Optional(I18n(200)),
});
export type PersonalServiceInput = Static<typeof PersonalServiceInput>;

// Adventures ---------------------------------------------------------------------------

export const ItineraryStep = StrictObject({
  day: Type.Integer({ minimum: 1, maximum: 60 }),
  service_id: Type.Optional(Nullable(Uuid)),
  title: Text(200, 1),
  notes: Type.Optional(Text(1000)),
});
export const AdventureInput = StrictObject({
  vendor_id: Type.Optional(NullableVendorOwned.vendor_id),
  title_i18n: I18n(200),
  description_i18n: Type.Optional(I18n(5000)),
  days: Type.Integer({ minimum: 1, maximum: 60 }),
  itinerary: Type.Array(ItineraryStep, { maxItems: 100 }),
  price_mode: Type.Optional(Enum(ADVENTURE_PRICE_MODES)),
  price: Type.Optional(Nullable(MinorUnits)),
  currency: Type.Optional(CurrencySchema),
});
export const AdventurePatch = patchOf(Type.Omit(AdventureInput, ['vendor_id']));
export const Adventure = StrictObject({
  ...RecordBase,
  ...Type.Required(AdventureInput).properties,
  ...LifecycleFields(Enum(PUBLISHING_STATUSES)),
});
export type Adventure = Static<typeof Adventure>;

// Media --------------------------------------------------------------------------------

const MediaAlt = StrictObject({ en: Text(300), fr: Text(300), ar: Text(300) });

export const MediaInput = StrictObject({
  vendor_id: Type.Optional(NullableVendorOwned.vendor_id),
  url: Url,
  kind: Type.Optional(Enum(MEDIA_KINDS)),
  mime_type: Type.Optional(Nullable(Type.String({ pattern: '^[a-z]+/[a-z0-9.+-]+$', maxLength: 100 }))),
  alt_text: Type.Optional(Nullable(Text(300))),
  /** What the image shows, for people who cannot see it, in each language (any may be empty). */
  alt_i18n: Type.Optional(MediaAlt),
  owner_type: Enum(MEDIA_OWNER_TYPES),
  owner_id: Type.Optional(Nullable(Uuid)),
  sort_order: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  is_cover: Type.Optional(Type.Boolean()),
  width: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 20000 }))),
  height: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 20000 }))),
  size_bytes: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000_000 }))),
});
export const MediaPatch = patchOf(Type.Omit(MediaInput, ['vendor_id']));
export const Media = StrictObject({
  ...RecordBase,
  ...Type.Required(MediaInput).properties,
  /** The file is kept by the API (uploaded) and served by its image proxy; never written by clients. */
  stored: Type.Boolean(),
});
export type Media = Static<typeof Media>;

