/**
 * Lists: `?page=&page_size=&ordering=&search=&<filter>=` -> `{count, next, previous,
 * results}`. Filters, ordering fields and searched fields are whitelisted per collection
 * in the registry; their query-string schema is derived from the read schema so that
 * values are coerced and checked before they reach SQL.
 */
import type { FastifyRequest } from 'fastify';
import { LOCALES } from '../../common/common.ts';
import { normalizePhone, phoneSearchDigits } from '../../common/phone.ts';
import { searchTerms } from '../../common/searchText.ts';
import { collection, type CollectionSpec } from '../../common/registry.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import type { Actor } from './actor.ts';
import { expandedFields, expandRecords, parseExpand } from './expand.ts';
import { Params, readable, visibility } from './scope.ts';
import { selectListOf, tableInfo, toRecord, type ColumnInfo } from './table.ts';
import { algeriaInstant, algeriaToday, algeriaWallClock } from '../../common/time.ts';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
const RANGE_OPS = { gte: '>=', lte: '<=', gt: '>', lt: '<' } as const;

function filterValueSchema(column: ColumnInfo): Record<string, unknown> {
  const { schema } = column;
  if (column.kind === 'timestamp' || column.kind === 'date') {
    return { type: 'string', maxLength: 40, anyOf: [{ format: 'date-time' }, { format: 'date' }] };
  }
  if (column.type === 'boolean') return { type: 'boolean' };
  // Within what the column can hold, so a value past it is a 400 here, not a database
  // error: the record schema's bounds, else those of a PostgreSQL integer or a finite number.
  if (column.type === 'integer') return { type: 'integer', minimum: schema.minimum ?? -2147483648, maximum: schema.maximum ?? 2147483647 };
  if (column.type === 'number') return { type: 'number', minimum: schema.minimum ?? -Number.MAX_VALUE, maximum: schema.maximum ?? Number.MAX_VALUE };
  const out: Record<string, unknown> = { type: 'string', maxLength: Math.min(Number(schema.maxLength ?? 200), 200) };
  if (schema.enum) out.enum = schema.enum;
  if (schema.format === 'uuid') out.format = 'uuid';
  return out;
}

/** The list routes' own parameter: sparse fieldsets, so a table fetches only what it shows. */
export const FIELDS_PARAM = {
  fields: { type: 'string', maxLength: 2000, description: 'The fields to return, comma-separated (id and version always come back); all of them when absent.' },
};

/** The JSON schema of a collection's list query string (unknown parameters are refused). */
export function listQuerySchema(spec: CollectionSpec, extra: Record<string, unknown> = {}) {
  const info = tableInfo(spec);
  const properties: Record<string, unknown> = {
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    page_size: { type: 'integer', minimum: 1, default: DEFAULT_PAGE_SIZE, description: `At most ${MAX_PAGE_SIZE}; larger values are capped.` },
    ordering: { type: 'string', maxLength: 200, description: `One or more of ${spec.ordering.join(', ')}, comma-separated; prefix with - for descending.` },
    search: { type: 'string', maxLength: 200 },
    ...extra,
  };
  if (spec.views) properties.view = { type: 'string', enum: Object.keys(spec.views), description: 'A named filter (see the collection\'s views).' };
  for (const name of spec.filters) {
    const related = spec.relatedFilters?.[name];
    if (related) {
      properties[name] = related.schema;
      continue;
    }
    const column = info.columns.get(name);
    if (!column) continue;
    const value = filterValueSchema(column);
    properties[name] = value;
    if (column.kind === 'timestamp' || column.kind === 'date' || column.type === 'integer' || column.type === 'number') {
      for (const op of Object.keys(RANGE_OPS)) properties[`${name}__${op}`] = value;
    }
    if (column.type === 'string' && column.kind === 'scalar') properties[`${name}__in`] = { type: 'string', maxLength: 4000 };
    if (column.nullable) properties[`${name}__isnull`] = { type: 'boolean' };
  }
  return { type: 'object', properties, additionalProperties: false };
}

