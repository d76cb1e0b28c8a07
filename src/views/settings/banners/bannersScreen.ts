/** The customer app's banners as data: by language and state, in their order. */
import { banners, type BannersRecord } from '../../../../common/collections.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

export const NEW_BANNER = 'new';

export const bannersScreen = defineListScreen({
  collection: banners,
  filters: [
    { kind: 'enum', field: 'locale', label: 'settings.banner.locale', labelPrefix: 'settings.banner.localeOption' },
    { kind: 'boolean', field: 'active', label: 'settings.banner.state', labelPrefix: 'settings.banner.active' },
  ],
  defaultOrdering: 'sort_order',
  fields: ['image_url', 'link_url', 'title_i18n', 'locale', 'starts_at', 'ends_at', 'sort_order', 'active'],
  panels: ['edit'],
});

export type BannerRow = Pick<BannersRecord, 'id' | 'version' | 'image_url' | 'link_url' | 'title_i18n' | 'locale' | 'starts_at' | 'ends_at' | 'sort_order' | 'active'>;

export const BANNER_DEFAULTS = {
  image_url: '',
  link_url: null,
  title_i18n: { en: '', fr: '', ar: '' },
  locale: 'all',
  starts_at: null,
  ends_at: null,
  sort_order: 0,
  active: true,
} satisfies Partial<BannersRecord>;

/**
 * Where a banner stands today: `active` when the customer app shows it now (switched on,
 * started or without a start, not ended), else `scheduled`, `expired` or `inactive`.
 */
export function bannerState(banner: Pick<BannerRow, 'active' | 'starts_at' | 'ends_at'>, now = Date.now()): 'active' | 'scheduled' | 'expired' | 'inactive' {
  if (!banner.active) return 'inactive';
  if (banner.starts_at && Date.parse(banner.starts_at) > now) return 'scheduled';
  if (banner.ends_at && Date.parse(banner.ends_at) <= now) return 'expired';
  return 'active';
}
