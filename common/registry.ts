/**
 * The collection registry: one entry per collection of the branch API, describing its
 * table, schemas, who may do what, how vendor staff are scoped, and what lists may be
 * searched, filtered and ordered by. The server mounts its generic routes from it; the
 * SPA reads it to build list screens and forms. Pure data plus pure checks.
 *
 * Roles (DOMAIN "Roles"), as decided here:
 * - Staff: everything. Acting as a vendor (X-Act-As-Vendor) makes them that vendor's staff.
 * - Vendor staff see and change their vendor's bookings, combos, refunds, locations,
 *   services, slots, price rules, adventures, media, coupons, discounts, deals, payments,
 *   payment links, branches, conversations, tickets, reviews (reply only) and audit trail;
 *   another vendor's record is a 404. They read shared reference data (categories,
 *   amenities, interests) and help for vendors; they read payment splits and customers
 *   (those who booked with them or whom they created) but do not change them.
 * - Staff only (403 for vendor staff): the vendors list and vendor onboarding
 *   (create, delete, transitions; a vendor reads and edits its own record, except
 *   commission and legal identity), commission changes on payment splits, customer
 *   changes and blocking, review moderation and creation, the wallet and loyalty
 *   ledgers, notifications, topics, chatbot requests, banners, writes to shared
 *   reference data and help, the fees settings and every settings change.
 */
import { STANDING_BOOKING_STATUSES } from './dashboard.ts';
import type { TObject, TSchema } from 'typebox';
import { AuditEntry } from './audit.ts';
import { Booking, BookingCreate, BookingPatch, Combo, ComboInput, ComboPatch, Refund, RefundInput, RefundPatch } from './bookings.ts';
import {
  Adventure, AdventureInput, AdventurePatch, Category, CategoryInput, CategoryPatch, Location, LocationInput, LocationPatch, Media, MediaInput,
  MediaPatch, PriceRule, PriceRuleInput, PriceRulePatch, Service, ServiceInput, ServicePatch, ServiceSlot, ServiceSlotInput, ServiceSlotPatch,
  Tag, TagInput, TagPatch,
} from './catalog.ts';
import {
  Customer, CustomerInput, CustomerPatch, LoyaltyEntry, LoyaltyEntryInput, Review, ReviewInput, ReviewPatch, WalletTransaction,
  WalletTransactionInput,
} from './customers.ts';
import {
  ChatbotRequest, ChatbotRequestInput, ChatbotRequestPatch, Conversation, ConversationInput, ConversationPatch, HelpArticle,
  HelpArticleInput, HelpArticlePatch, Message, MessageInput, MessagePatch, Notification, NotificationInput, NotificationPatch, Ticket,
  TicketInput, TicketPatch, Topic, TopicInput, TopicPatch,
} from './messaging.ts';
import {
  Payment, PaymentInput, PaymentInvitation, PaymentInvitationInput, PaymentInvitationPatch, PaymentPatch, PaymentSplit, PaymentSplitInput,
  PaymentSplitPatch,
} from './payments.ts';
import { CommissionChange, Payout, ShareEntry } from './payouts.ts';
import { PROMOTION_CHECKS } from './promotionChecks.ts';
import { Coupon, CouponInput, CouponPatch, Deal, DealInput, DealPatch, Discount, DiscountInput, DiscountPatch } from './promotions.ts';
import { ReasonCodeInput, ReasonCodePatch, ReasonCodeRecord } from './reasonCodes.ts';
import type { ReasonKind } from './reasonKinds.ts';
import { NotificationTemplate, NotificationTemplatePatch, unknownPlaceholders } from './notificationTemplates.ts';
import { Banner, BannerInput, BannerPatch } from './settings.ts';
import {
  Branch, BranchInput, BranchPatch, Vendor, VendorDocument, VendorDocumentInput, VendorDocumentPatch, VendorInput, VendorPatch,
} from './vendors.ts';
import { coordinateErrors } from './geo.ts';
import { WilayaCode } from './wilayas.ts';

/** Who may perform an action: anyone signed in (within their scope), staff only, or nobody (405). */
export type Access = 'any' | 'staff' | 'none';

/**
 * How vendor staff see a collection:
 * - `own`: records whose vendor_id is their vendor;
 * - `self`: only their own vendor record (the vendors collection);
 * - `customer_of`: customers who booked with their vendor or whom they created;
 * - `audience`: published help articles meant for vendors;
 * - `all`: every record (shared reference data such as categories);
 * - `none`: nothing; the collection is staff-only (403).
 */
export type VendorRule = 'own' | 'self' | 'customer_of' | 'audience' | 'all' | 'none';

export type LifecycleName =
  | 'booking' | 'refund' | 'payment' | 'payment_invitation' | 'review' | 'vendor' | 'ticket' | 'chatbot_request' | 'notification' | 'publishing'
  | 'payout';

export type FieldErrors = Record<string, string[]>;