export interface ListQuery {
  page?: number;
  page_size?: number;
  ordering?: string;
  search?: string;
  fields?: string;
  expand?: string;
  [filter: string]: unknown;
}

/** A search's words, at most this many (each one more condition on every row). */
const MAX_SEARCH_WORDS = 8;

/**
 * Every word of a search found in one of `texts` (SQL expressions), in any order: "benali
 * karim" finds "Karim Ben-Ali". Both sides are compared folded (search_fold, migration 153:
 * no case, accents, Arabic vowels, punctuation or dashes); the words come from searchTerms,
 * so they hold no LIKE wildcard. TRUE when there is no word. `folded`: the texts are folded
 * already (a table's stored `search_text`, registry `searchFolded`).
 */
export function wordsMatch(texts: readonly string[], words: readonly string[], params: Params, folded = false): string {
  const conditions = words.slice(0, MAX_SEARCH_WORDS).map((word) => {
    const pattern = `'%' || search_fold(${params.add(word)}) || '%'`;
    return `(${texts.map((text) => `${folded ? text : `search_fold(${text})`} LIKE ${pattern}`).join(' OR ')})`;
  });
  return conditions.length > 0 ? `(${conditions.join(' AND ')})` : 'TRUE';
}

export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Midnight at the start of the day `days` after today, in Algeria. */
function algeriaMidnight(days: number, now = Date.now()): string {
  return algeriaInstant(algeriaToday(new Date(now + days * 86_400_000)));
}

/** The calendar date in Algeria of an instant. */
const algeriaDay = (instant: string) => algeriaWallClock(instant).slice(0, 10);

/**
 * A view's filter sets, each turned into conditions, ORed: `((a AND b) OR (c))`. `$today`
 * on a calendar-date column is Algeria's date (an instant would be cast to the UTC day,
 * the day before until 01:00); `$now` is the instant of the request (what is overdue);
 * `__isnull` takes 'true' or 'false' as a query would.
 */
function viewCondition(spec: CollectionSpec, name: string, params: Params, alias: string): string {
  const sets = spec.views?.[name] ?? [];
  const columns = tableInfo(spec).columns;
  const resolve = (key: string, value: string | number) => {
    const [field, op] = key.split('__');
    if (op === 'isnull') return value === 'true';
    if (value === '$now') return new Date().toISOString();
    if (value !== '$today' && value !== '$tomorrow') return value;
    const instant = algeriaMidnight(value === '$today' ? 0 : 1);
    return columns.get(field!)?.schema.format === 'date' ? algeriaDay(instant) : instant;
  };
  const parts = sets.map((set) => {
    const conditions = listConditions(spec, Object.fromEntries(Object.entries(set).map(([k, v]) => [k, resolve(k, v)])), params, alias);
    return conditions.length > 0 ? `(${conditions.join(' AND ')})` : 'TRUE';
  });
  return parts.length > 0 ? `(${parts.join(' OR ')})` : 'TRUE';
}

/**
 * WHERE conditions for the filters and the search term of a list request. `actor` scopes a
 * filter on related records to the records the actor may see (`{own:<column>}` in its SQL:
 * their vendor's for vendor staff); without one, such a filter is refused.
 */
