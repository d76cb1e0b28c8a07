import type { MediaRecord } from '../../../common/collections.ts';
import { mediaSrc, mediaSrcSet } from '../ui/mediaUrl.ts';

/**
 * A media shown at the size the layout gives it: a stored image through the proxy, the
 * browser choosing its width from `sizes` (and AVIF or WebP by what it accepts); an image
 * kept elsewhere (old records point at outside addresses the page may not load) as a
 * neutral placeholder of the same shape.
 */
export function MediaImage({ media, sizes, alt }: { media: Pick<MediaRecord, 'id' | 'stored' | 'width' | 'height'>; sizes: string; alt: string }) {
  if (!media.stored) {
    return <span className="media-placeholder" role="img" aria-label={alt} />;
  }
  return (
    <img
      className="media-image"
      src={mediaSrc(media.id)}
      srcSet={mediaSrcSet(media.id)}
      sizes={sizes}
      alt={alt}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      loading="lazy"
      decoding="async"
    />
  );
}
