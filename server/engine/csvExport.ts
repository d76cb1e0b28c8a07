/**
 * `GET /branch/api/<collection>/export.csv?<list filters>&ordering=&lang=&columns=&expand=`:
 * every record the list shows for these filters (not one page), as CSV for a spreadsheet:
 * - in the list's order, read EXPORT_BATCH rows at a time by keyset on the ordering plus
 *   the id, and written as they come, so memory stays flat and a late page costs what the
 *   first does;
 * - headers in the user's language (`column.<collection>.<field>`, else `column.<field>`,
 *   in the SPA's catalogues), enums by their catalogue label, texts in three languages in
 *   that language, money in major units, instants in Algeria's time;
 * - `columns=` chooses the fields and their order; `expand=` shows a reference by its
 *   label (the booking's ref, the vendor's trade name) instead of its id.
 */
import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import { IntlMessageFormat } from 'intl-messageformat';
import { Readable } from 'node:stream';
import { LOCALES, MAX_MINOR, type Locale } from '../../common/common.ts';
import { normalizePhone } from '../../common/phone.ts';
import { COLLECTION_BY_NAME, LABEL_FIELDS, type CollectionSpec } from '../../common/registry.ts';
import ar from '../../src/locales/ar.json' with { type: 'json' };
import en from '../../src/locales/en.json' with { type: 'json' };
import fr from '../../src/locales/fr.json' with { type: 'json' };
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import { actorOf, type Actor } from './actor.ts';
import { expandedFields, expandParam, expandRecords, parseExpand } from './expand.ts';
import { EXPORT_BATCH, csvCell, listConditions, listQuerySchema, orderKeys, type ListQuery, type OrderKey } from './listing.ts';
import { API_PREFIX } from './paths.ts';
import { guarded } from './resources.ts';
import { Params, visibility } from './scope.ts';
import { selectListOf, tableInfo, toRecord, type ColumnInfo } from './table.ts';
import { BUSINESS_TIME_ZONE } from '../../common/time.ts';

const CATALOGUES: Record<Locale, Record<string, string>> = { en, fr, ar };

/** Enum fields whose values the catalogues name, and under which prefix (the list's filter names them the same way). */
export const ENUM_LABELS: Record<string, string> = {
  'bookings.status': 'bookingStatus',
  'bookings.payment_status': 'paymentStatus',
  'bookings.channel': 'channel',
  'payments.status': 'paymentRecordStatus',
  'payments.method': 'paymentMethod',
  'payments.payout_status': 'paymentPayoutStatus',
  'vendor-share-entries.kind': 'payouts.kind',
  'payouts.status': 'payoutStatus',
  'refunds.status': 'refundStatus',
  'payment-invitations.status': 'invitationStatus',
  'refunds.kind': 'refundKind',
  'refunds.destination': 'refundDestination',
  'combos.pricing': 'comboPricing',
  'help-articles.audience': 'helpAudience',
  'services.status': 'serviceStatus',
  'services.booking_type': 'bookingType',
  'services.confirmation': 'confirmation',
  'services.cancellation_policy': 'cancellationPolicy',
  'customers.locale': 'field.language',
  'wallet-transactions.kind': 'walletKind',
  'wallet-transactions.source': 'walletSource',
  'loyalty-entries.source': 'loyaltySource',
  'reviews.status': 'reviewStatus',
  'reviews.language': 'field.language',
  'vendors.status': 'vendorStatus',
  'vendors.payout_method': 'payoutMethod',
  'vendor-documents.kind': 'vendorDocumentKind',
  'coupons.kind': 'promotionKind',
  'discounts.kind': 'promotionKind',
  'coupons.funded_by': 'promotionFunder',
  'discounts.funded_by': 'promotionFunder',
  'deals.funded_by': 'promotionFunder',
  'adventures.status': 'adventureStatus',
  'adventures.price_mode': 'adventurePriceMode',
  'banners.locale': 'settings.banner.localeOption',
  'chatbot-requests.channel': 'chatbotChannel',
  'chatbot-requests.status': 'chatbotStatus',
  'media.owner_type': 'media.ownerType',
  'notifications.audience_type': 'notificationAudience',
  'notifications.channel': 'notificationChannel',
  'notifications.status': 'notificationStatus',
  'notifications.template_key': 'notificationTemplate',
  'notification-templates.key': 'notificationTemplate',
  'notification-templates.channel': 'notificationChannel',
  'price-rules.customer_type': 'newBooking.type',
  'price-rules.per': 'prices.perValue',
  'tickets.priority': 'ticketPriority',
  'tickets.status': 'ticketStatus',
  'tickets.requester_type': 'ticketRequester',
};

