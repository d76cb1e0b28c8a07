/**
 * GET /branch/api/search/?q=&limit= -> {results: [{kind, id, title, subtitle, path}]}:
 * records found from anywhere (the command palette). A booking by its ref or its customer's
 * phone, a customer by the words of the name or email in any order or by the phone (typed
 * any way), a service by the words of its title in any language, a vendor by name (staff
 * only); accents, case, punctuation and dashes aside (search_fold, migration 153). Scoped like the collections: vendor staff find
 * their own bookings and services and the customers who booked with them, never vendors.
 *
 * One statement (a UNION of one small query per kind), each answered from an index
 * (migration 144), so it stays fast at 1,000,000 bookings.
 */
import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { LOCALES } from '../../common/common.ts';
import { normalizePhone, phoneSearchDigits } from '../../common/phone.ts';
import { searchTerms } from '../../common/searchText.ts';
import { collection, type CollectionSpec } from '../../common/registry.ts';
import { requestLocale } from '../errorLanguage.ts';
import type { Actor } from '../engine/actor.ts';
import { escapeLike, wordsMatch } from '../engine/listing.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { context } from '../engine/resources.ts';
import { Params, visibility } from '../engine/scope.ts';

export const SearchQuery = Type.Object(
  {
    q: Type.String({ maxLength: 100 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 5 })),
  },
  { additionalProperties: false },
);

export type SearchKind = 'booking' | 'customer' | 'service' | 'vendor';

export interface SearchResult {
  kind: SearchKind;
  id: string;
  title: string;
  subtitle: string;
  path: string;
}

/** Shorter searches would match most records; one character finds nothing. */
const MIN_LENGTH = 2;
/** A booking ref's characters (server/bookings/bookings.ts REF_ALPHABET, in capitals). */
const REF_LIKE = /^[A-Za-z0-9]{2,12}$/;

/** A service's titles as one text: each word of a search is looked for in any of the three languages. */
const SERVICE_TITLES = `(coalesce(s.title_i18n->>'en', '') || ' ' || coalesce(s.title_i18n->>'fr', '') || ' ' || coalesce(s.title_i18n->>'ar', ''))`;

const PATHS: Record<SearchKind, string> = { booking: '/booking/', customer: '/customers/', service: '/services/', vendor: '/vendors/' };

function mayList(spec: CollectionSpec, actor: Actor): boolean {
  const rule = spec.access.list;
  if (rule === 'none') return false;
  return actor.staff || (rule !== 'staff' && spec.vendorRule !== 'none');
}

/** The text of an i18n object in `locale`, else in any language it has. */
function inLocale(value: unknown, locale: string): string {
  const texts = (value ?? {}) as Record<string, string>;
  return texts[locale] || LOCALES.map((l) => texts[l]).find(Boolean) || '';
}

