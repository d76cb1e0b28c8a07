/**
 * Payouts and the money ledger:
 * - `POST /payouts/build/ {vendor_id, period_end, currency?, notes?, preview?}` (staff):
 *   the figures of a vendor's next payout, or the draft itself (409 when nothing is payable);
 * - `POST /payouts/<id>/pay/ {version, bank_reference}` (staff): the `pay` event of the
 *   payout chart, with the bank reference it needs (409 while the payout waits for the
 *   second approval of a changed payout account);
 * - `POST /payouts/<id>/approve-account/ {version}` (staff other than the one who changed
 *   the account): that second approval;
 * - `GET /payouts/<id>/statement.csv?lang=` (the payout's vendor and staff): every entry,
 *   the totals, the reserve and the company's identity;
 * - `POST /vendors/<id>/commission/ {commission_percent, reason}` (staff);
 * - `GET /bookings/<id>/ledger/`: the booking's money from gross to the vendor's payout.
 * Approving and cancelling a payout go through its generic transition route.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { Locale } from '../../common/common.ts';
import { CommissionAdjust, PayoutAccountApprove, PayoutBuild, PayoutPay } from '../../common/payouts.ts';
import { collection } from '../../common/registry.ts';
import ar from '../../src/locales/ar.json' with { type: 'json' };
import en from '../../src/locales/en.json' with { type: 'json' };
import fr from '../../src/locales/fr.json' with { type: 'json' };
import { adjustCommission, buildPayout, ledgerOf, payoutHooks, payouts, previewPayout } from './payouts.ts';
import { approveAccount } from './payoutAccount.ts';
import { getSettings } from '../settings/index.ts';
import { forbidden } from '../errors.ts';
import { csvCell } from '../engine/listing.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { actorOf } from '../engine/actor.ts';
import { context, guarded, rejectUnstorableText, staleVersion } from '../engine/resources.ts';
import { loadOr404 } from '../engine/scope.ts';
import { applyTransition } from '../engine/transitions.ts';

const CATALOGUES: Record<Locale, Record<string, string>> = { en, fr, ar };
const money = (minor: number) => (minor / 100).toFixed(2);

export function registerPayouts(app: FastifyInstance): void {
  const bookings = collection('bookings');
  const vendors = collection('vendors');
  // Refused (403) before the body is read, like the generic routes.
  const staffOnly = {
    onRequest: [
      app.authenticate,
      async (request: FastifyRequest) => {
        if (!(await actorOf(request, app.db)).staff) throw forbidden('Only staff may do this.');
      },
    ],
    preValidation: rejectUnstorableText,
  };

  app.post<{ Body: Static<typeof PayoutBuild> }>(
    `${API_PREFIX}/payouts/build/`,
    { ...staffOnly, schema: { body: PayoutBuild } },
    async (request, reply) => {
      const ctx = await context(app, request);
      const { preview, currency = 'DZD', ...input } = request.body;
      return app.db.transaction(async (tx) => {
        if (preview) {
          await loadOr404(tx, vendors, input.vendor_id, ctx.actor);
          return previewPayout(tx, { ...input, currency }, ctx.now);
        }
        const payout = await buildPayout({ ...ctx, tx }, { ...input, currency });
        reply.code(201);
        return payout;
      });
    },
  );

  app.post<{ Params: { id: string }; Body: Static<typeof PayoutPay> }>(
    `${API_PREFIX}/payouts/:id/pay/`,
    { ...guarded(app, payouts, 'transition'), schema: { body: PayoutPay } },
    async (request) => {
      const ctx = await context(app, request);
      return app.db.transaction(async (tx) => {
        const record = await loadOr404(tx, payouts, request.params.id, ctx.actor, { forUpdate: true });
        if (request.body.version !== record.version) throw staleVersion(record);
        return applyTransition({ ...ctx, tx }, payouts, payoutHooks, record, { event: 'pay', bank_reference: request.body.bank_reference } as never);
      });
    },
  );

  app.post<{ Params: { id: string }; Body: Static<typeof PayoutAccountApprove> }>(
    `${API_PREFIX}/payouts/:id/approve-account/`,
    { ...staffOnly, schema: { body: PayoutAccountApprove } },
    async (request) => {
      const ctx = await context(app, request);
      const approved = await app.db.transaction(async (tx) => {
        const record = await loadOr404(tx, payouts, request.params.id, ctx.actor, { forUpdate: true });
        if (request.body.version !== record.version) throw staleVersion(record);
        return approveAccount({ ...ctx, tx }, record);
      });
      const [presented] = await payoutHooks.present!({ tx: app.db, now: ctx.now, actor: ctx.actor }, [approved]);
      return presented;
    },
  );

  app.get<{ Params: { id: string }; Querystring: { lang?: Locale } }>(
    `${API_PREFIX}/payouts/:id/statement.csv`,
    {
      ...guarded(app, payouts, 'read'),
      schema: { querystring: { type: 'object', properties: { lang: { type: 'string', enum: ['en', 'fr', 'ar'] } }, additionalProperties: false } },
    },
    async (request, reply) => {
      const { actor } = await context(app, request);
      const payout = await loadOr404(app.db, payouts, request.params.id, actor);
      const csv = await statement(app, payout, request.query.lang ?? 'en');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payout-${payout.period_end}-${String(payout.id).slice(0, 8)}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post<{ Params: { id: string }; Body: Static<typeof CommissionAdjust> }>(
    `${API_PREFIX}/vendors/:id/commission/`,
    { ...staffOnly, schema: { body: CommissionAdjust } },
    async (request, reply) => {
      const ctx = await context(app, request);
      const change = await app.db.transaction((tx) => adjustCommission({ ...ctx, tx }, request.params.id, request.body));
      reply.code(201);
      return change;
    },
  );

  app.get<{ Params: { id: string } }>(`${API_PREFIX}/bookings/:id/ledger/`, guarded(app, bookings, 'read'), async (request) => {
    const { actor } = await context(app, request);
    const booking = await loadOr404(app.db, bookings, request.params.id, actor);
    return ledgerOf(app.db, booking);
  });
}

/** A payout's statement: who pays whom, each entry, the totals, the reserve and the amount paid. */
async function statement(app: FastifyInstance, payout: Record<string, unknown>, lang: Locale): Promise<string> {
  const t = (key: string) => CATALOGUES[lang][key] ?? (en as Record<string, string>)[key] ?? key;
  const company = await getSettings(app.db, 'company');
  const { rows: [vendor] } = await app.db.query<{ trade_name: string; legal_name: string | null }>('SELECT trade_name, legal_name FROM vendors WHERE id = $1', [payout.vendor_id]);
  const { rows } = await app.db.query<Record<string, unknown>>(
    `SELECT b.ref, (coalesce(b.ends_at, b.starts_at) AT TIME ZONE 'UTC' + interval '1 hour')::date::text AS activity_date,
            p.method, (p.paid_at AT TIME ZONE 'UTC' + interval '1 hour')::date::text AS paid_on, e.kind, e.amount, e.commission, e.fee
       FROM vendor_share_entries e JOIN bookings b ON b.id = e.booking_id JOIN payments p ON p.id = e.payment_id
      WHERE e.payout_id = $1 ORDER BY b.starts_at, b.ref, e.created_at, e.id`,
    [payout.id],
  );
  const line = (cells: unknown[]) => cells.map(csvCell).join(',') + '\r\n';
  const totals = { gross: 0, commission: 0, fee: 0, net: 0, refunds: 0 };
  const body = rows.map((r) => {
    const [amount, commission, fee] = [Number(r.amount), Number(r.commission), Number(r.fee)];
    const payment = r.kind === 'payment';
    const gross = payment ? amount + commission + fee : 0;
    const refunded = payment ? 0 : -(amount + commission);
    totals.gross += gross;
    totals.commission += payment ? commission : 0;
    totals.fee += fee;
    totals.net += amount;
    totals.refunds += refunded;
    return line([
      r.ref, r.activity_date, `${t(`payouts.method.${r.method}`)} ${r.paid_on ?? ''}`.trim(), payment ? money(gross) : '', payment ? money(commission) : '',
      payment ? money(fee) : '', money(amount), payment ? '' : money(refunded),
    ]);
  });
  const identity = [company.legal_name, company.rc_number && `RC ${company.rc_number}`, company.nif_number && `NIF ${company.nif_number}`, company.address]
    .filter(Boolean).join(' · ');
  return '\ufeff' + [
    line([t('payouts.statement.title'), identity]),
    line([t('payouts.statement.vendor'), vendor?.legal_name ? `${vendor.trade_name} (${vendor.legal_name})` : vendor?.trade_name]),
    line([t('payouts.statement.period'), payout.period_end, t(`payoutStatus.${payout.status}`), payout.bank_reference ?? '']),
    line([]),
    line(['ref', 'activity', 'payment', 'gross', 'commission', 'fee', 'net', 'refunds'].map((k) => t(`payouts.statement.${k}`))),
    ...body,
    line([t('payouts.statement.totals'), '', '', money(totals.gross), money(totals.commission), money(totals.fee), money(totals.net), money(totals.refunds)]),
    line([t('payouts.statement.reserveHeld'), '', '', '', '', '', money(-Number(payout.reserve_held))]),
    line([t('payouts.statement.reserveReleased'), '', '', '', '', '', money(Number(payout.reserve_released))]),
    line([t('payouts.statement.amount'), '', '', '', '', '', money(Number(payout.amount)), String(payout.currency)]),
  ].join('');
}
