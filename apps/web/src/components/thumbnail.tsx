import { CARD_SIZES, jpegSrcset, thumbnailPreload, webpSrcset, type ThumbnailSize } from '@app/shared';
import type { SyntheticEvent } from 'react';

/**
 * How a thumbnail loads: `lazy` when it comes near the view (most cards); `eager` for the cards the
 * first screen shows, so they do not wait for layout; `first` also asks for it before the other
 * pictures: the first card's thumbnail is the largest paint of a feed. `held`: not yet (the card's
 * frame shows), while the first card's picture takes the connection.
 */
export type ThumbnailLoading = 'lazy' | 'eager' | 'first' | 'held';

const loadingProps = (loading: ThumbnailLoading) =>
  ({
    loading: loading === 'lazy' ? 'lazy' : 'eager',
    fetchPriority: loading === 'first' ? 'high' : undefined,
    decoding: 'async',
  }) as const;

/**
 * Calls `then` once the picture is on the screen: decoded, and a frame painted with it (or once it
 * failed to load). A picture shown from the cache gets here at once.
 */
const afterPainted = (then: () => void) => (event: SyntheticEvent<HTMLImageElement>) => {
  const painted = () => requestAnimationFrame(() => setTimeout(then, 0));
  if (event.type === 'load') void event.currentTarget.decode().then(painted, painted);
  else painted();
};

/**
 * A card's thumbnail: the size the screen needs (WebP where the browser takes it, JPEG otherwise).
 * Media rendered before sizes existed has the one full-size picture. `onShown`: called once it has
 * been painted, or could not load.
 */
export function Thumbnail({
  url,
  sizes,
  loading = 'lazy',
  onShown,
}: {
  url: string;
  sizes: ThumbnailSize[];
  loading?: ThumbnailLoading;
  onShown?: () => void;
}) {
  if (loading === 'held') return null;
  const shown = onShown && afterPainted(onShown);
  const props = { ...loadingProps(loading), onLoad: shown, onError: shown };
  if (sizes.length === 0) return <img src={url} alt="" {...props} />;
  const webp = webpSrcset(sizes);
  return (
    <picture>
      {webp && <source type="image/webp" srcSet={webp} sizes={CARD_SIZES} />}
      <img src={url} srcSet={jpegSrcset(sizes)} sizes={CARD_SIZES} alt="" {...props} />
    </picture>
  );
}

/**
 * Asks for a thumbnail before anything renders it, as the <Thumbnail> showing it will (same sizes,
 * same picture): the first card of the home feed, the moment the feed arrives, while the app is
 * still starting.
 */
export function preloadThumbnail(url: string, sizes: ThumbnailSize[]): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.fetchPriority = 'high';
  const { href, type, imagesrcset, imagesizes } = thumbnailPreload(url, sizes);
  if (href) link.href = href;
  if (type) link.type = type;
  if (imagesrcset) link.imageSrcset = imagesrcset;
  if (imagesizes) link.imageSizes = imagesizes;
  document.head.append(link);
}