export interface CollectionSpec {
  /** URL segment under /branch/api/. */
  name: string;
  table: string;
  title: string;
  area: string;
  read: TObject;
  create?: TObject;
  patch?: TObject;
  access: { list: Access; read: Access; create: Access; update: Access; delete: Access; transition: Access };
  vendorRule: VendorRule;
  /** Whether records carry a vendor_id: always, optionally (platform-wide when null), or not at all. */
  vendorColumn: 'required' | 'optional' | 'none';
  /** vendor_id is taken from the record this field points to, never from the body. */
  vendorFrom?: { field: string; collection: string };
  /** Fields vendor staff may not set (403 when they try). */
  staffOnlyFields?: string[];
  /**
   * Fields vendor staff never read: left out of the records, lists and exports they get,
   * and refused as their filter or ordering (a sort would still tell the figures apart).
   */
  staffOnlyReadFields?: string[];
  /** Fields holding ids of records of another collection (single id or list of ids). */
  refs?: Record<string, string>;
  /**
   * Fields holding the id of a record whose collection another field names (a media's
   * owner_id, of the kind owner_type says): checked like `refs` once the kind is known.
   */
  refsByType?: Record<string, { by: string; targets: Record<string, string> }>;
  /**
   * Fields holding a reason code (reason-codes of `kind`, active), with the field of its
   * free text, which a code that needs free text ("other") requires.
   */
  reasonCodes?: Record<string, { kind: ReasonKind; text: string }>;
  /**
   * Fields `search=` looks in: every word of the search in one of them, in any order, case,
   * accents, punctuation and dashes aside (search_fold); i18n fields in every language.
   */
  search: string[];
  /**
   * The table keeps its `search` fields already folded in one stored column, `search_text`
   * (a generated column a migration writes over exactly these fields, in this order). A
   * search then compares that column instead of folding four fields of every row per
   * request: on the embedded database, 3 s for 17,000 payments against 0.1 s.
   */
  searchFolded?: true;
  /**
   * A field holding E.164 phone numbers: a search that is a whole phone number, however typed
   * (`0555 12 34 56`, `555-123-456`), finds that number; part of one matches on its digits.
   */
  phoneSearch?: string;
  /**
   * Records a search also finds through a record they point to: a refund by its booking's
   * reference, customer name or phone (`field` holds the id; the search is `collection`'s own).
   */
  searchThrough?: { field: string; collection: string }[];
  /** Fields usable as `?field=`; dates and numbers also take `__gte`, `__lte`, `__gt`, `__lt`; text and ids `__in`. */
  filters: string[];
  /**
   * Filters on other records rather than a column (listed in `filters` too): the condition
   * in SQL, `{t}` the record's alias, `{value}` the value (checked by `schema` first) and
   * `{own:<column>}` limiting the related records to the caller's vendor (true for staff).
   */
  relatedFilters?: Record<string, { sql: string; schema: TSchema }>;
  /**
   * Named filters, `?view=<name>`: a view matches the records that pass any one of its
   * filter sets (each set is ordinary filters, all of which must pass). The values `$today`
   * and `$tomorrow` are the start of today and of tomorrow in Algeria when the request is made.
   */
  views?: Record<string, Record<string, string | number>[]>;
  /**
   * The filters every list, export and total applies, whatever the request asks: records
   * kept but never listed (a customer merged into another). They can still be read by id.
   */
  listed?: Record<string, string>;
  /** Fields usable in `ordering=field` or `ordering=-field`. */
  ordering: string[];
  defaultOrdering: string;
  lifecycle?: LifecycleName;
  /** Nested collections (messages under conversations). */
  parent?: { collection: string; field: string };
  /** Money fields `GET /<collection>/totals/` adds up over the whole filtered set, per currency. */
  sums?: string[];
  /**
   * A table keeping `sums` (and `count`) grouped by some fields, up to date in every write's
   * transaction: the totals of a request filtering by those fields only (views included)
   * are read there instead of adding up every record.
   */
  totalsRollup?: { table: string; by: string[] };
  /** Cross-field checks on the record as it would be stored (after merging a patch). */
  check?: (record: Record<string, unknown>) => FieldErrors;
}

const crud = (overrides: Partial<CollectionSpec['access']> = {}): CollectionSpec['access'] => ({
  list: 'any', read: 'any', create: 'any', update: 'any', delete: 'any', transition: 'none', ...overrides,
});
const staffOnly = (overrides: Partial<CollectionSpec['access']> = {}) => crud({ list: 'staff', read: 'staff', create: 'staff', update: 'staff', delete: 'staff', ...overrides });
const staffWrites = (overrides: Partial<CollectionSpec['access']> = {}) => crud({ create: 'staff', update: 'staff', delete: 'staff', ...overrides });

function errorsOf(pairs: [boolean, string, string][]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [bad, field, message] of pairs) if (bad) (errors[field] ??= []).push(message);
  return errors;
}
const before = (a: unknown, b: unknown) => a == null || b == null || String(a) <= String(b);
const strictlyBefore = (a: unknown, b: unknown) => a == null || b == null || Date.parse(String(a)) < Date.parse(String(b));

const promotionCheck = (r: Record<string, unknown>) => errorsOf(PROMOTION_CHECKS.map((c) => [c.broken(r), c.field, c.message]));

/** Running today, starting on a later day, or over (by Algeria's day, like every view). */
const promotionViews = (from: string, to: string) => ({
  active: [
    { active: 'true', [`${from}__isnull`]: 'true', [`${to}__isnull`]: 'true' },
    { active: 'true', [`${from}__isnull`]: 'true', [`${to}__gte`]: '$today' },
    { active: 'true', [`${from}__lt`]: '$tomorrow', [`${to}__isnull`]: 'true' },
    { active: 'true', [`${from}__lt`]: '$tomorrow', [`${to}__gte`]: '$today' },
  ],
  scheduled: [{ [`${from}__gte`]: '$tomorrow' }],
  expired: [{ [`${to}__lt`]: '$today' }],
  all: [],
});
/** Coupons and discounts that ran out of uses are not running, whatever their window. */
const usedUpViews = (from: string, to: string) => {
  const views = promotionViews(from, to);
  return { ...views, active: views.active.map((v) => ({ ...v, used_up: 'false' })), used_up: [{ used_up: 'true' }] };
};

const base = { vendorRule: 'own' as VendorRule, vendorColumn: 'required' as const, search: [] as string[], defaultOrdering: '-created_at' };
const T = ['created_at', 'updated_at'];

