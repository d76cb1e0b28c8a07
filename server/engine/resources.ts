/**
 * The generic resource routes, mounted from the collection registry under
 * /branch/api/<collection>/:
 *   GET    /<collection>/            list (page, page_size, ordering, search, filters, fields, expand)
 *   POST   /<collection>/            create
 *   GET    /<collection>/<id>/       read (expand)
 *   PATCH  /<collection>/<id>/       change some fields; body carries `version`
 *   DELETE /<collection>/<id>/?version=N
 * Every write runs in one transaction with its audit entry; a stale version gets 409
 * with the current record; bad input gets 400; scoping answers 403 or 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CollectionSpec } from '../../common/registry.ts';
import { initialStatus, type LifecycleName } from '../../common/lifecycles/index.ts';
import { UNSTORABLE, UNSTORABLE_MESSAGE } from '../input.ts';
import { API_PREFIX } from './paths.ts';
import { ApiError, badRequest, conflict } from '../errors.ts';
import { actorOf, type Actor } from './actor.ts';
import { publishRecordEvent } from '../realtime/events.ts';
import { writeAudit } from './audit.ts';
import { mapDbError } from './errors.ts';
import type { CollectionHooks, WriteContext } from './hooks.ts';
import { expandParam, expandRecords, parseExpand } from './expand.ts';
import { FIELDS_PARAM, listQuerySchema, listRecords, type ListQuery } from './listing.ts';
import { checkRefs, insertRecord, resolveVendor, updateRecord, type Row } from './records.ts';
import { assertAccess, loadOr404, methodNotAllowed, readable, type Action } from './scope.ts';

export const staleVersion = (current: Row) =>
  conflict('This record was changed by someone else since you loaded it. Review the current version and try again.', { current });

export function assertStaffOnlyFields(spec: CollectionSpec, body: Row, actor: Actor): void {
  if (actor.staff || !spec.staffOnlyFields) return;
  const sent = spec.staffOnlyFields.filter((f) => body[f] !== undefined);
  // Said at each field the form shows, not by the field's column name.
  if (sent.length > 0) {
    throw new ApiError(403, { detail: 'Only staff may change these fields.', errors: Object.fromEntries(sent.map((f) => [f, ['Only staff may change this field.']])) });
  }
}

export function runChecks(spec: CollectionSpec, record: Row): void {
  const errors = spec.check?.(record);
  if (errors && Object.keys(errors).length > 0) throw badRequest(errors);
}

export async function context(app: FastifyInstance, request: FastifyRequest): Promise<Omit<WriteContext, 'tx'>> {
  return { actor: await actorOf(request, app.db), app, now: new Date().toISOString() };
}

/**
 * onRequest hooks of a route: authentication (401), then the role check (403/405), both
 * before the body is validated, so nobody learns the shape of what they may not do.
 */
export function guarded(app: FastifyInstance, spec: CollectionSpec, action: Action) {
  return {
    onRequest: [
      app.authenticate,
      async (request: FastifyRequest) => assertAccess(spec, action, await actorOf(request, app.db)),
    ],
    preValidation: rejectUnstorableText,
  };
}

/** Text PostgreSQL cannot store (NUL) or that is not Unicode (lone surrogates): a 400 on the field. */
export async function rejectUnstorableText(request: FastifyRequest): Promise<void> {
  const errors: Record<string, string[]> = Object.create(null);
  // Keys named like Object.prototype members (toString, constructor...) are never fields;
  // answering them here keeps them away from code that indexes plain objects by field.
  if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
    for (const key of Object.keys(request.body)) if (key in Object.prototype) errors[key] = ['Unknown field.'];
  }
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) (errors[path || 'body'] ??= []).push(UNSTORABLE_MESSAGE);
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, path ? `${path}.${i}` : String(i)));
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        walk(k, path);
        walk(v, path ? `${path}.${k}` : k);
      }
    }
  };
  walk(request.body, '');
  if (Object.keys(errors).length > 0) throw badRequest({ ...errors });
}

