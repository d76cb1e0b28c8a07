/**
 * Settings: one record per section (business, company, currency, fees, language, theme,
 * loyalty, map), each with its own version and audit trail; and home-page banners.
 */
import Type, { type Static, type TObject } from 'typebox';
import {
  CURRENCIES, CurrencySchema, DateTime, Email, Enum, I18n, LOCALES, LocaleSchema, MinorUnits, Nullable, Percent, Phone, RecordBase,
  StrictObject, Text, Url, Uuid, Version, patchOf,
} from './common.ts';
import { DEFAULT_CHECK_IN_WINDOW_MINUTES } from './lifecycles/context.ts';
import { PAYMENT_METHODS } from './payments.ts';

export const BusinessSettings = StrictObject({
  hold_minutes: Type.Integer({ minimum: 5, maximum: 10080, description: 'How long a requested booking waits for the vendor before it expires.' }),
  auto_expire: Type.Boolean(),
  default_cutoff_minutes: Type.Integer({ minimum: 0, maximum: 43200 }),
  max_participants_per_booking: Type.Integer({ minimum: 1, maximum: 1000 }),
  deposit_percent: Percent,
  invitation_hours: Type.Integer({ minimum: 1, maximum: 720, description: 'Default lifetime of a payment link.' }),
  undo_same_day_only: Type.Boolean(),
  check_in_window_minutes: Type.Integer({
    minimum: 0,
    maximum: 1440,
    description: 'How many minutes before an activity starts its customers may be checked in (on the day of the activity only).',
  }),
  free_cancellation_hours: Type.Integer({
    minimum: 0,
    maximum: 8760,
    description: 'A refund asked at least this many hours before the start may return everything paid.',
  }),
  late_cancellation_refund_percent: Type.Integer({
    minimum: 0,
    maximum: 100,
    description: 'Later than that, at most this share of what was paid is refunded (a cancelled activity is always refunded in full).',
  }),
});
export const CompanySettings = StrictObject({
  legal_name: Text(200, 1),
  trade_name: Text(200, 1),
  rc_number: Nullable(Text(40)),
  nif_number: Nullable(Text(40)),
  nis_number: Nullable(Text(40)),
  ai_number: Nullable(Text(40)),
  address: Nullable(Text(500)),
  email: Nullable(Email),
  phone: Nullable(Phone),
  website: Nullable(Url),
});
export const CurrencySettings = StrictObject({
  default: CurrencySchema,
  accepted: Type.Array(Enum(CURRENCIES), { minItems: 1, maxItems: CURRENCIES.length, uniqueItems: true }),
  /** Where amounts show their currency: `locale` as each language writes it. */
  symbol_position: Enum(['locale', 'before', 'after']),
  decimals: Type.Integer({ minimum: 0, maximum: 2 }),
});
export const FeesSettings = StrictObject({
  platform_commission_percent: Percent,
  customer_booking_fee_percent: Percent,
  customer_booking_fee_fixed: MinorUnits,
  payment_fee_percent: StrictObject(
    Object.fromEntries(PAYMENT_METHODS.map((m) => [m, Percent])) as Record<(typeof PAYMENT_METHODS)[number], typeof Percent>,
  ),
  /** Share of a payout held back against refunds that come later. */
  payout_reserve_percent: Percent,
  /** Days a payout's reserve is held after it is paid; the vendor's first payout built after that releases it. */
  payout_reserve_days: Type.Integer({ minimum: 0, maximum: 365 }),
});
export const LanguageSettings = StrictObject({
  enabled: Type.Array(Enum(LOCALES), { minItems: 1, maxItems: LOCALES.length, uniqueItems: true }),
  default: LocaleSchema,
});
export const ThemeSettings = StrictObject({
  mode: Enum(['light', 'dark', 'system']),
  brand_color: Type.String({ pattern: '^#[0-9a-fA-F]{6}$', maxLength: 7 }),
  logo_url: Nullable(Url),
  /** An image uploaded through the media pipeline (owner `branding`): shown instead of logo_url. */
  logo_media_id: Nullable(Uuid),
});
export const LoyaltySettings = StrictObject({
  enabled: Type.Boolean(),
  points_per_booking: Type.Integer({ minimum: 0, maximum: 100000 }),
  points_per_100_dzd: Type.Integer({ minimum: 0, maximum: 1000 }),
  reward_threshold: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  reward_value: MinorUnits,
  /** Days an earning stays usable; none: points never expire. */
  expiry_days: Nullable(Type.Integer({ minimum: 1, maximum: 3650 })),
});

