/**
 * POST /branch/api/<collection>/<id>/transition/ {event, version, reason?, scheduled_at?}
 * for every collection with a lifecycle. The shared statechart decides:
 *   - an event the chart does not have from the current status -> 409 {detail, allowed_events}
 *   - a guard on the payload fails (no reason to cancel...)     -> 400 {detail, errors: {field}, allowed_events}
 *   - a guard on the role fails (a vendor moderating a review)  -> 403 {detail, allowed_events}
 *   - a guard on the record or the clock fails (undo next day)  -> 409 {detail, allowed_events}
 * Status, version, side effects and the audit entry are written in one transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { TransitionBody } from '../../common/common.ts';
import type { CollectionSpec } from '../../common/registry.ts';
import { evaluateTransition, type LifecycleName } from '../../common/lifecycles/index.ts';
import { API_PREFIX } from './paths.ts';
import { reasonKindOf } from '../../common/reasonKinds.ts';
import { ApiError, badRequest } from '../errors.ts';
import { reasonCodeErrors } from './reasonCodes.ts';
import { tableInfo } from './table.ts';
import type { CollectionHooks, TransitionPayload, WriteContext } from './hooks.ts';
import { updateRecord, type Row } from './records.ts';
import { context, guarded, staleVersion } from './resources.ts';
import { assertAccess, loadOr404 } from './scope.ts';


/**
 * Applies one event to a locked record: checks it against the chart, runs the side
 * effects, writes the status (and so its audit entry). Used by the route and by side effects of other
 * transitions (a full refund cancelling its booking), with role `system` for those.
 */
export async function applyTransition(
  ctx: WriteContext,
  spec: CollectionSpec,
  hooks: CollectionHooks,
  record: Row,
  payload: TransitionPayload,
  role: 'staff' | 'vendor' | 'system' = ctx.actor.role,
): Promise<Row> {
  const lifecycle = spec.lifecycle as LifecycleName;
  const status = String(record.status);
  const event = { type: payload.event, reason: payload.reason, reason_code: payload.reason_code, scheduled_at: payload.scheduled_at };
  const verdict = evaluateTransition(lifecycle, status, event, {
    now: ctx.now,
    role,
    record,
    settings: await hooks.lifecycleSettings?.(ctx),
  });
  if (!verdict.ok) {
    const body = { detail: verdict.message, allowed_events: verdict.allowed };
    if (verdict.code === 'payload') throw new ApiError(400, { ...body, errors: { [verdict.field ?? 'event']: [verdict.message] } });
    if (verdict.code === 'role') throw new ApiError(403, body);
    throw new ApiError(409, body);
  }
  if (payload.reason_code !== undefined && role !== 'system') {
    // A coded reason is one of the kind this event takes, and exists (the server's own, such as fully_refunded, are not offered to people).
    const kind = reasonKindOf(lifecycle, payload.event);
    const errors = kind
      ? await reasonCodeErrors(ctx.tx, kind, payload.reason_code, payload.reason, { code: 'reason_code', text: 'reason' })
      : { reason_code: ['This action takes no coded reason.'] };
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  }
  const extra = (await hooks.transitions?.[payload.event]?.(ctx, record, verdict.next, payload, role)) ?? {};
  const changes: Row = {
    status: verdict.next,
    status_changed_at: ctx.now,
    status_reason: payload.reason?.trim() || null,
    // Where the record keeps a reason's code (bookings, refunds), beside its free text.
    ...(tableInfo(spec).columns.has('status_reason_code') ? { status_reason_code: payload.reason_code ?? null } : {}),
    ...extra,
  };
  const after = await updateRecord(ctx, spec, String(record.id), changes, {
    before: record,
    action: `transition:${payload.event}`,
    note: {
      ...(payload.reason_code ? { reason_code: payload.reason_code } : {}),
      ...(payload.reason ? { reason: payload.reason } : {}),
      ...(payload.note ? { note: payload.note } : {}),
    },
  });
  await hooks.afterTransition?.(ctx, record, after, payload);
  return after;
}

export function registerTransitions(app: FastifyInstance, spec: CollectionSpec, hooks: CollectionHooks = {}): void {
  if (!spec.lifecycle) return;
  app.post<{ Params: { id: string }; Body: Static<typeof TransitionBody> }>(
    `${API_PREFIX}/${spec.name}/:id/transition/`,
    { ...guarded(app, spec, 'transition'), schema: { body: TransitionBody } },
    async (request) => {
      const ctx = await context(app, request);
      assertAccess(spec, 'transition', ctx.actor);
      return app.db.transaction(async (tx) => {
        const record = await loadOr404(tx, spec, request.params.id, ctx.actor, { forUpdate: true });
        const { version, ...payload } = request.body;
        if (version !== record.version) throw staleVersion(record);
        return applyTransition({ ...ctx, tx }, spec, hooks, record, payload);
      });
    },
  );
}

