/** Scaffold: the media pipeline's manager replaces this (uploads, alt text, order, cover). */
import type { MediaRecord } from '../../domain/collections.ts';

export function MediaManager(_props: { ownerType: MediaRecord['owner_type']; ownerId: string }) {
  return null;
}
