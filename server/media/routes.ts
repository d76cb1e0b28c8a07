/**
 * The media pipeline's routes, beside the generic `/media/` collection:
 *
 *   POST /branch/api/media/upload/     multipart: owner_type, owner_id, alt_i18n (JSON) then
 *                                      one or more files; each is judged from its bytes,
 *                                      sanitized and kept; 201 {results: [media]}
 *   POST /branch/api/media/reorder/    {owner_type, owner_id, ids}: that owner's media in
 *                                      this order, in one transaction
 *   GET  /branch/api/media/<id>/<width>[.webp|.avif]
 *                                      the image proxy (public: ids are random UUIDs):
 *                                      resized on first request, then served from storage
 *
 * A media's vendor is its owner's: a vendor attaches images only to their own records
 * (another vendor's owner is "not found"), and staff's uploads belong to the owner's vendor.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import Type from 'typebox';
import { MEDIA_OWNER_TYPES } from '../../common/catalog.ts';
import { BRANDING_OWNER_ID } from '../../common/catalogValues.ts';
import { IMAGE_MAX_BYTES, IMAGE_WIDTHS, type ImageFormat } from '../../common/media.ts';
import { collection } from '../../common/registry.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError, badRequest, notFound } from '../errors.ts';
import { UUID } from '../engine/actor.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { insertRecord, updateRecord, type Row } from '../engine/records.ts';
import { context, guarded } from '../engine/resources.ts';
import { loadVisible, Params, visibility } from '../engine/scope.ts';
import { IMAGE_CONTENT_TYPES, ImageRejected, resize, sanitize, type SanitizedImage } from './images.ts';
import { deleteMediaFiles, derivedKey, originalKey, type Storage } from './storage.ts';

const MAX_FILES = 10;

/** `POST /media/reorder/`: one owner's images, in their new order. */
export const MediaReorderInput = Type.Object(
  {
    owner_type: Type.Union(MEDIA_OWNER_TYPES.map((t) => Type.Literal(t))),
    owner_id: Type.String({ format: 'uuid' }),
    ids: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 500, uniqueItems: true }),
  },
  { additionalProperties: false },
);
const ONE_YEAR = 'public, max-age=31536000, immutable';
const spec = collection('media');

/** The record a media would belong to, if the actor may see it; its vendor comes with it. */
async function visibleOwner(q: Queryable, ownerType: string, ownerId: string, actor: Parameters<typeof loadVisible>[3], forUpdate = false) {
  // The marketplace's own images: staff's, under their one owner id, of no vendor.
  if (ownerType === 'branding') return actor.staff && ownerId === BRANDING_OWNER_ID ? { owner: { id: ownerId }, vendorId: null } : undefined;
  const target = spec.refsByType!.owner_id.targets[ownerType];
  if (!target || !UUID.test(ownerId)) return undefined;
  const ownerSpec = collection(target);
  const owner = await loadVisible(q, ownerSpec, ownerId, actor, { forUpdate });
  if (!owner) return undefined;
  const vendorId = target === 'vendors' ? String(owner.id) : ((owner.vendor_id as string | null | undefined) ?? null);
  return { owner, vendorId };
}

