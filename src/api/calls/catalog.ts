/** The named reads and commands of the catalog, locations, media and settings screens (composed in src/api/reads.ts and src/api/commands.ts). */
import type { MediaRecord } from '../../../common/collections.ts';
import { deleteMedia, fetchOwnerMedia, makeCover, reorderMedia, uploadImage, type MediaOwner } from '../media.ts';
import { fetchRecord, type ApiRecord } from '../resources.ts';

export const catalogReads = {
  /**
   * Records a form names by id and shows by their words (the services of an itinerary), in
   * one go; one out of reach (deleted, another vendor's) stays as its bare id.
   */
  catalogRecords: (args: { collection: string; ids: readonly string[] }, signal: AbortSignal): Promise<ApiRecord[]> =>
    Promise.all(args.ids.map((id) => fetchRecord(args.collection, id, signal).catch((): ApiRecord => ({ id, version: 0 })))),
  /** The images of one record, in their order. */
  mediaOfOwner: (args: MediaOwner, signal: AbortSignal): Promise<MediaRecord[]> => fetchOwnerMedia(args, signal),
};

export const catalogCommands = {
  /**
   * One image file sent to the media pipeline, filed under its owner: its stored versions
   * come back. `onProgress` follows the upload; `signal` cancels it.
   */
  mediaUpload: (input: MediaOwner & { file: File; onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal }): Promise<MediaRecord[]> =>
    uploadImage({ ownerType: input.ownerType, ownerId: input.ownerId }, input.file, input.onProgress ?? (() => undefined), input.signal ?? new AbortController().signal),
  /** A record's images in a new order, in one request. */
  mediaReorder: (input: MediaOwner & { ids: readonly string[] }): Promise<{ changed: number }> =>
    reorderMedia({ ownerType: input.ownerType, ownerId: input.ownerId }, [...input.ids]),
  /** This image becomes its record's cover. */
  mediaMakeCover: (input: { id: string; version: number }): Promise<ApiRecord> => makeCover(input),
  /** An image deleted, at the version shown. */
  mediaDelete: (input: { id: string; version: number }): Promise<unknown> => deleteMedia(input),
};