export const COLLECTIONS: CollectionSpec[] = [
  // Bookings -------------------------------------------------------------------------
  {
    ...base, name: 'bookings', table: 'bookings', title: 'Bookings', area: 'bookings',
    read: Booking, create: BookingCreate, patch: BookingPatch,
    access: crud({ delete: 'none', transition: 'any' }),
    vendorFrom: { field: 'service_id', collection: 'services' },
    refs: {
      customer_id: 'customers', service_id: 'services', slot_id: 'service-slots', branch_id: 'branches', location_id: 'locations', combo_id: 'combos',
      // Who made the booking: the booking's page names them.
      created_by: 'users',
    },
    search: ['ref', 'customer_name', 'customer_phone'], phoneSearch: 'customer_phone',
    filters: ['status', 'payment_status', 'vendor_id', 'service_id', 'customer_id', 'branch_id', 'location_id', 'slot_id', 'channel', 'starts_at', 'created_at', 'total', 'balance', 'ref'],
    // What an operator looks at first: the day's activities, what is coming, what waits on
    // them (a request to answer, a balance to collect before the activity) and the past.
    views: {
      today: [{ starts_at__gte: '$today', starts_at__lt: '$tomorrow' }],
      // What will still take place: a cancelled, declined or expired booking is not coming.
      upcoming: [{ starts_at__gte: '$today', status__in: STANDING_BOOKING_STATUSES.join(',') }],
      needs_action: [{ status: 'requested' }, { status: 'confirmed', balance__gt: 0 }],
      past: [{ starts_at__lt: '$today' }],
      all: [{}],
    },
    ordering: ['starts_at', 'created_at', 'updated_at', 'total', 'balance', 'ref', 'status', 'customer_name'],
    defaultOrdering: '-starts_at', lifecycle: 'booking',
  },
  {
    ...base, name: 'combos', table: 'combos', title: 'Combos', area: 'bookings',
    read: Combo, create: ComboInput, patch: ComboPatch, access: crud(),
    refs: { vendor_id: 'vendors', 'items.service_id': 'services' },
    search: ['title_i18n'], filters: ['vendor_id', 'active', 'pricing', 'valid_from', 'valid_to', 'created_at'],
    ordering: [...T, 'valid_from', 'valid_to', 'price', 'title_i18n'],
    check: (r) =>
      errorsOf([
        [r.pricing === 'fixed' && r.price == null, 'price', 'A fixed-price combo needs a price.'],
        [r.pricing === 'percent_of_parts' && r.percent == null, 'percent', 'A combo priced from its parts needs a percentage.'],
        [!before(r.valid_from, r.valid_to), 'valid_to', 'Must be after valid_from.'],
      ]),
  },
  {
    ...base, name: 'refunds', table: 'refunds', title: 'Refunds', area: 'bookings',
    read: Refund, create: RefundInput, patch: RefundPatch,
    access: crud({ delete: 'none', transition: 'any' }),
    vendorFrom: { field: 'booking_id', collection: 'bookings' },
    refs: { booking_id: 'bookings', payment_id: 'payments' },
    reasonCodes: { reason_code: { kind: 'refund', text: 'reason' } },
    check: (r) => errorsOf([[r.reason == null && r.reason_code == null, 'reason', 'Choose a reason or write one.']]),
    search: ['reason'], searchThrough: [{ field: 'booking_id', collection: 'bookings' }],
    filters: ['status', 'vendor_id', 'booking_id', 'payment_id', 'destination', 'kind', 'amount', 'created_at'],
    // Open refunds wait on someone: staff to approve, the gateway to pay, a retry after a failure.
    views: {
      open: [{ status__in: 'requested,approved,processing,failed' }],
      requested: [{ status: 'requested' }],
      done: [{ status__in: 'succeeded,rejected' }],
      all: [{}],
    },
    ordering: [...T, 'amount', 'status'], lifecycle: 'refund', sums: ['amount'],
  },
  // Catalogue --------------------------------------------------------------------------
  {
    ...base, name: 'locations', table: 'locations', title: 'Locations', area: 'catalog',
    read: Location, create: LocationInput, patch: LocationPatch, access: crud(),
    refs: { vendor_id: 'vendors', branch_id: 'branches' },
    search: ['name_i18n', 'commune', 'address'], filters: ['vendor_id', 'wilaya_code', 'branch_id', 'active', 'created_at'],
    ordering: [...T, 'wilaya_code', 'commune', 'name_i18n', 'services_count'],
    check: (r) => coordinateErrors(r.latitude, r.longitude),
  },
  {
    ...base, name: 'services', table: 'services', title: 'Services', area: 'catalog',
    read: Service, create: ServiceInput, patch: ServicePatch, access: crud({ transition: 'any' }),
    refs: {
      vendor_id: 'vendors', category_id: 'categories', subcategory_id: 'categories', location_id: 'locations', branch_id: 'branches',
      interest_ids: 'interests', amenity_ids: 'amenities', private_customer_id: 'customers', base_service_id: 'services',
    },
    search: ['title_i18n'],
    filters: [
      'vendor_id', 'status', 'category_id', 'subcategory_id', 'location_id', 'wilaya_code', 'branch_id', 'booking_type', 'confirmation', 'private_customer_id',
      'base_service_id', 'created_at', 'capacity', 'price_from', 'vendor_active',
    ],
    relatedFilters: {
      // What may be booked: a vendor under review, rejected or suspended does not sell (the booking route refuses it too).
      vendor_active: { sql: "({t}.vendor_id IN (SELECT av.id FROM vendors av WHERE av.status = 'active')) = {value}", schema: { type: 'boolean' } },
    },
    ordering: [...T, 'duration_minutes', 'capacity', 'status', 'rating_avg', 'title_i18n', 'price_from'], lifecycle: 'publishing',
    // A personal service is a copy of a service for one customer: lists that offer services
    // to everyone ask for `public`; the personal services screen for the others.
    views: {
      public: [{ private_customer_id__isnull: 'true' }],
      personal: [{ private_customer_id__isnull: 'false', status: 'published' }],
      personal_all: [{ private_customer_id__isnull: 'false' }],
      all: [{}],
    },
    check: (r) => {
      const a = r.adrenaline as { min_weight_kg?: number | null; max_weight_kg?: number | null } | null | undefined;
      return errorsOf([
        [Number(r.min_participants ?? 1) > Number(r.max_participants ?? Number.MAX_SAFE_INTEGER), 'max_participants', 'Must be at least min_participants.'],
        [r.max_participants != null && Number(r.max_participants) > Number(r.capacity), 'max_participants', 'Cannot exceed the capacity.'],
        [Number(r.min_participants ?? 1) > Number(r.capacity), 'min_participants', 'Cannot exceed the capacity.'],
        [!!a && a.min_weight_kg != null && a.max_weight_kg != null && a.min_weight_kg > a.max_weight_kg, 'adrenaline.max_weight_kg', 'Must be at least min_weight_kg.'],
        [r.base_service_id != null && r.base_service_id === r.id, 'base_service_id', 'A service cannot be based on itself.'],
      ]);
    },
  },
  {
    ...base, name: 'service-slots', table: 'service_slots', title: 'Availability slots', area: 'catalog',
    read: ServiceSlot, create: ServiceSlotInput, patch: ServiceSlotPatch, access: crud(),
    vendorFrom: { field: 'service_id', collection: 'services' }, refs: { service_id: 'services' },
    filters: ['vendor_id', 'service_id', 'starts_at', 'closed', 'capacity', 'booked'],
    ordering: ['starts_at', 'created_at', 'capacity', 'booked'], defaultOrdering: 'starts_at',
    check: (r) => errorsOf([[!strictlyBefore(r.starts_at, r.ends_at), 'ends_at', 'Must be after starts_at.']]),
  },
  {
    ...base, name: 'price-rules', table: 'price_rules', title: 'Price rules', area: 'catalog',
    read: PriceRule, create: PriceRuleInput, patch: PriceRulePatch, access: crud(),
    vendorFrom: { field: 'service_id', collection: 'services' }, refs: { service_id: 'services' },
    search: ['name'], filters: ['vendor_id', 'service_id', 'customer_type', 'per', 'active', 'valid_from', 'valid_to'],
    // Validity by Algeria's day: an open end counts as always.
    views: {
      current: [
        { valid_from__isnull: 'true', valid_to__isnull: 'true' },
        { valid_from__isnull: 'true', valid_to__gte: '$today' },
        { valid_from__lte: '$today', valid_to__isnull: 'true' },
        { valid_from__lte: '$today', valid_to__gte: '$today' },
      ],
      upcoming: [{ valid_from__gt: '$today' }],
      expired: [{ valid_to__lt: '$today' }],
      all: [{}],
    },
    ordering: [...T, 'amount', 'priority', 'valid_from', 'valid_to', 'customer_type'], defaultOrdering: '-priority',
    check: (r) => errorsOf([[!before(r.valid_from, r.valid_to), 'valid_to', 'Must be after valid_from.']]),
  },
  {
    ...base, name: 'categories', table: 'categories', title: 'Categories', area: 'catalog', vendorRule: 'all', vendorColumn: 'none',
    read: Category, create: CategoryInput, patch: CategoryPatch, access: staffWrites(), refs: { parent_id: 'categories' },
    search: ['name_i18n'], filters: ['parent_id', 'active'], ordering: [...T, 'sort_order', 'name_i18n'], defaultOrdering: 'sort_order',
    check: (r) => errorsOf([[r.parent_id != null && r.parent_id === r.id, 'parent_id', 'A category cannot be its own parent.']]),
  },
  {
    ...base, name: 'amenities', table: 'amenities', title: 'Amenities', area: 'catalog', vendorRule: 'all', vendorColumn: 'none',
    read: Tag, create: TagInput, patch: TagPatch, access: staffWrites(), search: ['name_i18n'], filters: ['active'], ordering: [...T, 'sort_order', 'name_i18n'],
    defaultOrdering: 'sort_order',
  },
  {
    ...base, name: 'interests', table: 'interests', title: 'Interests', area: 'catalog', vendorRule: 'all', vendorColumn: 'none',
    read: Tag, create: TagInput, patch: TagPatch, access: staffWrites(), search: ['name_i18n'], filters: ['active'], ordering: [...T, 'sort_order', 'name_i18n'],
    defaultOrdering: 'sort_order',
  },
  {
    ...base, name: 'adventures', table: 'adventures', title: 'Adventures', area: 'catalog', vendorColumn: 'optional',
    read: Adventure, create: AdventureInput, patch: AdventurePatch, access: crud({ transition: 'any' }),
    refs: { vendor_id: 'vendors', 'itinerary.service_id': 'services' },
    search: ['title_i18n'], filters: ['vendor_id', 'status', 'days', 'price_mode', 'created_at'], ordering: [...T, 'days', 'price', 'status', 'title_i18n'],
    lifecycle: 'publishing',
    check: (r) => {
      const days = ((r.itinerary as { day: number }[] | undefined) ?? []).map((s) => s.day);
      return errorsOf([
        [days.some((day) => day > Number(r.days)), 'itinerary', 'A step falls after the last day.'],
        // The itinerary is read in its order: a step of an earlier day after a later one is a mistake.
        [days.some((day, i) => i > 0 && day < days[i - 1]), 'itinerary', 'Steps must follow the days in order.'],
        [r.price_mode === 'fixed' && r.price == null, 'price', 'A fixed-price adventure needs a price.'],
      ]);
    },
  },
  {
    ...base, name: 'media', table: 'media', title: 'Media', area: 'catalog', vendorColumn: 'optional',
    read: Media, create: MediaInput, patch: MediaPatch, access: crud(), refs: { vendor_id: 'vendors' },
    refsByType: {
      owner_id: {
        by: 'owner_type',
        targets: { service: 'services', location: 'locations', banner: 'banners', adventure: 'adventures', vendor: 'vendors', combo: 'combos', conversation: 'conversations' },
      },
    },
    search: ['alt_text', 'alt_i18n', 'url'], filters: ['vendor_id', 'owner_type', 'owner_id', 'kind', 'is_cover', 'stored'], ordering: [...T, 'sort_order'],
    defaultOrdering: 'sort_order',
  },
  // Promotions -------------------------------------------------------------------------
  {
    ...base, name: 'coupons', table: 'coupons', title: 'Coupons', area: 'promotions', vendorColumn: 'optional',
    read: Coupon, create: CouponInput, patch: CouponPatch, access: crud(), refs: { vendor_id: 'vendors', service_ids: 'services' },
    search: ['code', 'description'],
    filters: ['vendor_id', 'kind', 'active', 'used_up', 'stackable', 'code', 'funded_by', 'booking_from', 'booking_to', 'travel_to'],
    views: usedUpViews('booking_from', 'booking_to'),
    ordering: [...T, 'code', 'uses_count', 'value', 'booking_to'], check: promotionCheck,
  },
  {
    ...base, name: 'discounts', table: 'discounts', title: 'Discounts', area: 'promotions', vendorColumn: 'optional',
    read: Discount, create: DiscountInput, patch: DiscountPatch, access: crud(), refs: { vendor_id: 'vendors', service_ids: 'services' },
    search: ['name_i18n'], filters: ['vendor_id', 'kind', 'active', 'used_up', 'stackable', 'funded_by', 'booking_from', 'booking_to'],
    views: usedUpViews('booking_from', 'booking_to'),
    ordering: [...T, 'uses_count', 'value', 'name_i18n', 'booking_to'], check: promotionCheck,
  },
  {
    ...base, name: 'deals', table: 'deals', title: 'Deals', area: 'promotions',
    read: Deal, create: DealInput, patch: DealPatch, access: crud(), refs: { vendor_id: 'vendors', service_ids: 'services' },
    search: ['title_i18n'], filters: ['vendor_id', 'active', 'featured', 'starts_at', 'ends_at'], views: promotionViews('starts_at', 'ends_at'),
    ordering: [...T, 'starts_at', 'ends_at', 'discount_percent', 'title_i18n'],
    check: (r) =>
      errorsOf([
        [!strictlyBefore(r.starts_at, r.ends_at), 'ends_at', 'Must be after starts_at.'],
        [r.funded_by === 'shared' && r.platform_share_percent == null, 'platform_share_percent', 'Required for a shared promotion.'],
      ]),
  },
  // Payments ---------------------------------------------------------------------------
  {
    ...base, name: 'payments', table: 'payments', title: 'Payments', area: 'payments',
    read: Payment, create: PaymentInput, patch: PaymentPatch, access: crud({ delete: 'none', transition: 'any' }),
    vendorFrom: { field: 'booking_id', collection: 'bookings' },
    refs: { booking_id: 'bookings', customer_id: 'customers', recorded_by: 'users', reconciled_by: 'users' },
    staffOnlyFields: ['payout_status', 'payout_at'],
    search: ['booking_ref', 'gateway_reference', 'payer_name', 'payer_phone'], searchFolded: true,
    filters: ['status', 'vendor_id', 'booking_id', 'customer_id', 'method', 'payout_status', 'reconciled', 'paid_at', 'created_at', 'amount'],
    views: {
      paid: [{ status__in: 'paid,partially_refunded' }],
      pending: [{ status: 'pending' }],
      refunded: [{ status__in: 'partially_refunded,refunded' }],
      all: [],
    },
    ordering: [...T, 'amount', 'paid_at', 'status'], lifecycle: 'payment',
    sums: ['amount', 'fee', 'platform_commission', 'vendor_share', 'refunded_amount'],
    totalsRollup: { table: 'payment_totals', by: ['vendor_id', 'status', 'method', 'currency', 'reconciled'] },
  },
  {
    ...base, name: 'payment-invitations', table: 'payment_invitations', title: 'Payment invitations', area: 'payments',
    read: PaymentInvitation, create: PaymentInvitationInput, patch: PaymentInvitationPatch, access: crud({ delete: 'none', transition: 'any' }),
    vendorFrom: { field: 'booking_id', collection: 'bookings' }, refs: { booking_id: 'bookings' },
    search: ['invitee_name', 'invitee_phone', 'invitee_email'], filters: ['status', 'vendor_id', 'booking_id', 'expires_at', 'created_at'],
    // Open links can still be paid; closed ones ran out or were withdrawn.
    views: {
      open: [{ status__in: 'sent,opened' }],
      paid: [{ status: 'paid' }],
      closed: [{ status__in: 'expired,cancelled' }],
      all: [],
    },
    ordering: [...T, 'expires_at', 'amount', 'status', 'opened_at'], lifecycle: 'payment_invitation',
    // No contact named: the server sends it to the booking's customer, or only creates it (server/payments/paymentLinkDelivery.ts).
  },
  {
    ...base, name: 'payment-splits', table: 'payment_splits', title: 'Payment splits', area: 'payments',
    read: PaymentSplit, create: PaymentSplitInput, patch: PaymentSplitPatch,
    access: crud({ create: 'staff', update: 'staff', delete: 'none' }),
    vendorFrom: { field: 'payment_id', collection: 'payments' }, refs: { payment_id: 'payments', booking_id: 'bookings' },
    staffOnlyFields: ['commission_percent'],
    filters: ['vendor_id', 'payment_id', 'booking_id', 'payout_date'], ordering: [...T, 'payout_date', 'amount'],
  },
  // What each vendor is owed, entry by entry, and the payouts settling it: written by the
  // money rules and the payout routes only (POST /payouts/build/, /payouts/<id>/pay/).
  {
    ...base, name: 'vendor-share-entries', table: 'vendor_share_entries', title: 'Vendor share entries', area: 'payments',
    read: ShareEntry, access: crud({ create: 'none', update: 'none', delete: 'none' }),
    refs: { booking_id: 'bookings', payment_id: 'payments', refund_id: 'refunds', payout_id: 'payouts' },
    filters: ['vendor_id', 'booking_id', 'payment_id', 'refund_id', 'payout_id', 'kind', 'currency', 'payable_from', 'created_at'],
    ordering: [...T, 'payable_from', 'amount'], sums: ['amount', 'commission', 'fee'],
    views: { unpaid: [{ payout_id__isnull: 'true' }], paid_out: [{ payout_id__isnull: 'false' }], all: [{}] },
  },
  {
    ...base, name: 'payouts', table: 'payouts', title: 'Payouts', area: 'payments',
    read: Payout, access: crud({ create: 'none', update: 'none', delete: 'none', transition: 'staff' }),
    refs: { released_from: 'payouts' },
    filters: ['status', 'vendor_id', 'currency', 'period_end', 'paid_at', 'created_at'],
    ordering: [...T, 'period_end', 'amount', 'paid_at', 'status'], sums: ['amount'], lifecycle: 'payout',
  },
  {
    ...base, name: 'commission-changes', table: 'commission_changes', title: 'Commission changes', area: 'payments',
    read: CommissionChange, access: crud({ create: 'none', update: 'none', delete: 'none' }), refs: { changed_by: 'users' },
    filters: ['vendor_id', 'created_at'], ordering: ['created_at'],
  },
  // Customers --------------------------------------------------------------------------
  {
    ...base, name: 'customers', table: 'customers', title: 'Customers', area: 'customers', vendorRule: 'customer_of', vendorColumn: 'none',
    read: Customer, create: CustomerInput, patch: CustomerPatch, access: crud({ update: 'staff', delete: 'staff' }),
    staffOnlyFields: ['blocked', 'blocked_reason'],
    // The platform's ledgers and notes, and figures summed over every vendor's bookings
    // (vendor staff get their own bookings' figures instead: server/customers/customers.ts).
    staffOnlyReadFields: ['wallet_balance', 'loyalty_points', 'notes', 'blocked_reason', 'bookings_count', 'lifetime_spend', 'last_booking_at'],
    // A customer merged into another stays readable (its id is in old links and the audit) but is never listed.
    listed: { merged_into_id__isnull: 'true' },
    search: ['name', 'phone', 'email'], phoneSearch: 'phone',
    filters: ['blocked', 'locale', 'wilaya_code', 'created_at', 'last_booking_at', 'lifetime_spend', 'bookings_count', 'booking_wilaya'],
    relatedFilters: {
      // Customers with a booking of a service in this wilaya (a service's wilaya is its location's);
      // vendor staff judge by their own bookings, never learning where a customer booked elsewhere.
      booking_wilaya: {
        sql: '{t}.id IN (SELECT fb.customer_id FROM bookings fb JOIN services fs ON fs.id = fb.service_id WHERE fs.wilaya_code = {value} AND {own:fb.vendor_id})',
        schema: WilayaCode,
      },
    },
    ordering: [...T, 'name', 'lifetime_spend', 'bookings_count', 'last_booking_at', 'wallet_balance', 'loyalty_points'], defaultOrdering: 'name',
  },
  {
    ...base, name: 'loyalty-entries', table: 'loyalty_entries', title: 'Loyalty ledger', area: 'customers', vendorRule: 'none', vendorColumn: 'none',
    read: LoyaltyEntry, create: LoyaltyEntryInput, access: staffOnly({ update: 'none', delete: 'none' }),
    refs: { customer_id: 'customers', booking_id: 'bookings' },
    search: ['reason'], searchFolded: true, filters: ['customer_id', 'booking_id', 'source', 'created_at'], ordering: ['created_at', 'points'],
  },
  {
    ...base, name: 'wallet-transactions', table: 'wallet_transactions', title: 'Wallet ledger', area: 'customers', vendorRule: 'none', vendorColumn: 'none',
    read: WalletTransaction, create: WalletTransactionInput, access: staffOnly({ update: 'none', delete: 'none' }),
    refs: { customer_id: 'customers', booking_id: 'bookings' },
    search: ['reason'], filters: ['customer_id', 'kind', 'source', 'booking_id', 'created_at'], ordering: ['created_at', 'amount'],
  },
  {
    ...base, name: 'reviews', table: 'reviews', title: 'Reviews', area: 'customers',
    read: Review, create: ReviewInput, patch: ReviewPatch, access: crud({ create: 'staff', delete: 'staff', transition: 'any' }),
    vendorFrom: { field: 'booking_id', collection: 'bookings' }, refs: { booking_id: 'bookings', service_id: 'services', customer_id: 'customers' },
    staffOnlyFields: ['rating', 'title', 'body'],
    search: ['title', 'body', 'vendor_reply'], searchFolded: true, filters: ['status', 'vendor_id', 'service_id', 'customer_id', 'booking_id', 'rating', 'vendor_reply', 'created_at'],
    // The moderation queue first; unanswered tells a vendor which approved reviews still wait for its reply.
    views: {
      pending: [{ status: 'pending' }],
      approved: [{ status: 'approved' }],
      unanswered: [{ status: 'approved', vendor_reply__isnull: 'true' }],
      rejected: [{ status: 'rejected' }],
      all: [],
    },
    ordering: [...T, 'rating', 'status'], lifecycle: 'review',
  },
  // Vendors ----------------------------------------------------------------------------
  {
    ...base, name: 'vendors', table: 'vendors', title: 'Vendors', area: 'vendors', vendorRule: 'self', vendorColumn: 'none',
    read: Vendor, create: VendorInput, patch: VendorPatch,
    access: crud({ list: 'staff', create: 'staff', delete: 'staff', transition: 'staff' }),
    staffOnlyFields: ['commission_percent', 'legal_name', 'rc_number', 'nif_number', 'nis_number'],
    search: ['trade_name', 'legal_name', 'contact_email', 'contact_phone'], filters: ['status', 'wilaya_code', 'created_at', 'commission_percent'],
    ordering: [...T, 'trade_name', 'legal_name', 'status', 'commission_percent'], defaultOrdering: 'trade_name', lifecycle: 'vendor',
  },
  {
    ...base, name: 'branches', table: 'branches', title: 'Branches', area: 'vendors',
    read: Branch, create: BranchInput, patch: BranchPatch, access: crud(), refs: { vendor_id: 'vendors' },
    search: ['name', 'address', 'manager_name'], filters: ['vendor_id', 'wilaya_code', 'active'], ordering: [...T, 'name'], defaultOrdering: 'name',
  },
  {
    // A vendor reads and files its own documents; staff verify them (and see every vendor's, soonest expiry first).
    ...base, name: 'vendor-documents', table: 'vendor_documents', title: 'Vendor documents', area: 'vendors',
    read: VendorDocument, create: VendorDocumentInput, patch: VendorDocumentPatch, access: crud(),
    refs: { vendor_id: 'vendors', media_id: 'media' }, staffOnlyFields: ['verified'],
    search: ['number'], filters: ['vendor_id', 'kind', 'verified', 'expires_on'],
    ordering: [...T, 'kind', 'expires_on'], defaultOrdering: 'expires_on',
    check: (r) => errorsOf([[r.issued_on != null && r.expires_on != null && String(r.expires_on) <= String(r.issued_on), 'expires_on', 'Must be after issued_on.']]),
  },
  // Messaging --------------------------------------------------------------------------
  {
    ...base, name: 'notifications', table: 'notifications', title: 'Notifications', area: 'messaging', vendorRule: 'none', vendorColumn: 'none',
    read: Notification, create: NotificationInput, patch: NotificationPatch, access: staffOnly({ transition: 'staff' }),
    refs: { audience_customer_id: 'customers', audience_user_id: 'users', topic_id: 'topics' },
    search: ['title_i18n'], filters: ['status', 'channel', 'audience_type', 'topic_id', 'template_key', 'scheduled_at', 'sent_at', 'created_at'],
    // Waiting to go out (scheduled, or going out now), gone, failed, not sent yet.
    views: {
      scheduled: [{ status__in: 'scheduled,sending' }],
      sent: [{ status: 'sent' }],
      failed: [{ status: 'failed' }],
      drafts: [{ status: 'draft' }],
      all: [{}],
    },
    ordering: [...T, 'scheduled_at', 'sent_at', 'status'], lifecycle: 'notification',
    check: (r) =>
      errorsOf([
        [r.audience_type === 'customer' && r.audience_customer_id == null, 'audience_customer_id', 'Required for a single-customer audience.'],
        [r.audience_type === 'topic' && r.topic_id == null, 'topic_id', 'Required for a topic audience.'],
        [r.audience_type === 'user' && r.audience_user_id == null, 'audience_user_id', 'Required for a single-user audience.'],
        [r.audience_type === 'segment' && r.segment == null && r.segment_filters == null, 'segment_filters', 'Required for a segment audience.'],
      ]),
  },
  {
    ...base, name: 'topics', table: 'topics', title: 'Topics', area: 'messaging', vendorRule: 'none', vendorColumn: 'none',
    read: Topic, create: TopicInput, patch: TopicPatch, access: staffOnly(), search: ['key', 'name_i18n'], filters: ['key'],
    ordering: [...T, 'key', 'subscribers_count'], defaultOrdering: 'key',
  },
  {
    // Seeded, one per booking event; staff edit their texts and channel, or switch one off.
    ...base, name: 'notification-templates', table: 'notification_templates', title: 'Notification templates', area: 'messaging',
    vendorRule: 'none', vendorColumn: 'none',
    read: NotificationTemplate, patch: NotificationTemplatePatch, access: staffOnly({ create: 'none', delete: 'none' }),
    search: ['title_i18n'], filters: ['key', 'channel', 'active'], ordering: [...T, 'key'], defaultOrdering: 'key',
    check: (r) => {
      const unknown = (field: string) =>
        Object.values((r[field] ?? {}) as Record<string, string>).flatMap(unknownPlaceholders).map((name) => [true, field, `Unknown placeholder: ${name}.`] as [boolean, string, string]);
      return errorsOf([...unknown('title_i18n'), ...unknown('body_i18n')]);
    },
  },
  {
    ...base, name: 'conversations', table: 'conversations', title: 'Conversations', area: 'messaging', vendorColumn: 'optional',
    read: Conversation, create: ConversationInput, patch: ConversationPatch, access: crud({ delete: 'staff' }),
    refs: { vendor_id: 'vendors', customer_id: 'customers', booking_id: 'bookings', assignee_id: 'users' },
    search: ['subject', 'last_message_preview'], filters: ['vendor_id', 'kind', 'customer_id', 'booking_id', 'assignee_id', 'archived', 'unread_count', 'last_message_at'],
    ordering: [...T, 'last_message_at', 'unread_count'], defaultOrdering: '-last_message_at',
  },
  {
    ...base, name: 'messages', table: 'messages', title: 'Messages', area: 'messaging', vendorColumn: 'optional',
    read: Message, create: MessageInput, patch: MessagePatch, access: crud({ delete: 'none' }),
    parent: { collection: 'conversations', field: 'conversation_id' },
    search: ['body'], filters: ['author_type', 'created_at'], ordering: ['created_at'], defaultOrdering: 'created_at',
  },
  {
    ...base, name: 'tickets', table: 'tickets', title: 'Support tickets', area: 'messaging', vendorColumn: 'optional',
    read: Ticket, create: TicketInput, patch: TicketPatch, access: crud({ delete: 'staff', transition: 'any' }),
    refs: { vendor_id: 'vendors', customer_id: 'customers', booking_id: 'bookings', assignee_id: 'users' },
    staffOnlyFields: ['assignee_id'],
    search: ['subject', 'requester_name', 'requester_email'],
    filters: ['status', 'priority', 'vendor_id', 'assignee_id', 'customer_id', 'booking_id', 'requester_type', 'created_at', 'first_response_due_at', 'first_responded_at'],
    // Overdue: no answer yet and past the time the priority promised; those come first.
    views: {
      overdue: [{ first_responded_at__isnull: 'true', first_response_due_at__lt: '$now', status__in: 'new,open,pending' }],
      open: [{ status__in: 'new,open,pending' }],
      solved: [{ status__in: 'solved,closed' }],
      all: [{}],
    },
    ordering: [...T, 'priority', 'status', 'first_response_due_at'], lifecycle: 'ticket',
  },
  {
    ...base, name: 'chatbot-requests', table: 'chatbot_requests', title: 'Chatbot requests', area: 'messaging', vendorRule: 'none', vendorColumn: 'none',
    read: ChatbotRequest, create: ChatbotRequestInput, patch: ChatbotRequestPatch, access: staffOnly({ transition: 'staff' }),
    refs: { customer_id: 'customers', booking_id: 'bookings', ticket_id: 'tickets' },
    search: ['intent', 'resolution_note'], filters: ['status', 'intent', 'customer_id', 'booking_id', 'channel', 'created_at'],
    // What waits on staff first: new and in review.
    views: { open: [{ status__in: 'new,in_review' }], done: [{ status__in: 'resolved,escalated,dismissed' }], all: [{}] },
    ordering: [...T, 'status', 'confidence'], lifecycle: 'chatbot_request',
  },
  {
    ...base, name: 'help-articles', table: 'help_articles', title: 'Help articles', area: 'messaging', vendorRule: 'audience', vendorColumn: 'none',
    read: HelpArticle, create: HelpArticleInput, patch: HelpArticlePatch, access: staffWrites(),
    search: ['title_i18n', 'body_i18n', 'slug'], filters: ['audience', 'published', 'slug'], ordering: [...T, 'sort_order', 'title_i18n'], defaultOrdering: 'sort_order',
  },
  // Settings ---------------------------------------------------------------------------
  {
    ...base, name: 'banners', table: 'banners', title: 'Banners', area: 'settings', vendorRule: 'none', vendorColumn: 'none',
    read: Banner, create: BannerInput, patch: BannerPatch, access: staffOnly(),
    filters: ['locale', 'active', 'starts_at', 'ends_at'], ordering: [...T, 'sort_order', 'starts_at'], defaultOrdering: 'sort_order',
    check: (r) => errorsOf([[!strictlyBefore(r.starts_at, r.ends_at), 'ends_at', 'Must be after starts_at.']]),
  },
  {
    ...base, name: 'reason-codes', table: 'reason_codes', title: 'Reason codes', area: 'settings', vendorRule: 'all', vendorColumn: 'none',
    read: ReasonCodeRecord, create: ReasonCodeInput, patch: ReasonCodePatch,
    // Records keep codes: a code is retired (active: false), not deleted.
    access: staffWrites({ delete: 'none' }),
    search: ['code', 'label_i18n'], filters: ['kind', 'code', 'active'], ordering: [...T, 'kind', 'code', 'sort_order'], defaultOrdering: 'sort_order',
  },
  {
    ...base, name: 'audit-log', table: 'audit_log', title: 'Audit log', area: 'settings', vendorColumn: 'optional',
    read: AuditEntry, access: crud({ create: 'none', update: 'none', delete: 'none' }), refs: { actor_user_id: 'users', acting_as_vendor_id: 'vendors' },
    search: ['action', 'entity', 'actor_email', 'entity_id'], filters: ['entity', 'entity_id', 'action', 'actor_user_id', 'vendor_id', 'at'],
    ordering: ['at'], defaultOrdering: '-at',
  },
];

