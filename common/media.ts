/**
 * The limits of uploaded images and the widths the image proxy serves, shared by the
 * server (which enforces them) and the media screens (which check before sending).
 */

/** Types accepted, judged from the file's bytes on the server (never from its name). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** The largest file accepted, in bytes. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** At most this many pixels (width x height): a 10 MB file may still decode to gigabytes. */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** The widths the proxy serves (the seed's breakpoints); any other width is a 404. */
export const IMAGE_WIDTHS = [320, 640, 768, 1024, 1280, 1536] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const IMAGE_FORMATS = ['webp', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The marketplace logo's address: its uploaded image at the smallest width, else the address given in the theme settings. */
export const logoUrl = (theme: { logo_url: string | null; logo_media_id?: string | null }) =>
  theme.logo_media_id ? imagePath(theme.logo_media_id, 320) : theme.logo_url;

/** Path of a stored image at one width, under the API prefix (public: ids are unguessable). */
export const imagePath = (id: string, width: ImageWidth, format?: ImageFormat) =>
  `/branch/api/media/${id}/${width}${format ? `.${format}` : ''}`;

/**
 * Why a file will be refused, checked before sending it (the server judges again, from
 * its bytes): a message id, or null when it may go.
 */
export function precheck(file: { type: string; size: number }): 'media.error.type' | 'media.error.size' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'media.error.type';
  if (file.size > IMAGE_MAX_BYTES) return 'media.error.size';
  return null;
}
