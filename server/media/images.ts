/**
 * Images with sharp: what an upload really is (judged from its bytes), its sanitized
 * original (turned upright by its EXIF orientation, re-encoded, every metadata block
 * dropped: GPS, camera, comments), and the proxy's resized copies.
 */
import sharp from 'sharp';
import { IMAGE_MAX_PIXELS, type ImageFormat } from '../../common/media.ts';

/** sharp's format names for the accepted types, and their MIME type. */
const ACCEPTED: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heif: 'image/avif' };

export class ImageRejected extends Error {}

export interface SanitizedImage {
  data: Buffer;
  mimeType: string;
  width: number;
  height: number;
}

// Decoding is the expensive part: one at a time per core is plenty on a small server.
sharp.concurrency(1);

export async function sanitize(input: Buffer): Promise<SanitizedImage> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS }).metadata();
  } catch {
    throw new ImageRejected('This file is not a JPEG, PNG, WebP or AVIF image.');
  }
  const mimeType = ACCEPTED[meta.format ?? ''];
  // HEIF holds both AVIF and HEIC; only AV1-compressed HEIF is AVIF.
  if (!mimeType || (meta.format === 'heif' && meta.compression !== 'av1')) {
    throw new ImageRejected('This file is not a JPEG, PNG, WebP or AVIF image.');
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > IMAGE_MAX_PIXELS) {
    throw new ImageRejected(`This image has more than ${IMAGE_MAX_PIXELS / 1_000_000} million pixels.`);
  }
  try {
    // rotate() with no angle applies the EXIF orientation; sharp writes no metadata
    // unless asked (withMetadata/withExif), so the output carries none.
    const pipeline = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS }).rotate();
    const encoded =
      meta.format === 'jpeg' ? pipeline.jpeg({ quality: 88 })
      : meta.format === 'png' ? pipeline.png()
      : meta.format === 'webp' ? pipeline.webp({ quality: 90 })
      : pipeline.avif({ quality: 70 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, mimeType, width: info.width, height: info.height };
  } catch {
    throw new ImageRejected('This image could not be read: the file may be damaged.');
  }
}

/** The original at `width` (never enlarged) in `format`. */
export async function resize(original: Buffer, width: number, format: ImageFormat): Promise<Buffer> {
  const pipeline = sharp(original, { limitInputPixels: IMAGE_MAX_PIXELS }).resize({ width, withoutEnlargement: true });
  // AVIF's effort 2 of 9: a first request must not wait seconds for a few percent of bytes.
  return (format === 'avif' ? pipeline.avif({ quality: 55, effort: 2 }) : pipeline.webp({ quality: 78 })).toBuffer();
}

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { webp: 'image/webp', avif: 'image/avif' };
