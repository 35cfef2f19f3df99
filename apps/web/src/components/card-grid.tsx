import type { ReactNode } from 'react';

const SKELETONS = 8;

/** Which cards a grid holds: videos by default, or clips and streams with their own card styles. */
export type CardVariant = 'video' | 'clip' | 'stream';

const gridClass = (variant: CardVariant) => (variant === 'video' ? 'video-grid' : `video-grid ${variant}-grid`);

/** The one grid every list of cards uses: videos, clips and streams alike. */
export function CardGrid({ variant = 'video', children }: { variant?: CardVariant; children: ReactNode }) {
  return <div className={gridClass(variant)}>{children}</div>;
}

/** Placeholder cards while a grid's first page loads. */
export function CardSkeletons({ variant = 'video' }: { variant?: CardVariant }) {
  return (
    <div
      className={gridClass(variant)}
      aria-busy="true"
      data-testid={variant === 'video' ? 'skeletons' : `${variant}-skeletons`}
    >
      {Array.from({ length: SKELETONS }, (_, i) => (
        <div key={i} className={`${variant}-card skeleton`}>
          <div className="thumb" />
          <div className="skeleton-line" />
          <div className="skeleton-line short" />
        </div>
      ))}
    </div>
  );
}
