/**
 * `GET /branch/api/<collection>/totals/?<list filters>`: the count and the sums of the
 * registry's money fields (`sums`) over the whole filtered set, not just a page, per
 * currency. Scoped like the list: vendor staff add up their own records only.
 */
import type { FastifyInstance } from 'fastify';
import { COLLECTIONS, type CollectionSpec } from '../../common/registry.ts';
import { listConditions, listQuerySchema, type ListQuery } from './listing.ts';
import { API_PREFIX } from './paths.ts';
import { context, guarded } from './resources.ts';
import { Params, visibility } from './scope.ts';
import { tableInfo } from './table.ts';

export interface Totals {
  count: number;
  /** One entry per currency present in the filtered set. */
  by_currency: { currency: string | null; count: number; sums: Record<string, number> }[];
}

export function registerTotals(app: FastifyInstance): void {
  for (const spec of COLLECTIONS) {
    const sums = spec.sums ?? [];
    if (sums.length === 0) continue;
    const info = tableInfo(spec);
    const currency = info.columns.has('currency') ? 't.currency' : 'NULL::text';
    app.get<{ Querystring: ListQuery }>(
      `${API_PREFIX}/${spec.name}/totals/`,
      { ...guarded(app, spec, 'list'), schema: { querystring: listQuerySchema(spec) } },
      async (request): Promise<Totals> => {
        const { actor } = await context(app, request);
        const params = new Params();
        const where = [visibility(spec, actor, params), ...listConditions(spec, request.query, params, 't', actor)];
        // The rollup has the same columns as the records it groups: the same conditions apply to it.
        const rollup = spec.totalsRollup && rollupAnswers(spec, request.query) ? spec.totalsRollup : null;
        const { rows } = await app.db.query<Record<string, unknown>>(
          rollup
            ? `SELECT ${currency} AS currency, COALESCE(sum(t.count), 0)::int AS count, ${sums.map((f) => `COALESCE(sum(t.${f}), 0)::text AS ${f}`).join(', ')}
               FROM ${rollup.table} t WHERE ${where.join(' AND ')} GROUP BY 1 HAVING sum(t.count) > 0 ORDER BY 1`
            : `SELECT ${currency} AS currency, count(*)::int AS count, ${sums.map((f) => `COALESCE(sum(t.${f}), 0)::text AS ${f}`).join(', ')}
               FROM ${info.table} t WHERE ${where.join(' AND ')} GROUP BY 1 ORDER BY 1`,
          params.values,
        );
        const byCurrency = rows.map((row) => ({
          currency: (row.currency as string | null) ?? null,
          count: Number(row.count),
          sums: Object.fromEntries(sums.map((f) => [f, Number(row[f])])),
        }));
        return { count: byCurrency.reduce((n, c) => n + c.count, 0), by_currency: byCurrency };
      },
    );
  }
}

/**
 * Whether the collection's rollup can answer a totals request: no search, and every
 * filter (a view's too) an equality or `__in` on a field the rollup groups by. The
 * visibility of vendor staff is by vendor_id, which it groups by.
 */
function rollupAnswers(spec: CollectionSpec, query: ListQuery): boolean {
  const by = spec.totalsRollup?.by ?? [];
  if (spec.vendorRule !== 'own' || !by.includes('vendor_id')) return false;
  const grouped = (key: string) => {
    const [name, op] = key.split('__');
    return by.includes(name) && (op === undefined || op === 'in');
  };
  return Object.entries(query).every(([key, value]) => {
    if (value === undefined || ['page', 'page_size', 'ordering', 'fields'].includes(key)) return true;
    if (key === 'search') return String(value).trim() === '';
    if (key === 'view') return (spec.views?.[String(value)] ?? [{ unknown: '' }]).every((set) => Object.keys(set).every(grouped));
    return grouped(key);
  });
}
