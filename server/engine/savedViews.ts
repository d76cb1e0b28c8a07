/**
 * Saved views: a list's filters, search, ordering and columns under a name, kept on the
 * server so they survive a logout and follow the user to another browser.
 *   GET    /saved-views/?list=<key>     the caller's views of that list, then those staff share
 *   POST   /saved-views/                {list_key, name, shared?, state}
 *   PATCH  /saved-views/<id>/           {version, name?, shared?, state?}   the owner only
 *   DELETE /saved-views/<id>/           the owner only
 * Only staff may share, and a shared view is read-only to everyone but its owner. Vendor
 * staff never see another user's views; a view the caller may not see is a 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import type { Queryable } from '../db/index.ts';
import { ApiError, badRequest, notFound } from '../errors.ts';
import type { Actor } from './actor.ts';
import { UUID } from './actor.ts';
import { diff, writeAudit } from './audit.ts';
import { API_PREFIX } from './paths.ts';
import { context, rejectUnstorableText, staleVersion } from './resources.ts';

const ENTITY = 'saved-views';
const LIST_KEY = '^[A-Za-z][A-Za-z0-9_.-]{0,59}$';

/** What a list screen restores: the URL's filters and search, the ordering, the columns shown. */
export const SavedViewState = Type.Object(
  {
    filters: Type.Record(Type.String({ maxLength: 60 }), Type.String({ maxLength: 200 }), { maxProperties: 30 }),
    search: Type.String({ maxLength: 200 }),
    ordering: Type.String({ maxLength: 200 }),
    columns: Type.Union([Type.Array(Type.String({ maxLength: 60 }), { maxItems: 40 }), Type.Null()]),
  },
  { additionalProperties: false },
);

const Name = Type.String({ minLength: 1, maxLength: 80 });

export const SavedViewInput = Type.Object(
  { list_key: Type.String({ pattern: LIST_KEY }), name: Name, shared: Type.Optional(Type.Boolean()), state: SavedViewState },
  { additionalProperties: false },
);

export const SavedViewPatch = Type.Object(
  { version: Type.Integer({ minimum: 1 }), name: Type.Optional(Name), shared: Type.Optional(Type.Boolean()), state: Type.Optional(SavedViewState) },
  { additionalProperties: false },
);

const ListQuery = Type.Object({ list: Type.String({ pattern: LIST_KEY }) }, { additionalProperties: false });

type Row = Record<string, unknown>;

const COLUMNS = 'id, created_at, updated_at, version, owner_id, vendor_id, list_key, name, shared, state';

/** A row as the API gives it: whether the caller owns it (and so may change it). */
function present(row: Row, actor: Actor): Row {
  return { ...row, mine: row.owner_id === actor.user.id };
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest({ name: ['Give the view a name.'] });
  return trimmed;
}

function checkShared(shared: boolean | undefined, actor: Actor): void {
  if (shared && !actor.staff) throw badRequest({ shared: ['Only staff may share a view with all staff.'] });
}

/** The unique name per owner and list, said at the field. */
async function writeOrNameTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw badRequest({ name: ['You already have a view with this name on this list.'] });
    throw error;
  }
}

/** A view the caller may see (theirs, or shared when they are staff), locked; else 404. */
async function loadView(q: Queryable, id: string, actor: Actor): Promise<Row> {
  if (!UUID.test(id)) throw notFound();
  const { rows } = await q.query(
    `SELECT ${COLUMNS} FROM saved_views WHERE id = $1 AND (owner_id = $2 OR (shared AND $3::boolean)) FOR UPDATE`,
    [id, actor.user.id, actor.staff],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

function assertOwner(view: Row, actor: Actor): void {
  if (view.owner_id !== actor.user.id) throw new ApiError(403, { detail: 'Only its owner may change a shared view.' });
}

export function registerSavedViews(app: FastifyInstance): void {
  const base = `${API_PREFIX}/saved-views/`;
  const pre = { onRequest: app.authenticate, preValidation: rejectUnstorableText };
  const actorOf = async (request: FastifyRequest) => (await context(app, request)).actor;

  app.get<{ Querystring: Static<typeof ListQuery> }>(base, { ...pre, schema: { querystring: ListQuery } }, async (request) => {
    const actor = await actorOf(request);
    const { rows } = await app.db.query(
      `SELECT ${COLUMNS} FROM saved_views WHERE list_key = $1 AND (owner_id = $2 OR (shared AND $3::boolean))
       ORDER BY owner_id = $2 DESC, lower(name), id`,
      [request.query.list, actor.user.id, actor.staff],
    );
    return { results: rows.map((row) => present(row, actor)) };
  });

  app.post<{ Body: Static<typeof SavedViewInput> }>(base, { ...pre, schema: { body: SavedViewInput } }, async (request, reply) => {
    const actor = await actorOf(request);
    const name = checkName(request.body.name);
    checkShared(request.body.shared, actor);
    const created = await writeOrNameTaken(() =>
      app.db.transaction(async (tx) => {
        const { rows } = await tx.query(
          `INSERT INTO saved_views (owner_id, vendor_id, list_key, name, shared, state) VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING ${COLUMNS}`,
          [actor.user.id, actor.vendorId, request.body.list_key, name, request.body.shared ?? false, JSON.stringify(request.body.state)],
        );
        await writeAudit(tx, actor, { action: 'create', entity: ENTITY, entityId: String(rows[0].id), vendorId: actor.vendorId, after: rows[0] });
        return rows[0];
      }),
    );
    return reply.status(201).send(present(created, actor));
  });

  app.patch<{ Params: { id: string }; Body: Static<typeof SavedViewPatch> }>(`${base}:id/`, { ...pre, schema: { body: SavedViewPatch } }, async (request) => {
    const actor = await actorOf(request);
    const { version, name, shared, state } = request.body;
    checkShared(shared, actor);
    const updated = await writeOrNameTaken(() =>
      app.db.transaction(async (tx) => {
        const before = await loadView(tx, request.params.id, actor);
        assertOwner(before, actor);
        if (version !== before.version) throw staleVersion(present(before, actor));
        const { rows } = await tx.query(
          `UPDATE saved_views SET name = coalesce($2, name), shared = coalesce($3, shared), state = coalesce($4::jsonb, state),
             version = version + 1, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
          [before.id, name === undefined ? null : checkName(name), shared ?? null, state === undefined ? null : JSON.stringify(state)],
        );
        await writeAudit(tx, actor, { action: 'update', entity: ENTITY, entityId: String(before.id), vendorId: actor.vendorId, ...diff(before, rows[0]) });
        return rows[0];
      }),
    );
    return present(updated, actor);
  });

  app.delete<{ Params: { id: string } }>(`${base}:id/`, pre, async (request, reply) => {
    const actor = await actorOf(request);
    await app.db.transaction(async (tx) => {
      const before = await loadView(tx, request.params.id, actor);
      assertOwner(before, actor);
      await tx.query('DELETE FROM saved_views WHERE id = $1', [before.id]);
      await writeAudit(tx, actor, { action: 'delete', entity: ENTITY, entityId: String(before.id), vendorId: actor.vendorId, before });
    });
    return reply.status(204).send();
  });
}
