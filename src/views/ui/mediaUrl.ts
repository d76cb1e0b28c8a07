/**
 * Where the browser finds a stored image (an `<img src>`, a link to a larger size): the
 * image proxy's address at one of its widths, on the deployment's API host. Drawing an
 * image is the browser's own request, not a call of the screen.
 */
import { IMAGE_WIDTHS, imagePath, type ImageWidth } from '../../../common/media.ts';

/** A stored image at `width` (the smallest by default). */
export const mediaSrc = (id: string, width: ImageWidth = IMAGE_WIDTHS[0]) => `${__API_BASE_URL__}${imagePath(id, width)}`;

/** `srcset` of a stored image at every width the proxy serves (the browser picks by `sizes`). */
export const mediaSrcSet = (id: string) => IMAGE_WIDTHS.map((w) => `${mediaSrc(id, w)} ${w}w`).join(', ');