export function listConditions(spec: CollectionSpec, query: ListQuery, params: Params, alias = 't', actor?: Actor): string[] {
  const info = tableInfo(spec);
  const where: string[] = [];
  const errors: Record<string, string[]> = {};
  const hidden = actor && !actor.staff ? (spec.staffOnlyReadFields ?? []) : [];
  if (hidden.length > 0) {
    const sorted = String(query.ordering ?? '').split(',').map((o) => o.trim().replace(/^-/, ''));
    if (sorted.some((o) => hidden.includes(o))) errors.ordering = ['Only staff may sort by this field.'];
    for (const key of Object.keys(query)) if (hidden.includes(key.split('__')[0]!)) errors[key] = ['Only staff may filter by this field.'];
  }
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || ['page', 'page_size', 'ordering', 'search', 'fields'].includes(key)) continue;
    if (key === 'view' && spec.views) {
      if (typeof value === 'string' && Object.hasOwn(spec.views, value)) where.push(viewCondition(spec, value, params, alias));
      else (errors.view ??= []).push(`One of: ${Object.keys(spec.views).join(', ')}.`);
      continue;
    }
    const related = spec.relatedFilters?.[key];
    if (related && spec.filters.includes(key)) {
      if (!actor) throw new Error(`${spec.name}: the filter ${key} needs the actor`);
      const own = (column: string) => (actor.staff ? 'TRUE' : `${column} = ${params.add(actor.vendorId)}`);
      where.push(related.sql.replaceAll('{t}', alias).replaceAll('{value}', params.add(value)).replace(/\{own:([\w.]+)\}/g, (_, column: string) => own(column)));
      continue;
    }
    const [name, op] = key.split('__') as [string, string | undefined];
    const column = info.columns.get(name);
    if (!column || !spec.filters.includes(name)) continue; // parameters of the route itself (e.g. parent ids)
    const col = `${alias}.${name}`;
    if (op === undefined) where.push(`${col} = ${params.add(value)}`);
    else if (op in RANGE_OPS) where.push(`${col} ${RANGE_OPS[op as keyof typeof RANGE_OPS]} ${params.add(value)}`);
    else if (op === 'isnull') where.push(value ? `${col} IS NULL` : `${col} IS NOT NULL`);
    else if (op === 'in') {
      const items = String(value).split(',').map((s) => s.trim()).filter(Boolean);
      const allowed = column.schema.enum as string[] | undefined;
      const bad = items.filter((i) => (allowed && !allowed.includes(i)) || (column.schema.format === 'uuid' && !/^[0-9a-f-]{36}$/i.test(i)));
      if (items.length === 0 || items.length > 100 || bad.length > 0) (errors[key] ??= []).push('Give up to 100 valid values, comma-separated.');
      else where.push(`${col} = ANY(${params.add(items)}::text[]${column.schema.format === 'uuid' ? '::uuid[]' : ''})`);
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors, 'Invalid query');
  // Records the collection keeps but never lists (registry `listed`), whatever was asked.
  for (const [key, value] of Object.entries(spec.listed ?? {})) {
    const [name, op] = key.split('__');
    where.push(op === 'isnull' ? `${alias}.${name} IS ${value === 'true' ? '' : 'NOT '}NULL` : `${alias}.${name} = ${params.add(value)}`);
  }
  const term = typeof query.search === 'string' ? query.search.trim() : '';
  const phone = spec.phoneSearch && term ? normalizePhone(term) : null;
  const words = searchTerms(term);
  if (phone) {
    // A whole phone number, however typed, is that E.164 number: one index lookup.
    where.push(`${alias}.${spec.phoneSearch} = ${params.add(phone)}`);
  } else if (words.length > 0 && spec.search.length > 0) {
    const texts = spec.searchFolded ? [`${alias}.search_text`] : spec.search.flatMap((name) => {
      const column = info.columns.get(name);
      if (column?.i18n) return LOCALES.map((l) => `${alias}.${name}->>'${l}'`);
      return [`${alias}.${name}${column?.type === 'string' ? '' : '::text'}`];
    });
    const alternatives = [wordsMatch(texts, words, params, spec.searchFolded)];
    // Part of a phone (`0555 12`) is matched on its digits, as the stored E.164 number holds them.
    const digits = spec.phoneSearch ? phoneSearchDigits(term) : null;
    if (digits) alternatives.push(`${alias}.${spec.phoneSearch} LIKE ${params.add(`%${digits}%`)}`);
    // A record found through the one it points to, searched as that one's own list is.
    for (const through of spec.searchThrough ?? []) {
      const target = collection(through.collection);
      const found = listConditions(target, { search: term }, params, `${alias}_${through.field}`);
      alternatives.push(`${alias}.${through.field} IN (SELECT ${alias}_${through.field}.id FROM ${target.table} ${alias}_${through.field} WHERE ${found.join(' AND ') || 'TRUE'})`);
    }
    where.push(`(${alternatives.join(' OR ')})`);
  }
  return where;
}