/**
 * Texts the server itself wrote in English (the ledger entries of refunds, payments, earned
 * and expired points), said in the export's language with the SPA's words for them.
 */
const SERVER_TEXTS: Record<string, ReadonlyArray<readonly [RegExp, string]>> = {
  'wallet-transactions.reason': [
    [/^Refund for booking (?<ref>\S+)$/, 'ledgers.auto.walletRefund'],
    [/^Payment for booking (?<ref>\S+)$/, 'ledgers.auto.walletBooking'],
  ],
  'loyalty-entries.reason': [
    [/^Booking (?<ref>\S+) completed$/, 'ledgers.auto.pointsEarned'],
    [/^Booking (?<ref>\S+) refunded$/, 'ledgers.auto.pointsTakenBack'],
    [/^Points earned until \S+ expired$/, 'ledgers.auto.pointsExpired'],
  ],
};

export interface ExportQuery extends ListQuery {
  lang?: Locale;
  columns?: string;
}

export interface ExportDefaults {
  /** Fields exported when the request names none (every field otherwise). */
  columns?: readonly string[];
  /** Ordering when the request gives none (the collection's default otherwise). */
  ordering?: string;
  /** References always shown by their label, whatever the request expands (a spreadsheet has no use for an id). */
  expand?: readonly string[];
}

/** Exports of the registry's collections that show references by label. */
const EXPORT_DEFAULTS: Record<string, ExportDefaults> = {
  payments: { expand: ['booking_id', 'recorded_by', 'reconciled_by'] },
  'vendor-share-entries': { expand: ['booking_id', 'payout_id'] },
  'commission-changes': { expand: ['changed_by'] },
  'wallet-transactions': { expand: ['customer_id', 'booking_id'] },
  'loyalty-entries': { expand: ['customer_id', 'booking_id'] },
  reviews: { expand: ['vendor_id', 'booking_id', 'service_id', 'customer_id'] },
  // Who sold it and where it was made, by name; the customer and the service as they were booked sit beside their ids.
  bookings: { expand: ['vendor_id', 'branch_id', 'location_id', 'slot_id', 'combo_id', 'created_by'] },
};

/** The query string of an export: the list's filters and ordering, plus lang, columns and expand. */
export function exportQuerySchema(spec: CollectionSpec) {
  return listQuerySchema(spec, {
    lang: { type: 'string', enum: [...LOCALES], default: 'en', description: 'The language of headers, labels and translated texts.' },
    columns: { type: 'string', maxLength: 2000, description: 'The fields to export, comma-separated, in this order; every field when absent.' },
    ...expandParam(spec),
  });
}

/** Money columns hold minor units: integers bounded like MinorUnits (a percentage-or-amount is not one). */
function isMoney(column: ColumnInfo): boolean {
  return column.type === 'integer' && column.schema.maximum === MAX_MINOR && !String(column.schema.description ?? '').includes('percentage');
}

function chosenColumns(spec: CollectionSpec, columns: string | undefined, defaults: ExportDefaults, actor: Actor): ColumnInfo[] {
  const info = tableInfo(spec);
  // Fields vendor staff never read are no columns of theirs: left out by default, unknown when named.
  const hidden = actor.staff ? [] : (spec.staffOnlyReadFields ?? []);
  // Unless named, no vendor column for vendor staff: they see their own vendor's records only.
  const ours = !actor.staff && spec.vendorRule === 'own' ? ['vendor_id'] : [];
  const all = (defaults.columns ?? [...info.columns.keys()]).filter((n) => !hidden.includes(n) && !ours.includes(n));
  const names = columns === undefined ? all : columns.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !info.columns.has(n) || hidden.includes(n));
  if (names.length === 0 || unknown.length > 0) {
    throw badRequest({ columns: [unknown.length > 0 ? `Unknown fields: ${unknown.join(', ')}.` : 'Name at least one field.'] }, 'Invalid query');
  }
  return [...new Set(names)].map((n) => info.columns.get(n)!);
}

/** How a value of a key is written back into SQL to resume after it, at full precision. */
function castOf(key: OrderKey): string {
  if (key.column.i18n) return 'text';
  if (key.column.kind === 'timestamp') return 'timestamptz';
  if (key.column.kind === 'date') return 'date';
  if (key.column.schema.format === 'uuid') return 'uuid';
  // bigint against an integer column keeps its index usable (one operator family); numeric would not.
  if (key.column.type === 'integer') return 'bigint';
  if (key.column.type === 'number') return 'numeric';
  if (key.column.type === 'boolean') return 'boolean';
  return 'text';
}