/**
 * What names a record where another record points to it: the few fields a list shows
 * instead of an id (`expand=booking_id` gives each row the booking's ref and customer).
 * Only these fields ever leave through an expansion, and only of records the caller may
 * see. `users` are the people behind audit entries and assignments (not a collection).
 */
export const LABEL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  bookings: ['ref', 'customer_name', 'starts_at'],
  combos: ['title_i18n'],
  refunds: ['amount', 'currency', 'status'],
  locations: ['name_i18n'],
  services: ['title_i18n'],
  'service-slots': ['starts_at'],
  'price-rules': ['name'],
  categories: ['name_i18n'],
  amenities: ['name_i18n'],
  interests: ['name_i18n'],
  adventures: ['title_i18n'],
  coupons: ['code'],
  discounts: ['name_i18n'],
  deals: ['title_i18n'],
  payments: ['amount', 'currency', 'method', 'paid_at'],
  payouts: ['period_end', 'amount', 'currency', 'status'],
  'payment-invitations': ['invitee_name', 'amount', 'currency'],
  customers: ['name'],
  reviews: ['rating', 'title'],
  vendors: ['trade_name'],
  branches: ['name'],
  'vendor-documents': ['kind', 'expires_on'],
  topics: ['key', 'name_i18n'],
  conversations: ['subject'],
  tickets: ['subject'],
  'help-articles': ['title_i18n'],
  users: ['name'],
};

export const COLLECTION_BY_NAME: ReadonlyMap<string, CollectionSpec> = new Map(COLLECTIONS.map((c) => [c.name, c]));

export function collection(name: string): CollectionSpec {
  const spec = COLLECTION_BY_NAME.get(name);
  if (!spec) throw new Error(`Unknown collection ${name}`);
  return spec;
}