/** One key of an ORDER BY: its SQL, its direction and the column it reads. */
export interface OrderKey {
  sql: string;
  desc: boolean;
  column: ColumnInfo;
}

/**
 * The keys of `ordering=a,-b` (whitelisted), ending with the id so pages are stable. A
 * text in three languages is ordered in one of them: `title_i18n.fr`.
 */
export function orderKeys(spec: CollectionSpec, ordering: string | undefined, alias = 't'): OrderKey[] {
  const info = tableInfo(spec);
  const keys = (ordering ?? spec.defaultOrdering).split(',').map((s) => s.trim()).filter(Boolean);
  const expression = (key: string): string | null => {
    const [name, lang, ...rest] = key.replace(/^-/, '').split('.');
    if (!spec.ordering.includes(name) || rest.length > 0) return null;
    const i18n = info.columns.get(name)?.i18n === true;
    if (lang === undefined) return i18n ? null : `${alias}.${name}`;
    return i18n && (LOCALES as readonly string[]).includes(lang) ? `lower(${alias}.${name}->>'${lang}')` : null;
  };
  const sorted = keys.map((k) => ({ key: k, sql: expression(k) }));
  if (sorted.some((s) => s.sql === null) || keys.length > 3) {
    const names = spec.ordering.map((n) => (info.columns.get(n)?.i18n ? `${n}.en|fr|ar` : n));
    throw badRequest({ ordering: [`Order by up to 3 of: ${names.join(', ')} (prefix - for descending).`] }, 'Invalid query');
  }
  const last = keys[keys.length - 1] ?? '';
  return [
    ...sorted.map(({ key, sql }) => ({ sql: sql!, desc: key.startsWith('-'), column: info.columns.get(key.replace(/^-/, '').split('.')[0])! })),
    { sql: `${alias}.id`, desc: last.startsWith('-'), column: info.columns.get('id')! },
  ];
}

/** ORDER BY for `ordering=a,-b`: see orderKeys. */
export function orderBy(spec: CollectionSpec, ordering: string | undefined, alias = 't'): string {
  return orderKeys(spec, ordering, alias).map((k) => `${k.sql} ${k.desc ? 'DESC' : 'ASC'}`).join(', ');
}

/** The SELECT list for `fields=a,b` (whitelisted columns, plus id and version), or every column. */
export function fieldsSelect(spec: CollectionSpec, fields: string | undefined): string {
  const info = tableInfo(spec);
  if (fields === undefined) return info.selectList;
  // id, and version where records have one (audit entries do not), always come back.
  const always = ['id', 'version'].filter((n) => info.columns.has(n));
  const names = new Set([...always, ...fields.split(',').map((s) => s.trim()).filter(Boolean)]);
  const unknown = [...names].filter((n) => !info.columns.has(n));
  if (unknown.length > 0) throw badRequest({ fields: [`Unknown fields: ${unknown.join(', ')}.`] }, 'Invalid query');
  return selectListOf([...info.columns.values()].filter((c) => names.has(c.name)));
}

/**
 * A link to another page of the same list: this request's path and query with another
 * page, under PUBLIC_URL when it is set, else relative. Never built from the Host
 * header, which whoever sends the request chooses.
 */
export function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, 'http://localhost');
  url.searchParams.set('page', String(page));
  return `${request.server.config.publicUrl ?? ''}${url.pathname}${url.search}`;
}

/**
 * Counting every match of a broad filter over a million rows costs more than reading
 * the page itself, so counts are exact up to this many and the planner's estimate above.
 */
export const EXACT_COUNT_LIMIT = 1_000;

/**
 * A filter seen with more than EXACT_COUNT_LIMIT matches keeps its planner estimate this
 * long: paging through it, or several staff on the same list, neither count the first
 * thousand matches again nor plan the estimate again. It is an estimate either way.
 */
const ESTIMATE_TTL_MS = 30_000;
const ESTIMATES_KEPT = 500;
/** Per app (a process may hold several, each on its own database: the API tests do). */
const estimatesByApp = new WeakMap<object, Map<string, { count: number; until: number }>>();