export async function searchRecords(
  db: { query: (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> },
  actor: Actor,
  text: string,
  limit: number,
  locale: string,
): Promise<SearchResult[]> {
  const q = text.trim();
  const words = searchTerms(q);
  if (q.length < MIN_LENGTH || words.length === 0) return [];
  const params = new Params();
  const n = params.add(limit, '::int');
  const phone = normalizePhone(q);
  const parts: string[] = [];

  // Refs in the order of their pattern index (migration 144), so the scan stops at the limit.
  const bookings = collection('bookings');
  if (REF_LIKE.test(q) && mayList(bookings, actor)) {
    parts.push(`(SELECT 'booking' AS kind, b.id, b.ref AS title, b.customer_name AS detail, b.service_title_i18n AS i18n
      FROM bookings b WHERE b.ref LIKE ${params.add(`${escapeLike(q.toUpperCase())}%`)} AND ${visibility(bookings, actor, params, 'b')}
      ORDER BY b.ref USING ~<~ LIMIT ${n})`);
  }
  // A phone typed any way also finds the bookings made under it, the latest first (its index).
  if (phone && mayList(bookings, actor)) {
    parts.push(`(SELECT 'booking' AS kind, b.id, b.ref AS title, b.customer_name AS detail, b.service_title_i18n AS i18n
      FROM bookings b WHERE b.customer_phone = ${params.add(phone)} AND ${visibility(bookings, actor, params, 'b')}
      ORDER BY b.starts_at DESC LIMIT ${n})`);
  }

  const customers = collection('customers');
  if (mayList(customers, actor)) {
    const digits = phone ? null : phoneSearchDigits(q);
    // Every word in the name or email, in any order, folded (trigram indexes, migration 153).
    const match = phone
      ? `c.phone = ${params.add(phone)}`
      : digits
        ? `(c.phone LIKE ${params.add(`%${digits}%`)} OR ${wordsMatch(['c.name', 'c.email'], words, params)})`
        : wordsMatch(['c.name', 'c.email'], words, params);
    // The customers' `customer_of` rule (scope.ts), written so that each customer the index
    // finds is checked with one probe of the vendor's bookings (OFFSET 0 keeps the planner
    // from hashing every booking of the vendor first): a few probes before the limit is met.
    const scoped = actor.staff
      ? 'TRUE'
      : `(c.created_by_vendor_id = ${params.add(actor.vendorId)} OR EXISTS (SELECT 1 FROM bookings vb WHERE vb.vendor_id = ${params.add(actor.vendorId)} AND vb.customer_id = c.id OFFSET 0))`;
    parts.push(`(SELECT 'customer' AS kind, c.id, c.name AS title, concat_ws(' · ', c.phone, c.email) AS detail, NULL::jsonb AS i18n
      FROM customers c WHERE ${match} AND c.merged_into_id IS NULL AND ${scoped}
      LIMIT ${n})`);
  }

  const services = collection('services');
  if (mayList(services, actor)) {
    parts.push(`(SELECT 'service' AS kind, s.id, NULL AS title, sv.trade_name AS detail, s.title_i18n AS i18n
      FROM services s JOIN vendors sv ON sv.id = s.vendor_id WHERE ${wordsMatch([SERVICE_TITLES], words, params)} AND ${visibility(services, actor, params, 's')}
      ORDER BY s.status = 'archived', s.created_at DESC LIMIT ${n})`);
  }

  // Vendors are a few hundred rows: a scan of their names is cheap.
  const vendors = collection('vendors');
  if (actor.staff && mayList(vendors, actor)) {
    parts.push(`(SELECT 'vendor' AS kind, v.id, v.trade_name AS title, v.legal_name AS detail, NULL::jsonb AS i18n
      FROM vendors v WHERE ${wordsMatch(['v.trade_name', 'v.legal_name'], words, params)}
      ORDER BY v.trade_name LIMIT ${n})`);
  }

  if (parts.length === 0) return [];
  const { rows } = await db.query(parts.join('\nUNION ALL\n'), params.values);
  // A booking found by its ref and by its phone is listed once.
  const seen = new Set<string>();
  const unique = rows.filter((row) => !seen.has(`${row.kind}:${row.id}`) && seen.add(`${row.kind}:${row.id}`));
  return unique.map((row) => {
    const kind = row.kind as SearchKind;
    const id = String(row.id);
    const i18n = inLocale(row.i18n, locale);
    const title = kind === 'service' ? i18n : String(row.title ?? '');
    const subtitle = kind === 'booking' ? [row.detail, i18n].filter(Boolean).join(' · ') : String(row.detail ?? '');
    return { kind, id, title, subtitle, path: `${PATHS[kind]}${id}` };
  });
}

export function registerSearch(app: FastifyInstance): void {
  app.get<{ Querystring: Static<typeof SearchQuery> }>(
    `${API_PREFIX}/search/`,
    { onRequest: app.authenticate, schema: { querystring: SearchQuery } },
    async (request) => {
      const { actor } = await context(app, request);
      const locale = requestLocale(request.headers['accept-language']);
      return { results: await searchRecords(app.db, actor, request.query.q, request.query.limit ?? 5, locale) };
    },
  );
}
