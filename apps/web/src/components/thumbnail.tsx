import type { ThumbnailSize } from '@app/shared';

/** How wide a card's picture shows: the whole width on a phone, one grid cell on a larger screen. */
const CARD_SIZES = '(max-width: 600px) 100vw, 320px';

/**
 * A card's thumbnail: the size the screen needs (WebP where the browser takes it, JPEG otherwise),
 * loaded when it comes near the view. Media rendered before sizes existed has the one full-size picture.
 */
export function Thumbnail({ url, sizes }: { url: string; sizes: ThumbnailSize[] }) {
  if (sizes.length === 0) return <img src={url} alt="" loading="lazy" />;
  const webp = sizes.every((s) => s.webp_url) ? sizes.map((s) => `${s.webp_url} ${s.width}w`).join(', ') : null;
  return (
    <picture>
      {webp && <source type="image/webp" srcSet={webp} sizes={CARD_SIZES} />}
      <img
        src={url}
        srcSet={sizes.map((s) => `${s.jpeg_url} ${s.width}w`).join(', ')}
        sizes={CARD_SIZES}
        alt=""
        loading="lazy"
      />
    </picture>
  );
}