/**
 * The rows after `last` in the order of `keys` (PostgreSQL puts NULLs last ascending and
 * first descending). Keys that cannot be NULL and share one direction compare as one row,
 * which an index on them serves directly.
 */
function after(keys: OrderKey[], last: (string | null)[], params: Params): string {
  const value = (i: number) => `${params.add(last[i])}::${castOf(keys[i])}`;
  const nullable = (k: OrderKey) => k.column.nullable || k.column.i18n;
  if (keys.every((k) => !nullable(k) && k.desc === keys[0].desc)) {
    return `(${keys.map((k) => k.sql).join(', ')}) ${keys[0].desc ? '<' : '>'} (${keys.map((_, i) => value(i)).join(', ')})`;
  }
  const equal = (i: number) => (last[i] === null ? `${keys[i].sql} IS NULL` : `${keys[i].sql} = ${value(i)}`);
  const beyond = (i: number): string | null => {
    const k = keys[i];
    if (last[i] === null) return k.desc ? `${k.sql} IS NOT NULL` : null;
    return k.desc ? `${k.sql} < ${value(i)}` : `(${k.sql} > ${value(i)}${nullable(k) ? ` OR ${k.sql} IS NULL` : ''})`;
  };
  const alternatives: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    const b = beyond(i);
    if (b) alternatives.push([...keys.slice(0, i).map((_, j) => equal(j)), b].join(' AND '));
  }
  return alternatives.length > 0 ? `(${alternatives.map((a) => `(${a})`).join(' OR ')})` : 'FALSE';
}

/** Fields holding a phone number: `phone`, `customer_phone`, `payer_phone`… */
const PHONE_COLUMN = /(^|_)phone$/;

/**
 * A phone as a spreadsheet keeps it: text it shows as typed, never a number (+213555123456
 * read as 2.13E+11) and never a formula (a leading +): Algerian numbers the local way
 * (`0555 12 34 56`, `021 12 34 56`), others with the international prefix dialled from
 * Algeria (`00 33612345678`). Spaces and the leading 0 keep every spreadsheet from reading
 * a number. What is not a phone number is left to csvCell.
 */
export function spreadsheetPhone(value: string): string {
  const e164 = normalizePhone(value);
  if (!e164) return value;
  if (!e164.startsWith('+213')) return `00 ${e164.slice(1)}`;
  const n = e164.slice(4);
  const lead = n.length === 9 ? 3 : 2;
  return `0${n.slice(0, lead)} ${n.slice(lead).match(/\d{2}/g)!.join(' ')}`;
}

/**
 * The header of each column in the export's language (`column.<collection>.<field>`, else
 * `column.<field>`), each named once: where a reference exported as its id would be
 * called like another column (the booking's customer id and the customer's name as booked
 * are both "Customer"), the id says it is one.
 */
function headers(spec: CollectionSpec, columns: ColumnInfo[], expanded: Map<string, string>, t: (key: string) => string | undefined, lang: Locale): string[] {
  const named = columns.map((c) => t(`column.${spec.name}.${c.name}`) ?? t(`column.${c.name}`) ?? c.name);
  const isId = (c: ColumnInfo) => c.schema.format === 'uuid' && !expanded.has(c.name);
  return named.map((name, i) => {
    const twice = named.some((other, j) => j !== i && other === name);
    return twice && isId(columns[i]) ? String(new IntlMessageFormat(t('export.idHeader') ?? '{name} (ID)', lang).format({ name })) : name;
  });
}

