/**
 * Media of one record: read in their order, uploaded one file a request (so each file
 * shows its own progress), reordered in one request, a cover chosen, deleted; and the
 * `srcset` of a stored image at the proxy's widths.
 */
import type { MediaRecord } from '../../common/collections.ts';
import { IMAGE_WIDTHS, imagePath } from '../../common/media.ts';
import { ApiRequestError } from './client.ts';
import { API_BASE_URL } from './config.ts';
import { apiClient } from './apiClientHolder.ts';
import { deleteRecord, fetchList, updateRecord } from './resources.ts';

export type MediaOwnerType = MediaRecord['owner_type'];
export interface MediaOwner {
  ownerType: MediaOwnerType;
  ownerId: string;
}

/** A record has at most a few dozen images: one page of 100 holds them all. */
export async function fetchOwnerMedia({ ownerType, ownerId }: MediaOwner, signal?: AbortSignal): Promise<MediaRecord[]> {
  const page = await fetchList<MediaRecord>(
    'media',
    { page: 1, page_size: 100, ordering: 'sort_order', search: '', filters: { owner_type: ownerType, owner_id: ownerId } },
    signal,
  );
  return page.results;
}

export const reorderMedia = ({ ownerType, ownerId }: MediaOwner, ids: string[]) =>
  apiClient().post<{ changed: number }>('/branch/api/media/reorder/', { owner_type: ownerType, owner_id: ownerId, ids }, { quiet: true });

export const makeCover = (media: Pick<MediaRecord, 'id' | 'version'>) => updateRecord('media', media.id, { version: media.version, is_cover: true });

export const deleteMedia = (media: Pick<MediaRecord, 'id' | 'version'>) => deleteRecord('media', media.id, media.version);

/**
 * Sends one file with XMLHttpRequest, the only browser API that reports upload progress
 * (`fetch` does not), with the same authorization as the API client.
 */
export async function uploadImage(
  owner: MediaOwner,
  file: File,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
): Promise<MediaRecord[]> {
  const authorization = await apiClient().authorization();
  const form = new FormData();
  form.append('owner_type', owner.ownerType);
  form.append('owner_id', owner.ownerId);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE_URL}/branch/api/media/upload/`);
    xhr.setRequestHeader('Authorization', authorization);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', apiClient().language());
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { results?: MediaRecord[]; detail?: string; errors?: Record<string, string[]> } | null;
      if (xhr.status === 201 && body?.results) resolve(body.results);
      else reject(new ApiRequestError(xhr.status, body?.detail ?? `HTTP ${xhr.status}`, body, body?.errors ?? {}));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'Network error', null));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** `srcset` of a stored image at every width the proxy serves (the browser picks by `sizes`). */
export const mediaSrcSet = (id: string) => IMAGE_WIDTHS.map((w) => `${API_BASE_URL}${imagePath(id, w)} ${w}w`).join(', ');
/** The smallest width, for browsers without srcset. */
export const mediaSrc = (id: string) => `${API_BASE_URL}${imagePath(id, IMAGE_WIDTHS[0])}`;