function altOf(raw: string | undefined): { en: string; fr: string; ar: string } | string {
  if (raw === undefined || raw === '') return { en: '', fr: '', ar: '' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return 'Send the alt texts as JSON: {"en": …, "fr": …, "ar": …}.';
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'Send the alt texts as JSON: {"en": …, "fr": …, "ar": …}.';
  const alt = { en: '', fr: '', ar: '' };
  for (const [lang, text] of Object.entries(value)) {
    if (!(lang in alt)) return `Unknown language ${lang}.`;
    if (typeof text !== 'string' || text.length > 300) return 'Each alt text is at most 300 characters.';
    alt[lang as keyof typeof alt] = text;
  }
  return alt;
}

interface UploadedFile {
  name: string;
  data: Buffer;
}

async function readParts(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // Buffered: the whole file is needed to judge it, and it is at most IMAGE_MAX_BYTES.
      const data = await part.toBuffer();
      files.push({ name: part.filename, data });
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

export async function registerMedia(app: FastifyInstance): Promise<void> {
  const storage = app.mediaStorage;

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMAGE_MAX_BYTES, files: MAX_FILES, fields: 10, fieldSize: 4096, parts: MAX_FILES + 10 },
      throwFileSizeLimit: true,
    });
    scope.post(`${API_PREFIX}/media/upload/`, { onRequest: guarded(app, spec, 'create').onRequest }, (request, reply) => upload(app, storage, request, reply));
  });

  app.post<{ Body: { owner_type: string; owner_id: string; ids: string[] } }>(
    `${API_PREFIX}/media/reorder/`,
    {
      ...guarded(app, spec, 'update'),
      schema: { body: MediaReorderInput },
    },
    async (request) => {
      const ctx = await context(app, request);
      const { owner_type, owner_id, ids } = request.body;
      return app.db.transaction(async (tx) => {
        if (!(await visibleOwner(tx, owner_type, owner_id, ctx.actor, true))) throw notFound();
        const params = new Params();
        const { rows } = await tx.query<{ id: string; sort_order: number }>(
          `SELECT t.id, t.sort_order FROM media t
           WHERE t.owner_type = ${params.add(owner_type)} AND t.owner_id = ${params.add(owner_id)} AND ${visibility(spec, ctx.actor, params)}
           ORDER BY t.id FOR UPDATE`,
          params.values,
        );
        const current = new Map(rows.map((r) => [r.id, r.sort_order]));
        const errors: Record<string, string[]> = {};
        ids.forEach((id, i) => {
          if (!current.has(id)) errors[`ids.${i}`] = [`${id} is not an image of this record.`];
        });
        if (Object.keys(errors).length > 0) throw badRequest(errors);
        const results: Row[] = [];
        for (const [i, id] of ids.entries()) {
          if (current.get(id) !== i) results.push(await updateRecord({ ...ctx, tx }, spec, id, { sort_order: i }, { action: 'reorder' }));
        }
        return { changed: results.length, results };
      });
    },
  );

  app.get<{ Params: { id: string; variant: string } }>(`${API_PREFIX}/media/:id/:variant`, (request, reply) => serveImage(app, storage, request, reply));
}

