/**
 * Media written through the generic routes: one cover per owner (choosing one clears the
 * previous, in the same transaction, audited), the single alt text kept as the English
 * one, and an uploaded file's url fixed to its proxy. Deleting a media removes its files.
 */
import { collection } from '../../common/registry.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import { deleteMediaFiles } from './storage.ts';
import type { CollectionHooks, WriteContext } from '../engine/hooks.ts';
import { updateRecord, type Row } from '../engine/records.ts';

/** Clears the cover of the owner's other media (the unique index allows one). */
async function clearCover(ctx: WriteContext, ownerType: unknown, ownerId: unknown, except: unknown): Promise<void> {
  const { rows } = await (ctx.tx as Queryable).query<{ id: string }>(
    'SELECT id FROM media WHERE owner_type = $1 AND owner_id = $2 AND is_cover AND id IS DISTINCT FROM $3 FOR UPDATE',
    [ownerType, ownerId, except ?? null],
  );
  for (const { id } of rows) await updateRecord(ctx, collection('media'), id, { is_cover: false });
}

function syncAltText(values: Row): void {
  const alt = values.alt_i18n as { en?: string } | undefined;
  if (alt) values.alt_text = alt.en || null;
}

/** The marketplace's own images (owner `branding`) are staff's alone. */
function assertBranding(ctx: WriteContext, ownerType: unknown): void {
  if (ownerType === 'branding' && !ctx.actor.staff) throw badRequest({ owner_type: ['Only staff may add images of the marketplace.'] });
}

export const mediaHooks: CollectionHooks = {
  async beforeInsert(ctx, values) {
    assertBranding(ctx, values.owner_type);
    syncAltText(values);
    if (values.is_cover === true) await clearCover(ctx, values.owner_type, values.owner_id, null);
  },
  async beforeUpdate(ctx, before, changes) {
    if (before.stored && changes.url !== undefined && changes.url !== before.url) {
      throw badRequest({ url: ['An uploaded image is served by the API: its address cannot change.'] });
    }
    syncAltText(changes);
    const ownerType = changes.owner_type ?? before.owner_type;
    assertBranding(ctx, ownerType);
    const ownerId = changes.owner_id !== undefined ? changes.owner_id : before.owner_id;
    const moved = ownerType !== before.owner_type || ownerId !== before.owner_id;
    // A cover that moves to another record is not that record's cover unless asked.
    if (moved && before.is_cover && changes.is_cover === undefined) changes.is_cover = false;
    if (changes.is_cover === true) await clearCover(ctx, ownerType, ownerId, before.id);
  },
  async beforeDelete(ctx, record) {
    // Nothing references a media, so the delete that follows does not fail for a reason
    // the files would have to survive.
    if (record.stored) await deleteMediaFiles(ctx.app.mediaStorage, String(record.id));
  },
};
