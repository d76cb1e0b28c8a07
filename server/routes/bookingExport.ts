/**
 * `GET /branch/api/bookings/export/?<list filters>&lang=en|fr|ar`: every booking the list
 * would show for these filters, as CSV in the user's language. Rows are read in pages
 * of EXPORT_BATCH by keyset (starts_at, id) and written as they come, so memory stays
 * flat whatever the row count. Labels come from the SPA's own message catalogues.
 */
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import ar from '../../src/locales/ar.json' with { type: 'json' };
import en from '../../src/locales/en.json' with { type: 'json' };
import fr from '../../src/locales/fr.json' with { type: 'json' };
import { LOCALES, type Locale } from '../../src/domain/common.ts';
import { collection } from '../../src/domain/registry.ts';
import type { Queryable } from '../db/index.ts';
import { actorOf, type Actor } from './actor.ts';
import { EXPORT_BATCH, csvCell, listConditions, listQuerySchema, type ListQuery } from './listing.ts';
import { API_PREFIX } from './paths.ts';
import { guarded } from './resources.ts';
import { Params, visibility } from './scope.ts';

const CATALOGUES: Record<string, Record<string, string>> = { en, fr, ar };

const COLUMNS = [
  'booking.ref',
  'booking.customer',
  'booking.phone',
  'booking.service',
  'booking.startsAt',
  'booking.participants',
  'booking.total',
  'booking.paid',
  'booking.balance',
  'export.currency',
  'booking.status',
  'booking.paymentStatus',
] as const;

interface ExportRow {
  id: string;
  ref: string;
  customer_name: string;
  customer_phone: string | null;
  service_title: string | null;
  starts_at: string | Date;
  participants_count: number;
  total: number;
  paid: number;
  balance: number;
  currency: string;
  status: string;
  payment_status: string;
  /** starts_at at full (microsecond) precision, for the keyset: a JS Date would round it. */
  cursor_at: string;
}

const major = (minor: number) => (minor / 100).toFixed(2);

function formatterFor(lang: Locale) {
  const dates = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Africa/Algiers',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const t = (key: string) => CATALOGUES[lang][key] ?? en[key as keyof typeof en] ?? key;
  return {
    header: () => COLUMNS.map((key) => csvCell(t(key))).join(',') + '\r\n',
    row: (r: ExportRow) =>
      [
        r.ref,
        r.customer_name,
        r.customer_phone,
        r.service_title,
        // ISO-like local time in Algeria (YYYY-MM-DD HH:MM): sortable and unambiguous in every language.
        dates.format(new Date(r.starts_at)),
        r.participants_count,
        major(r.total),
        major(r.paid),
        major(r.balance),
        r.currency,
        t(`bookingStatus.${r.status}`),
        t(`paymentStatus.${r.payment_status}`),
      ]
        .map(csvCell)
        .join(',') + '\r\n',
  };
}

async function* exportRows(db: Queryable, actor: Actor, query: ListQuery, lang: Locale): AsyncGenerator<string> {
  const spec = collection('bookings');
  const format = formatterFor(lang);
  // A byte-order mark, so spreadsheet software reads the UTF-8 (Arabic, accents) correctly.
  yield '\ufeff' + format.header();
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const params = new Params();
    const where = [visibility(spec, actor, params), ...listConditions(spec, query, params)];
    if (after) where.push(`(t.starts_at, t.id) > (${params.add(after.at)}::timestamptz, ${params.add(after.id)}::uuid)`);
    const { rows } = await db.query<ExportRow>(
      `SELECT t.id, t.ref, t.customer_name, t.customer_phone, t.service_title_i18n->>${params.add(lang)} AS service_title,
              t.starts_at, t.starts_at::text AS cursor_at, t.participants_count, t.total, t.paid, t.balance, t.currency, t.status, t.payment_status
         FROM bookings t
        WHERE ${where.join(' AND ')}
        ORDER BY t.starts_at, t.id
        LIMIT ${EXPORT_BATCH}`,
      params.values,
    );
    if (rows.length === 0) return;
    yield rows.map(format.row).join('');
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    after = { at: last.cursor_at, id: last.id };
  }
}

export function registerBookingExport(app: FastifyInstance): void {
  const spec = collection('bookings');
  const schema = listQuerySchema(spec, { lang: { type: 'string', enum: [...LOCALES], default: 'en' } });
  app.get<{ Querystring: ListQuery & { lang: Locale } }>(
    `${API_PREFIX}/bookings/export/`,
    { ...guarded(app, spec, 'list'), schema: { querystring: schema } },
    async (request, reply) => {
      const actor = await actorOf(request, app.db);
      const { lang, ...query } = request.query;
      // Fail on a bad filter with a 400 before the download starts, not halfway through it.
      listConditions(spec, query, new Params());
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bookings-${day}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(exportRows(app.db, actor, query, lang)));
    },
  );
}
