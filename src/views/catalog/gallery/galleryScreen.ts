/** The gallery as data: every image the user may see, filtered by owner type, owner and (staff) vendor. */
import { media, type MediaRecord } from '../../../../common/collections.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

/** The records a gallery image may belong to, and the collection each is picked from. */
export const GALLERY_OWNERS = { service: 'services', location: 'locations', adventure: 'adventures', banner: 'banners' } as const;
export type GalleryOwnerType = keyof typeof GALLERY_OWNERS;

export const galleryScreen = defineListScreen({
  collection: media,
  searchLabel: 'media.gallery.search',
  filters: [
    { kind: 'enum', field: 'owner_type', label: 'media.gallery.ownerType', labelPrefix: 'media.ownerType', values: Object.keys(GALLERY_OWNERS) },
    { kind: 'record', field: 'vendor_id', label: 'media.gallery.vendor', resource: 'vendors', optionLabel: (r) => String(r.trade_name ?? ''), staffOnly: true },
  ],
  defaultOrdering: '-created_at',
  fields: ['owner_type', 'owner_id', 'alt_i18n', 'is_cover', 'stored', 'width', 'height', 'vendor_id', 'created_at'],
  // owner_id names the service, location or adventure by its label, whatever the owner's type.
  expand: ['vendor_id', 'owner_id'],
});

export type GalleryRow = Pick<MediaRecord, 'id' | 'version' | 'owner_type' | 'owner_id' | 'alt_i18n' | 'is_cover' | 'stored' | 'width' | 'height' | 'vendor_id' | 'created_at'> & {
  _expanded?: {
    vendor_id?: { trade_name?: string } | null;
    owner_id?: { title_i18n?: Record<string, string>; name_i18n?: Record<string, string>; trade_name?: string } | null;
  };
};