function formatter(spec: CollectionSpec, columns: ColumnInfo[], expanded: Map<string, string>, lang: Locale) {
  const catalogue = CATALOGUES[lang];
  const t = (key: string): string | undefined => catalogue[key] ?? (en as Record<string, string>)[key];
  const dates = new Intl.DateTimeFormat('sv-SE', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const value = (collection: string, column: ColumnInfo, v: unknown): unknown => {
    if (v === null || v === undefined) return '';
    if (column.i18n) {
      const texts = v as Record<string, string | undefined>;
      return texts[lang] || texts.en || '';
    }
    // ISO-like local time in Algeria (YYYY-MM-DD HH:MM): sortable and unambiguous in every language.
    if (column.kind === 'timestamp') return dates.format(new Date(String(v)));
    if (isMoney(column)) return (Number(v) / 100).toFixed(2);
    if (column.type === 'boolean') return t(v ? 'export.yes' : 'export.no');
    const prefix = ENUM_LABELS[`${collection}.${column.name}`];
    if (prefix && typeof v === 'string') return t(`${prefix}.${v}`) ?? v;
    if (PHONE_COLUMN.test(column.name) && typeof v === 'string') return spreadsheetPhone(v);
    for (const [pattern, key] of SERVER_TEXTS[`${collection}.${column.name}`] ?? []) {
      const match = lang === 'en' ? null : pattern.exec(String(v));
      if (match) return new IntlMessageFormat(t(key) ?? String(v), lang).format(match.groups ?? {});
    }
    return v;
  };
  /** A reference shown by the first of its target's label fields (a user by name). */
  const label = (target: string, ref: Record<string, unknown> | null | undefined): unknown => {
    if (!ref) return '';
    const first = LABEL_FIELDS[target][0];
    const targetSpec = COLLECTION_BY_NAME.get(target);
    const column = targetSpec ? tableInfo(targetSpec).columns.get(first) : undefined;
    return column ? value(target, column, ref[first]) : ref[first];
  };
  const cell = (column: ColumnInfo, record: Record<string, unknown>): unknown => {
    const target = expanded.get(column.name);
    if (!target) return value(spec.name, column, record[column.name]);
    return label(target, (record._expanded as Record<string, Record<string, unknown> | null>)[column.name]);
  };
  return {
    header: () => headers(spec, columns, expanded, t, lang).map(csvCell).join(',') + '\r\n',
    row: (record: Record<string, unknown>) => columns.map((c) => csvCell(cell(c, record))).join(',') + '\r\n',
  };
}

/**
 * The export as CSV chunks: a byte-order mark and the header first (so spreadsheets read
 * UTF-8), then one chunk per batch. Everything about the request is checked before the
 * generator is returned, so a bad parameter is a plain 400, never a broken download.
 */
export function exportCsv(q: Queryable, spec: CollectionSpec, actor: Actor, query: ExportQuery, defaults: ExportDefaults = {}): AsyncGenerator<string> {
  const { lang = 'en', columns: columnsText, expand: expandText, ...list } = query;
  const info = tableInfo(spec);
  const columns = chosenColumns(spec, columnsText, defaults, actor);
  const expand = parseExpand(spec, [...new Set([...(defaults.expand ?? []), ...(expandText?.split(',') ?? [])])].join(',') || undefined);
  const keys = orderKeys(spec, list.ordering ?? defaults.ordering);
  listConditions(spec, list, new Params(), 't', actor);
  const format = formatter(spec, columns, new Map(
      // A field whose collection varies per record is exported as its id.
      expand.filter((e): e is [string, string] => typeof e[1] === 'string' && columns.some((c) => c.name === e[0])),
    ), lang);
  const read = [...new Map([...columns, ...expandedFields(expand).map((f) => info.columns.get(f)!), info.columns.get('id')!].map((c) => [c.name, c])).values()];
  return (async function* () {
    yield '\ufeff' + format.header();
    let last: (string | null)[] | null = null;
    for (;;) {
      const params = new Params();
      const where = [visibility(spec, actor, params), ...listConditions(spec, list, params, 't', actor)];
      if (last) where.push(after(keys, last, params));
      // Each key also as text, to resume after the last row exactly (a JS Date would round an instant).
      const cursor = keys.map((k, i) => `(${k.sql})::text AS _k${i}`).join(', ');
      const { rows } = await q.query(
        `SELECT ${selectListOf(read)}, ${cursor} FROM ${info.table} t WHERE ${where.join(' AND ')}
          ORDER BY ${keys.map((k) => `${k.sql} ${k.desc ? 'DESC' : 'ASC'}`).join(', ')} LIMIT ${EXPORT_BATCH}`,
        params.values,
      );
      if (rows.length === 0) return;
      const records = await expandRecords(q, actor, rows.map((r) => toRecord(r)), expand);
      yield records.map(format.row).join('');
      if (rows.length < EXPORT_BATCH) return;
      const end = rows[rows.length - 1];
      last = keys.map((_, i) => (end[`_k${i}`] as string | null) ?? null);
    }
  })();
}

/** Sends an export as a download named after the collection and the day. */
export async function sendExport(app: FastifyInstance, request: FastifyRequest<{ Querystring: ExportQuery }>, reply: FastifyReply, spec: CollectionSpec, defaults: ExportDefaults = {}) {
  const actor = await actorOf(request, app.db);
  const csv = exportCsv(app.db, spec, actor, request.query, defaults);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${spec.name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csv));
}

/** `GET /<collection>/export.csv` for a collection of the registry. */
export function registerExport(app: FastifyInstance, spec: CollectionSpec): void {
  app.get<{ Querystring: ExportQuery }>(`${API_PREFIX}/${spec.name}/export.csv`, { ...guarded(app, spec, 'list'), schema: { querystring: exportQuerySchema(spec) } }, (request, reply) =>
    sendExport(app, request, reply, spec, EXPORT_DEFAULTS[spec.name]),
  );
}
