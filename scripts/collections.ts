/**
 * `npm run collections`: writes common/collections.ts, the SPA's description of every
 * collection of the branch API (filters, orderings, enums, limits, references, lifecycle)
 * and the type of its records, derived from the registry and the TypeBox schemas.
 *
 * The SPA must not ship the schema library, so it cannot read the registry at run time;
 * it reads this plain-data copy instead. Screens type their filters, columns and fields
 * against it, so `tsc` catches a screen that drifts from the server, and a unit test
 * fails when the copy is stale (run this script after changing a schema or the registry).
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as domain from '../common/index.ts';
import { COLLECTIONS, type CollectionSpec } from '../common/registry.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const COLLECTIONS_FILE = resolve(root, 'common/collections.ts');

type Schema = Record<string, unknown>;

function unwrapNullable(schema: Schema): { schema: Schema; nullable: boolean } {
  const anyOf = schema.anyOf as Schema[] | undefined;
  if (anyOf) {
    const rest = anyOf.filter((s) => s.type !== 'null');
    if (rest.length === 1 && rest.length < anyOf.length) return { schema: rest[0], nullable: true };
  }
  return { schema, nullable: false };
}

/** What a screen needs to know of one field: its kind and the limits the server enforces. */
function describeField(read: Schema, write: Schema | undefined, required: boolean): Schema {
  const { schema, nullable } = unwrapNullable(read);
  const limits = write ? unwrapNullable(write).schema : schema;
  const props = schema.properties as Record<string, Schema> | undefined;
  const i18n = schema.type === 'object' && !!props && 'en' in props && 'fr' in props && 'ar' in props;
  const out: Schema = {};
  if (i18n) {
    out.type = 'i18n';
    const en = (limits.properties as Record<string, Schema> | undefined)?.en ?? props.en;
    if (en.maxLength !== undefined) out.maxLength = en.maxLength;
  } else {
    out.type = schema.type ?? 'json';
    if (schema.format) out.format = schema.format;
    if (schema.enum) out.enum = schema.enum;
    if (schema.type === 'array') {
      const items = unwrapNullable((schema.items ?? {}) as Schema).schema;
      if (items.enum) out.enum = items.enum;
      if (limits.maxItems !== undefined) out.maxItems = limits.maxItems;
      const itemLimits = unwrapNullable((limits.items ?? {}) as Schema).schema;
      if (itemLimits.maxLength !== undefined) out.itemMaxLength = itemLimits.maxLength;
    }
    for (const key of ['minLength', 'maxLength', 'pattern', 'minimum', 'maximum']) if (limits[key] !== undefined) out[key] = limits[key];
  }
  if (nullable) out.nullable = true;
  if (required) out.required = true;
  return out;
}

function describe(spec: CollectionSpec): Schema {
  const read = spec.read.properties as Record<string, Schema>;
  const write = (spec.create ?? spec.patch)?.properties as Record<string, Schema> | undefined;
  const required = new Set<string>(((spec.create as unknown as Schema | undefined)?.required as string[] | undefined) ?? []);
  const fields: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries(read)) fields[name] = describeField(schema, write?.[name], required.has(name));
  return {
    name: spec.name,
    area: spec.area,
    ...(spec.lifecycle ? { lifecycle: spec.lifecycle } : {}),
    writable: { create: spec.create !== undefined, update: spec.patch !== undefined },
    // Who may do what (the server enforces it; the SPA asks `can()` in src/app/permissions.ts).
    access: spec.access,
    vendorRule: spec.vendorRule,
    search: spec.search,
    filters: spec.filters,
    ...(spec.views ? { views: Object.keys(spec.views) } : {}),
    ordering: spec.ordering,
    defaultOrdering: spec.defaultOrdering,
    // What a list can expand: the vendor of a vendor-owned record, and every reference (one
    // whose collection depends on another field names each of them: 'services|locations').
    refs: {
      ...(spec.vendorColumn === 'none' ? {} : { vendor_id: 'vendors' }),
      ...spec.refs,
      ...Object.fromEntries(Object.entries(spec.refsByType ?? {}).map(([field, { targets }]) => [field, Object.values(targets).join('|')])),
    },
    ...(spec.staffOnlyFields ? { staffOnlyFields: spec.staffOnlyFields } : {}),
    // Money fields `GET /<collection>/totals/` adds up over a filtered set (a list's totals row).
    ...(spec.sums ? { sums: spec.sums } : {}),
    fields,
  };
}

/** `help-articles` -> `helpArticles`. */
export const identifierOf = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The name a domain module exports a schema under (the record types are derived from it). */
function exportNameOf(schema: unknown): string {
  const found = Object.entries(domain).find(([, value]) => value === schema);
  if (!found) throw new Error('a read schema is not exported from common/');
  return found[0];
}

/** One line per property, and one per field: diffs stay readable. */
function format(description: Schema): string {
  const { fields, ...rest } = description as Schema & { fields: Record<string, Schema> };
  const top = Object.entries(rest).map(([key, value]) => `  ${key}: ${JSON.stringify(value)},`);
  const fieldLines = Object.entries(fields).map(([name, field]) => `    ${name}: ${JSON.stringify(field)},`);
  return ['{', ...top, '  fields: {', ...fieldLines, '  },', '}'].join('\n');
}

export function renderCollections(): string {
  const lines = [
    '// Generated by `npm run collections` from common/registry.ts and the schemas: do not edit.',
    '/**',
    ' * Every collection of the branch API as plain data for the SPA: filters, orderings, enums and',
    ' * limits, with the type of its records. No schema library at run time; the record types come',
    ' * from the schemas through type-only imports.',
    ' */',
    "import type { Static } from 'typebox';",
    "import type * as domain from './index.ts';",
    '',
  ];
  for (const spec of COLLECTIONS) {
    const id = identifierOf(spec.name);
    const recordType = `${id[0].toUpperCase()}${id.slice(1)}Record`;
    lines.push(`export type ${recordType} = Static<typeof domain.${exportNameOf(spec.read)}>;`);
    lines.push(`export const ${id} = ${format(describe(spec))} as const;`, '');
  }
  lines.push(
    '/** Each collection by its API name, with the type of its records. */',
    'export interface CollectionRecords {',
    ...COLLECTIONS.map((spec) => {
      const id = identifierOf(spec.name);
      return `  '${spec.name}': ${id[0].toUpperCase()}${id.slice(1)}Record;`;
    }),
    '}',
    '',
  );
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(COLLECTIONS_FILE, renderCollections());
  console.log(`wrote ${COLLECTIONS_FILE.slice(root.length + 1)} (${COLLECTIONS.length} collections)`);
}