export function registerResource(app: FastifyInstance, spec: CollectionSpec, hooks: CollectionHooks = {}): void {
  const base = `${API_PREFIX}/${spec.name}/`;
  const item = `${base}:id/`;

  app.get<{ Querystring: ListQuery }>(base, { ...guarded(app, spec, 'list'), schema: { querystring: listQuerySchema(spec, { ...FIELDS_PARAM, ...expandParam(spec) }) } }, async (request) => {
    const { actor } = await context(app, request);
    assertAccess(spec, 'list', actor);
    const page = await listRecords(app.db, spec, actor, request.query, request);
    return hooks.present ? { ...page, results: await hooks.present({ tx: app.db, now: new Date().toISOString(), actor }, page.results) } : page;
  });

  const readQuery = { type: 'object', properties: expandParam(spec), additionalProperties: false };
  app.get<{ Params: { id: string }; Querystring: { expand?: string } }>(item, { ...guarded(app, spec, 'read'), schema: { querystring: readQuery } }, async (request) => {
    const { actor } = await context(app, request);
    assertAccess(spec, 'read', actor);
    const expand = parseExpand(spec, request.query.expand);
    const [record] = readable(spec, actor, [await loadOr404(app.db, spec, request.params.id, actor)]);
    const [presented] = hooks.present ? await hooks.present({ tx: app.db, now: new Date().toISOString(), actor }, [record!]) : [record!];
    return (await expandRecords(app.db, actor, [presented], expand))[0];
  });

  if (spec.create) {
    app.post<{ Body: Row }>(base, { ...guarded(app, spec, 'create'), schema: { body: spec.create } }, async (request, reply) => {
      const ctx = await context(app, request);
      assertAccess(spec, 'create', ctx.actor);
      assertStaffOnlyFields(spec, request.body, ctx.actor);
      const record = await app.db.transaction(async (tx) => {
        const wctx = { ...ctx, tx };
        const body = request.body;
        const vendorId = await resolveVendor(tx, spec, body, ctx.actor);
        await checkRefs(tx, spec, body, vendorId, ctx.actor);
        runChecks(spec, spec.vendorColumn === 'none' ? body : { ...body, vendor_id: vendorId });
        let created: Row;
        if (hooks.create) created = await hooks.create(wctx, body, vendorId);
        else {
          const values: Row = { ...body };
          if (spec.vendorColumn !== 'none') values.vendor_id = vendorId;
          if (spec.lifecycle) values.status = initialStatus(spec.lifecycle as LifecycleName);
          await hooks.beforeInsert?.(wctx, values);
          created = await insertRecord(wctx, spec, values);
        }
        return created;
      });
      return reply.status(201).send(readable(spec, ctx.actor, [record])[0]);
    });
  }

  if (spec.patch) {
    app.patch<{ Params: { id: string }; Body: Row }>(item, { ...guarded(app, spec, 'update'), schema: { body: spec.patch } }, async (request) => {
      const ctx = await context(app, request);
      assertAccess(spec, 'update', ctx.actor);
      assertStaffOnlyFields(spec, request.body, ctx.actor);
      return app.db.transaction(async (tx) => {
        const wctx = { ...ctx, tx };
        const before = await loadOr404(tx, spec, request.params.id, ctx.actor, { forUpdate: true });
        const { version, ...changes } = request.body;
        if (version !== before.version) throw staleVersion(before);
        runChecks(spec, { ...before, ...changes });
        await checkRefs(tx, spec, changes, (before.vendor_id as string) ?? null, ctx.actor, before);
        let after: Row;
        if (hooks.update) after = await hooks.update(wctx, before, changes);
        else {
          await hooks.beforeUpdate?.(wctx, before, changes);
          after = await updateRecord(wctx, spec, String(before.id), changes, { before });
        }
        return readable(spec, ctx.actor, [after])[0];
      });
    });
  }

  if (spec.access.delete !== 'none') {
    app.delete<{ Params: { id: string }; Querystring: { version: number } }>(
      item,
      {
        ...guarded(app, spec, 'delete'),
        schema: {
          querystring: {
            type: 'object',
            properties: { version: { type: 'integer', minimum: 1, maximum: 2147483647 } },
            required: ['version'],
            additionalProperties: false,
          },
        },
      },
      async (request, reply) => {
        const ctx = await context(app, request);
        assertAccess(spec, 'delete', ctx.actor);
        await app.db.transaction(async (tx) => {
          const before = await loadOr404(tx, spec, request.params.id, ctx.actor, { forUpdate: true });
          if (request.query.version !== before.version) throw staleVersion(before);
          await hooks.beforeDelete?.({ ...ctx, tx }, before);
          try {
            await tx.query(`DELETE FROM ${spec.table} WHERE id = $1`, [before.id]);
          } catch (error) {
            mapDbError(error, 'delete');
          }
          await writeAudit(tx, ctx.actor, {
            action: 'delete', entity: spec.name, entityId: String(before.id), vendorId: (before.vendor_id as string) ?? null, before,
          });
          await publishRecordEvent(tx, spec, before, 'delete');
        });
        return reply.status(204).send();
      },
    );
  }

  // Methods a collection does not offer answer 405 rather than 404.
  const missing: ('POST' | 'PATCH' | 'DELETE')[] = [];
  if (!spec.create) missing.push('POST');
  if (!spec.patch) missing.push('PATCH');
  if (spec.access.delete === 'none') missing.push('DELETE');
  for (const method of missing) {
    app.route({
      method,
      url: method === 'POST' ? base : item,
      onRequest: app.authenticate,
      handler: async () => {
        throw methodNotAllowed(`${method} is not available on ${spec.name}.`);
      },
    });
  }
}
