/**
 * What the generic routes need to know about a collection's table, derived from its
 * read schema: which columns hold JSON, calendar dates or instants, which hold texts
 * in three languages, and the SELECT list that returns a record in its read shape.
 */
import type { TSchema } from 'typebox';
import type { CollectionSpec } from '../../common/registry.ts';

export type ColumnKind = 'json' | 'date' | 'timestamp' | 'scalar';

export interface ColumnInfo {
  name: string;
  kind: ColumnKind;
  nullable: boolean;
  /** `{en, fr, ar}` texts: searched in every language. */
  i18n: boolean;
  /** The schema without its `null` alternative (what a filter value must match). */
  schema: Record<string, unknown>;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'unknown';
}

export interface TableInfo {
  spec: CollectionSpec;
  table: string;
  columns: Map<string, ColumnInfo>;
  /** `t.a, t.b, to_char(t.d, 'YYYY-MM-DD') AS d, ...` */
  selectList: string;
}

function unwrapNullable(schema: Record<string, unknown>): { schema: Record<string, unknown>; nullable: boolean } {
  const anyOf = schema.anyOf as Record<string, unknown>[] | undefined;
  if (anyOf) {
    const rest = anyOf.filter((s) => s.type !== 'null');
    if (rest.length < anyOf.length && rest.length === 1) return { schema: rest[0], nullable: true };
  }
  return { schema, nullable: false };
}

export function columnInfo(name: string, raw: TSchema): ColumnInfo {
  const { schema, nullable } = unwrapNullable(raw as unknown as Record<string, unknown>);
  const type = (typeof schema.type === 'string' ? schema.type : 'unknown') as ColumnInfo['type'];
  const props = schema.properties as Record<string, unknown> | undefined;
  const i18n = type === 'object' && !!props && 'en' in props && 'fr' in props && 'ar' in props;
  let kind: ColumnKind = 'scalar';
  if (type === 'object' || type === 'array' || type === 'unknown') kind = 'json';
  else if (schema.format === 'date') kind = 'date';
  else if (schema.format === 'date-time') kind = 'timestamp';
  return { name, kind, nullable, i18n, schema, type };
}

const cache = new Map<string, TableInfo>();

export function tableInfo(spec: CollectionSpec): TableInfo {
  const cached = cache.get(spec.name);
  if (cached) return cached;
  const columns = new Map<string, ColumnInfo>();
  for (const [name, schema] of Object.entries(spec.read.properties)) columns.set(name, columnInfo(name, schema as TSchema));
  const info = { spec, table: spec.table, columns, selectList: selectListOf([...columns.values()]) };
  cache.set(spec.name, info);
  return info;
}

export function selectListOf(columns: ColumnInfo[]): string {
  return columns.map((c) => (c.kind === 'date' ? `to_char(t.${c.name}, 'YYYY-MM-DD') AS ${c.name}` : `t.${c.name}`)).join(', ');
}

/** A value as a query parameter, plus the cast its placeholder needs. */
export function encodeValue(column: ColumnInfo | undefined, value: unknown): { value: unknown; cast: string } {
  if (column?.kind === 'json') return { value: value === null ? null : JSON.stringify(value), cast: '::jsonb' };
  return { value, cast: '' };
}

/** Rows come back with Date objects for instants; the API speaks ISO strings. */
export function toRecord<T = Record<string, unknown>>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out as T;
}