/**
 * The map under a location's form: where its tiles come from and whom they credit. The
 * template is https with {z}, {x} and {y} on a plain host (no {s} subdomains), so its
 * origin can be allowed in the Content-Security-Policy's img-src as it is.
 */
export const TILE_URL_PATTERN = '^https://[A-Za-z0-9.-]+(:[0-9]{1,5})?/(?=.*\\{z\\})(?=.*\\{x\\})(?=.*\\{y\\})([A-Za-z0-9._~!$&()*+,;=:@%/?-]|\\{[zxy]\\})*$';
export const MapSettings = StrictObject({
  tile_url: Type.String({
    maxLength: 500,
    pattern: TILE_URL_PATTERN,
    description: 'Tile URL template: https://host/…{z}…{x}…{y}…, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  }),
  attribution: Text(300, 1),
});
export type MapSettings = Static<typeof MapSettings>;

export const SETTINGS_SECTIONS = ['business', 'company', 'currency', 'fees', 'language', 'theme', 'loyalty', 'map'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const SettingsSchemas: Record<SettingsSection, TObject> = {
  business: BusinessSettings,
  company: CompanySettings,
  currency: CurrencySettings,
  fees: FeesSettings,
  language: LanguageSettings,
  theme: ThemeSettings,
  loyalty: LoyaltySettings,
  map: MapSettings,
};

/** Sections vendor staff may read (none may be changed by them). `fees` is platform-only. */
export const VENDOR_READABLE_SECTIONS: readonly SettingsSection[] = ['business', 'company', 'currency', 'language', 'theme', 'loyalty', 'map'];

export type BusinessSettings = Static<typeof BusinessSettings>;
export type FeesSettings = Static<typeof FeesSettings>;
export type LoyaltySettings = Static<typeof LoyaltySettings>;

export const DEFAULT_SETTINGS: { [K in SettingsSection]: Static<(typeof SettingsSchemas)[K]> } & {
  business: BusinessSettings;
  fees: FeesSettings;
  loyalty: LoyaltySettings;
  map: MapSettings;
} = {
  business: {
    hold_minutes: 1440, auto_expire: true, default_cutoff_minutes: 120, max_participants_per_booking: 50, deposit_percent: 30, invitation_hours: 48,
    undo_same_day_only: true, check_in_window_minutes: DEFAULT_CHECK_IN_WINDOW_MINUTES,
    free_cancellation_hours: 0, late_cancellation_refund_percent: 100,
  },
  company: {
    legal_name: 'Rihla SARL', trade_name: 'Rihla', rc_number: null, nif_number: null, nis_number: null, ai_number: null,
    address: 'Alger, Algérie', email: 'contact@rihla.test', phone: null, website: null,
  },
  currency: { default: 'DZD', accepted: ['DZD'], symbol_position: 'locale', decimals: 2 },
  fees: {
    platform_commission_percent: 12, customer_booking_fee_percent: 0, customer_booking_fee_fixed: 0,
    payment_fee_percent: { cib: 1.5, edahabia: 1, cash: 0, wallet: 0, gift_card: 0 },
    payout_reserve_percent: 10,
    payout_reserve_days: 30,
  },
  language: { enabled: ['en', 'fr', 'ar'], default: 'fr' },
  theme: { mode: 'system', brand_color: '#0f766e', logo_url: null, logo_media_id: null },
  loyalty: { enabled: true, points_per_booking: 10, points_per_100_dzd: 1, reward_threshold: 500, reward_value: 100000, expiry_days: 365 },
  map: { tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' },
};

/** The whole section as stored and read: `{section, value, version, updated_at}`. */
export const SettingsRecord = Type.Object({
  section: Enum(SETTINGS_SECTIONS),
  value: Type.Object({}),
  version: Version,
  updated_at: DateTime,
});
/** PATCH body of a section: some of its fields, plus the version. */
export const settingsPatchOf = (section: SettingsSection) => patchOf(SettingsSchemas[section]);

// Banners ------------------------------------------------------------------------------

export const BannerInput = StrictObject({
  image_url: Url,
  link_url: Type.Optional(Nullable(Url)),
  title_i18n: Type.Optional(Nullable(I18n(150))),
  locale: Type.Optional(Enum(['all', ...LOCALES])),
  starts_at: Type.Optional(Nullable(DateTime)),
  ends_at: Type.Optional(Nullable(DateTime)),
  sort_order: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  active: Type.Optional(Type.Boolean()),
});
export const BannerPatch = patchOf(BannerInput);
export const Banner = StrictObject({ ...RecordBase, ...Type.Required(BannerInput).properties });
export type Banner = Static<typeof Banner>;

