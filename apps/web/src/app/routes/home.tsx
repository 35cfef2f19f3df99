import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SponsoredCards } from '../../features/advertisers/components/sponsored-cards.tsx';
import { type FeedParams, useFeed } from '../../features/videos/api/videos.ts';
import { CHIPS, CategoryChips, type ChipId } from '../../features/videos/components/category-chips.tsx';
import { EmptyFeed } from '../../features/videos/components/empty-feed.tsx';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';

/** The chip a home page address selects: by its name, by its category, or 'all' without either. */
function chipOf(params: URLSearchParams): ChipId | undefined {
  const category = params.get('category') ?? undefined;
  return (
    (params.get('chip') as ChipId | null) ??
    CHIPS.find((c) => c.category === category)?.id ??
    (category ? undefined : 'all')
  );
}

/** The feed a home page address shows (main.tsx starts fetching it while the app starts). */
export function homeFeed(params: URLSearchParams): FeedParams {
  const keyword = CHIPS.find((c) => c.id === chipOf(params))?.q;
  return { sort: 'recent', category: params.get('category') ?? undefined, q: keyword };
}

export function HomePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? undefined;
  const chip = chipOf(params);
  const feed = useFeed(homeFeed(params));

  const select = (id: ChipId) => {
    const c = CHIPS.find((x) => x.id === id)!;
    setParams(c.category ? { category: c.category } : c.q ? { chip: id } : {});
  };

  return (
    <section className="page">
      <h1 className="sr-only">{t('pages.home')}</h1>
      <CategoryChips active={chip ?? 'all'} onSelect={select} />
      <VideoGrid
        videos={feed.data}
        isLoading={feed.isLoading}
        error={feed.error}
        onRetry={() => void feed.refetch()}
        empty={<EmptyFeed />}
        extra={<SponsoredCards category={category} />}
      />
    </section>
  );
}