async function upload(app: FastifyInstance, storage: Storage, request: FastifyRequest, reply: FastifyReply) {
  const ctx = await context(app, request);
  if (!request.isMultipart()) throw badRequest({ body: ['Send the files as multipart/form-data.'] });
  let parts: Awaited<ReturnType<typeof readParts>>;
  try {
    parts = await readParts(request);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError(413, { detail: `A file is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`, errors: { file: [`At most ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`] } });
    }
    if (code === 'FST_FILES_LIMIT_REACHED' || code === 'FST_PARTS_LIMIT_REACHED') throw badRequest({ file: [`At most ${MAX_FILES} files at once.`] });
    throw badRequest({ body: ['The upload could not be read.'] });
  }
  const { fields, files } = parts;
  const errors: Record<string, string[]> = {};
  const ownerType = fields.owner_type ?? '';
  if (!(MEDIA_OWNER_TYPES as readonly string[]).includes(ownerType)) errors.owner_type = [`One of ${MEDIA_OWNER_TYPES.join(', ')}.`];
  if (!fields.owner_id) errors.owner_id = ['This field is required.'];
  const alt = altOf(fields.alt_i18n);
  if (typeof alt === 'string') errors.alt_i18n = [alt];
  const unknown = Object.keys(fields).filter((f) => !['owner_type', 'owner_id', 'alt_i18n'].includes(f));
  for (const f of unknown) errors[f] = ['Unknown field.'];
  if (files.length === 0) errors.file = ['Choose at least one image.'];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  const ownerMissing = () => badRequest({ owner_id: [`${fields.owner_id} was not found.`] });
  if (!(await visibleOwner(app.db, ownerType, fields.owner_id, ctx.actor))) throw ownerMissing();

  // Judge every file before keeping any: one bad file refuses the request.
  const images: SanitizedImage[] = [];
  for (const [i, file] of files.entries()) {
    try {
      images.push(await sanitize(file.data));
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      errors[files.length === 1 ? 'file' : `file.${i}`] = [`${file.name}: ${error.message}`];
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors, 'This file was refused.');

  const ids = images.map(() => randomUUID());
  // Files first, then the records: a record never points at a file that is not there.
  await Promise.all(images.map((image, i) => storage.put(originalKey(ids[i]), image.data)));
  try {
    const results = await app.db.transaction(async (tx) => {
      // The owner locked: uploads and reorders of one record's images wait for each other, so
      // two at once neither take the same place nor both make their first image the cover.
      const owner = await visibleOwner(tx, ownerType, fields.owner_id, ctx.actor, true);
      if (!owner) throw ownerMissing();
      const { rows } = await tx.query<{ next: number; has_cover: boolean }>(
        `SELECT coalesce(max(sort_order) + 1, 0) AS next, coalesce(bool_or(is_cover), false) AS has_cover
         FROM media WHERE owner_type = $1 AND owner_id = $2`,
        [ownerType, fields.owner_id],
      );
      let { next, has_cover: hasCover } = rows[0];
      const created: Row[] = [];
      for (const [i, image] of images.entries()) {
        created.push(
          await insertRecord({ ...ctx, tx }, spec, {
            id: ids[i], vendor_id: owner.vendorId, url: `${API_PREFIX}/media/${ids[i]}/1280`, kind: 'image', mime_type: image.mimeType,
            alt_i18n: alt, alt_text: (alt as { en: string }).en || null, owner_type: ownerType, owner_id: fields.owner_id,
            sort_order: Number(next) + i, is_cover: !hasCover && i === 0, width: image.width, height: image.height,
            size_bytes: image.data.length, stored: true,
          }),
        );
        hasCover ||= i === 0;
      }
      return created;
    });
    return reply.status(201).send({ results });
  } catch (error) {
    await Promise.all(ids.map((id) => deleteMediaFiles(storage, id)));
    throw error;
  }
}

const VARIANT = /^(\d{1,5})(?:\.(webp|avif))?$/;
/** Resizes under way, so that concurrent first requests for one size resize it once. */
const inFlight = new Map<string, Promise<Buffer | undefined>>();

async function serveImage(app: FastifyInstance, storage: Storage, request: FastifyRequest<{ Params: { id: string; variant: string } }>, reply: FastifyReply) {
  const { id, variant } = request.params;
  const match = VARIANT.exec(variant);
  const width = Number(match?.[1]);
  if (!UUID.test(id) || !match || !(IMAGE_WIDTHS as readonly number[]).includes(width)) throw notFound();
  let format = match[2] as ImageFormat | undefined;
  if (!format) {
    // No extension: the best format the browser says it takes; caches keep one per Accept.
    reply.header('vary', 'Accept');
    format = /image\/avif/.test(request.headers.accept ?? '') ? 'avif' : 'webp';
  }
  const key = derivedKey(id.toLowerCase(), width, format);

  let data = await storage.get(key);
  reply.header('x-image-cache', data ? 'hit' : 'miss');
  if (!data) {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = makeDerivative(app, storage, id.toLowerCase(), width, format!, key).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    data = await pending;
    if (!data) throw notFound();
  }
  // A derivative of an original that never changes (a new image is a new id): its size
  // and name identify it.
  const etag = `"${id.toLowerCase()}-${width}-${format}-${data.length}"`;
  reply.header('etag', etag).header('cache-control', ONE_YEAR).header('content-type', IMAGE_CONTENT_TYPES[format]);
  const sent = request.headers['if-none-match'];
  if (sent && sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
  return reply.send(data);
}

async function makeDerivative(app: FastifyInstance, storage: Storage, id: string, width: number, format: ImageFormat, key: string) {
  const { rows } = await app.db.query<{ stored: boolean }>('SELECT stored FROM media WHERE id = $1', [id]);
  if (!rows[0]?.stored) return undefined;
  const original = await storage.get(originalKey(id));
  if (!original) return undefined;
  const data = await resize(original, width, format);
  await storage.put(key, data);
  return data;
}

