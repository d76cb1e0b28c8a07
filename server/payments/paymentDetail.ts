/**
 * What the payment screen reads and writes besides the record itself:
 *   GET  /branch/api/payments/<id>/events/     the gateway's events about this payment,
 *                                              oldest first (a vendor sees its own only)
 *   POST /branch/api/payments/<id>/reconcile/  {reconciled, note, version}: staff mark the
 *                                              payment reconciled with the bank, or not,
 *                                              always saying why; audited
 * A payment the caller may not see is a 404; vendor staff may not reconcile (403).
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { ReconcileInput } from '../../common/payments.ts';
import { collection } from '../../common/registry.ts';
import { requestLocale, translateKnown } from '../errorLanguage.ts';
import { badRequest, conflict, forbidden } from '../errors.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { updateRecord } from '../engine/records.ts';
import { context, guarded, staleVersion } from '../engine/resources.ts';
import { loadOr404 } from '../engine/scope.ts';
import { toRecord } from '../engine/table.ts';
import { statusesTagged } from '../../common/lifecycles/index.ts';

const payments = collection('payments');

export function registerPaymentDetail(app: FastifyInstance): void {
  app.get<{ Params: { id: string } }>(`${API_PREFIX}/payments/:id/events/`, guarded(app, payments, 'read'), async (request) => {
    const { actor } = await context(app, request);
    const payment = await loadOr404(app.db, payments, request.params.id, actor);
    const { rows } = await app.db.query(
      `SELECT id, received_at, provider, event_id, kind, amount, currency, outcome, detail
       FROM gateway_events WHERE payment_id = $1 ORDER BY received_at, id LIMIT 200`,
      [payment.id],
    );
    // What the event did, in the reader's language; a text the table does not know is left out.
    const locale = requestLocale(request.headers['accept-language']);
    return {
      results: rows.map((row) => ({
        ...toRecord(row),
        amount: row.amount === null ? null : Number(row.amount),
        detail: row.detail === null ? null : translateKnown(String(row.detail), locale),
      })),
    };
  });

  app.post<{ Params: { id: string }; Body: Static<typeof ReconcileInput> }>(
    `${API_PREFIX}/payments/:id/reconcile/`,
    { ...guarded(app, payments, 'update'), schema: { body: ReconcileInput } },
    async (request) => {
      const ctx = await context(app, request);
      if (!ctx.actor.staff) throw forbidden('Only staff may reconcile payments.');
      const note = request.body.note.trim();
      if (!note) throw badRequest({ note: ['A note is required.'] });
      return app.db.transaction(async (tx) => {
        const before = await loadOr404(tx, payments, request.params.id, ctx.actor, { forUpdate: true });
        if (before.version !== request.body.version) throw staleVersion(before);
        const { reconciled } = request.body;
        // Only money that came in can match the bank's statement.
        if (reconciled && !statusesTagged('payment', 'wasPaid').includes(String(before.status))) {
          throw conflict('Only a payment that was paid can be reconciled.');
        }
        return updateRecord(
          { tx, actor: ctx.actor },
          payments,
          String(before.id),
          // Who and when describe the reconciliation in force; the note also says why one was undone.
          { reconciled, reconciled_note: note, reconciled_at: reconciled ? ctx.now : null, reconciled_by: reconciled ? ctx.actor.user.id : null },
          { before, action: reconciled ? 'reconcile' : 'unreconcile' },
        );
      });
    },
  );
}