async function countMatches(app: object, q: Queryable, matching: string, params: unknown[]): Promise<{ count: number; exact: boolean }> {
  let estimates = estimatesByApp.get(app);
  if (!estimates) estimatesByApp.set(app, (estimates = new Map()));
  const key = `${matching}\u0000${JSON.stringify(params)}`;
  const known = estimates.get(key);
  if (known && known.until > Date.now()) return { count: known.count, exact: false };
  const capped = await q.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM (${matching} LIMIT ${EXACT_COUNT_LIMIT + 1}) capped`,
    params,
  );
  const upToLimit = capped.rows[0]?.count ?? 0;
  if (upToLimit <= EXACT_COUNT_LIMIT) return { count: upToLimit, exact: true };
  const plan = await q.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`EXPLAIN (FORMAT JSON) ${matching}`, params);
  const count = Math.max(EXACT_COUNT_LIMIT + 1, Math.round(Number(plan.rows[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0)));
  if (estimates.size >= ESTIMATES_KEPT) estimates.clear();
  estimates.set(key, { count, until: Date.now() + ESTIMATE_TTL_MS });
  return { count, exact: false };
}

export interface ListOptions {
  /** Extra conditions (e.g. the parent of a nested collection). */
  where?: (params: Params) => string[];
}

export async function listRecords(q: Queryable, spec: CollectionSpec, actor: Actor, query: ListQuery, request: FastifyRequest, options: ListOptions = {}) {
  const info = tableInfo(spec);
  const params = new Params();
  const where = [visibility(spec, actor, params), ...listConditions(spec, query, params, 't', actor), ...(options.where?.(params) ?? [])];
  const order = orderBy(spec, query.ordering);
  const expand = parseExpand(spec, query.expand);
  // An expanded field comes back whether or not `fields` names it: its label says whose it is.
  const select = fieldsSelect(spec, query.fields === undefined ? undefined : [query.fields, ...expandedFields(expand)].join(','));
  const page = query.page ?? 1;
  const pageSize = Math.min(query.page_size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const whereSql = where.join(' AND ');
  const countParams = [...params.values];
  // One row more than the page says whether a next page exists, whatever the count.
  const limit = params.add(pageSize + 1);
  const skipped = (page - 1) * pageSize;
  const offset = params.add(skipped);
  // A deferred join: the page's ids are found first, where an index that covers the
  // filter and the order lets PostgreSQL skip the OFFSET rows without reading their
  // heap pages; only the page's own rows are then read whole.
  const pageSql =
    `SELECT ${select} FROM (SELECT t.id FROM ${info.table} t WHERE ${whereSql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) page ` +
    `JOIN ${info.table} t ON t.id = page.id ORDER BY ${order}`;
  const [{ rows: fetched }, counted] = await Promise.all([
    q.query(pageSql, params.values),
    countMatches(request.server, q, `SELECT 1 FROM ${info.table} t WHERE ${whereSql}`, countParams),
  ]);
  const more = fetched.length > pageSize;
  const rows = more ? fetched.slice(0, pageSize) : fetched;
  const { exact } = counted;
  // An estimate may fall short of what the pages show; it never says less than they do.
  const count = exact ? counted.count : Math.max(counted.count, skipped + rows.length + (more ? 1 : 0));
  return {
    count,
    count_exact: exact,
    next: more ? pageUrl(request, page + 1) : null,
    previous: page > 1 ? pageUrl(request, Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) : null,
    results: await expandRecords(q, actor, readable(spec, actor, rows.map((r) => toRecord(r))), expand),
  };
}

export const EXPORT_BATCH = 1_000;

/**
 * One CSV cell, for every export: quoted when needed, and defused when a spreadsheet
 * would read it as a formula (OWASP CSV injection): a cell starting with =, +, -, @, a
 * tab or a carriage return, also after leading whitespace, gets a leading apostrophe.
 * Only a plain negative number (`-12.50`) is left as it is, to stay a number.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const formula = /^[\t\r]|^\s*[=+\-@]/.test(text) && !/^-\d+(\.\d+)?$/.test(text);
  const safe = formula ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
