/**
 * Where a stored image is shown from: the image proxy of the API the build points at, at
 * each width it serves (the browser picks by `sizes`). An address, not a request: the
 * browser loads it as any image.
 */
import { IMAGE_WIDTHS, imagePath } from '../../domain/media.ts';

/** The build's API address ('' on the same origin), read when an address is made. */
const base = () => __API_BASE_URL__;

/** `srcset` of a stored image at every width the proxy serves. */
export const mediaSrcSet = (id: string) => IMAGE_WIDTHS.map((w) => `${base()}${imagePath(id, w)} ${w}w`).join(', ');

/** The smallest width, for browsers without srcset. */
export const mediaSrc = (id: string) => `${base()}${imagePath(id, IMAGE_WIDTHS[0])}`;
