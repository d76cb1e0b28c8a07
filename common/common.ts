/**
 * Building blocks shared by every entity schema: ids, timestamps, names in three
 * languages, money in minor units, and the helpers that derive the create, patch and
 * read shapes of an entity from one list of fields. Pure TypeBox: the SPA imports
 * these for typing and form validation, the server for request validation and OpenAPI.
 */
import Type, { type TProperties, type TSchema } from 'typebox';
import { REASON_CODE_PATTERN } from './reasonKinds.ts';

export const strict = { additionalProperties: false } as const;

/** An object that rejects unknown fields (bodies are validated as sent). */
export function StrictObject<P extends TProperties>(properties: P, options: Record<string, unknown> = {}) {
  return Type.Object(properties, { ...strict, ...options });
}

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** A closed set of string values, as a union of literals (shows as an enum in OpenAPI). */
export function Enum<const V extends readonly [string, ...string[]]>(values: V, options: Record<string, unknown> = {}) {
  return Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });
}

export const Uuid = Type.String({ format: 'uuid', maxLength: 36 });
export const DateTime = Type.String({ format: 'date-time', maxLength: 40 });
/** A calendar date, `YYYY-MM-DD`. */
export const DateOnly = Type.String({ format: 'date', maxLength: 10 });
export const Email = Type.String({ format: 'email', maxLength: 254 });
/** International or Algerian local phone numbers: digits, spaces, `+`, `-`, `(`, `)`. */
export const Phone = Type.String({ pattern: '^\\+?[0-9][0-9 ()-]{5,24}$', maxLength: 30 });
/** An address a setting or record stores: https, http on localhost in development, or a path here (server/input.ts). */
export const Url = Type.String({ format: 'web-url', maxLength: 1000 });
export const Version = Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Optimistic concurrency: the version the client last read.' });

export const Text = (maxLength: number, minLength = 0) => Type.String({ maxLength, minLength });
export const Name = (maxLength = 200) => Type.String({ minLength: 1, maxLength });
export const Count = (maximum = 100000) => Type.Integer({ minimum: 0, maximum });
export const Ids = (maxItems: number) => Type.Array(Uuid, { maxItems, uniqueItems: true });

export const LOCALES = ['en', 'fr', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const LocaleSchema = Enum(LOCALES);

/** A name shown to customers, in the three languages of the product; English is required. */
export const I18n = (maxLength = 200) =>
  StrictObject({
    en: Type.String({ minLength: 1, maxLength }),
    fr: Type.String({ maxLength }),
    ar: Type.String({ maxLength }),
  });
export type I18nText = { en: string; fr: string; ar: string };

/** Money: an integer number of minor units (1 DZD = 100 centimes) and a currency code. */
export const CURRENCIES = ['DZD', 'EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CurrencySchema = Enum(CURRENCIES);
export const DEFAULT_CURRENCY: Currency = 'DZD';
/** Up to 10 billion DZD in centimes; every sum the product handles fits in 2^53. */
export const MAX_MINOR = 1_000_000_000_000;
export const MinorUnits = Type.Integer({ minimum: 0, maximum: MAX_MINOR, description: 'Amount in minor units (centimes for DZD).' });
export const SignedMinorUnits = Type.Integer({ minimum: -MAX_MINOR, maximum: MAX_MINOR });
export const Percent = Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01 });

/** Fields every stored record has. */
export const RecordBase = {
  id: Uuid,
  created_at: DateTime,
  updated_at: DateTime,
  version: Version,
};
export const VendorOwned = { vendor_id: Uuid };
export const NullableVendorOwned = { vendor_id: Nullable(Uuid) };

/** Fields every record with a lifecycle has, maintained by the transition endpoint. */
export const LifecycleFields = <S extends TSchema>(status: S) => ({
  status,
  status_changed_at: Nullable(DateTime),
  status_reason: Nullable(Type.String({ maxLength: 1000 })),
});

/**
 * The PATCH body of an entity: every writable field optional, plus the `version` the
 * client last read (required), unknown fields rejected.
 */
export function patchOf<P extends TProperties>(input: { properties: P }) {
  return Type.Object({ ...Type.Partial(Type.Object(input.properties)).properties, version: Version }, strict);
}

export const ListEnvelope = <T extends TSchema>(item: T) =>
  Type.Object({
    count: Type.Integer({ minimum: 0 }),
    next: Nullable(Type.String()),
    previous: Nullable(Type.String()),
    results: Type.Array(item),
  });

export const ErrorBody = Type.Object({
  detail: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});

export const TransitionBody = StrictObject({
  event: Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z_]+$' }),
  version: Version,
  reason: Type.Optional(Type.String({ maxLength: 1000 })),
  /** A coded reason of the kind the event takes (reason-codes); `reason` is then its free text. */
  reason_code: Type.Optional(Type.String({ pattern: REASON_CODE_PATTERN, maxLength: 40 })),
  scheduled_at: Type.Optional(DateTime),
  note: Type.Optional(Type.String({ maxLength: 2000 })),
});
