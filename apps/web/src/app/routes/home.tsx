import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SponsoredCards } from '../../features/advertisers/components/sponsored-cards.tsx';
import { type FeedParams, useFeedPages } from '../../features/videos/api/videos.ts';
import { CHIPS, CategoryChips, type ChipId } from '../../features/videos/components/category-chips.tsx';
import { EmptyFeed } from '../../features/videos/components/empty-feed.tsx';
import { FeedMore } from '../../features/videos/components/feed-more.tsx';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';
import { categoryName } from '../../features/videos/lib/category-name.ts';

/** The chip a home page address selects by its category, or 'all' without one. */
function chipOf(category: string | undefined): ChipId | undefined {
  return category ? CHIPS.find((c) => c.category === category.toLowerCase())?.id : 'all';
}

/** The feed a home page address shows (main.tsx starts fetching it while the app starts). */
export function homeFeed(params: URLSearchParams): FeedParams {
  return { sort: 'recent', category: params.get('category') ?? undefined };
}

export function HomePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? undefined;
  const chip = chipOf(category);
  const feed = useFeedPages(homeFeed(params));

  const select = (id: ChipId) => {
    const c = CHIPS.find((x) => x.id === id)!;
    setParams(c.category ? { category: c.category } : {});
  };

  return (
    <section className="page">
      <h1 className="sr-only">{t('pages.home')}</h1>
      <CategoryChips active={chip ?? 'all'} onSelect={select} />
      <VideoGrid
        videos={feed.videos}
        isLoading={feed.isLoading}
        error={feed.error}
        onRetry={() => void feed.refetch()}
        empty={
          category ? (
            <EmptyFeed
              message={t('videos.emptyCategory', { category: categoryName(t, category) })}
              onShowAll={() => setParams({})}
            />
          ) : (
            <EmptyFeed />
          )
        }
        extra={<SponsoredCards category={category} />}
        more={<FeedMore feed={feed} />}
      />
    </section>
  );
}
