import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagedGrid } from '../../../components/paged-list.tsx';
import { ClipCard } from '../../clips/index.ts';
import { CreatorStreams } from '../../streams/index.ts';
import { EmptyFeed, VideoCard } from '../../videos/index.ts';
import { useUserClips, useUserVideos } from '../api/user-content.ts';

const TABS = ['videos', 'clips', 'streams'] as const;
type Tab = (typeof TABS)[number];

/** The tab named in the address (?tab=clips), so a tab can be linked to; Videos when none or unknown. */
const tabFrom = (params: URLSearchParams): Tab => TABS.find((tab) => tab === params.get('tab')) ?? 'videos';

function VideosPanel({ userId, own }: { userId: string; own: boolean }) {
  const { t } = useTranslation();
  return (
    <PagedGrid
      pages={useUserVideos(userId)}
      variant="video"
      empty={<EmptyFeed message={t(own ? 'profile.noVideos' : 'profile.noVideosOther')} />}
      render={(video) => <VideoCard key={video.id} video={video} />}
    />
  );
}

function ClipsPanel({ userId, own }: { userId: string; own: boolean }) {
  const { t } = useTranslation();
  return (
    <PagedGrid
      pages={useUserClips(userId)}
      variant="clip"
      empty={<p className="muted empty-line">{t(own ? 'profile.noClips' : 'profile.noClipsOther')}</p>}
      render={(clip) => <ClipCard key={clip.id} clip={clip} />}
    />
  );
}

/**
 * A profile's Videos, Clips and Streams as tabs (the WAI-ARIA tabs pattern: arrow keys, Home and
 * End move between them and show the one reached; only the chosen tab is in the tab order).
 */
export function ProfileTabs({ userId, own, labelledBy }: { userId: string; own: boolean; labelledBy: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const current = tabFrom(params);
  const buttons = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  const choose = (tab: Tab, focus = false) => {
    const next = new URLSearchParams(params);
    if (tab === 'videos') next.delete('tab');
    else next.set('tab', tab);
    setParams(next, { replace: true });
    if (focus) buttons.current[tab]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const at = TABS.indexOf(current);
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
    let next: Tab | undefined;
    if (step) next = TABS[(at + step + TABS.length) % TABS.length];
    else if (e.key === 'Home') next = TABS[0];
    else if (e.key === 'End') next = TABS[TABS.length - 1];
    if (!next) return;
    e.preventDefault();
    choose(next, true);
  };

  return (
    <section className="profile-tabs">
      <div className="tabs" role="tablist" aria-labelledby={labelledBy} onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              buttons.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`profile-tab-${tab}`}
            aria-selected={tab === current}
            aria-controls={`profile-panel-${tab}`}
            tabIndex={tab === current ? 0 : -1}
            className="tab"
            onClick={() => choose(tab)}
            data-testid={`profile-tab-${tab}`}
          >
            {t(`profile.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`profile-panel-${current}`}
        aria-labelledby={`profile-tab-${current}`}
        tabIndex={0}
        className="tab-panel"
        data-testid={`profile-panel-${current}`}
      >
        {current === 'videos' && <VideosPanel userId={userId} own={own} />}
        {current === 'clips' && <ClipsPanel userId={userId} own={own} />}
        {current === 'streams' && <CreatorStreams creatorId={userId} own={own} />}
      </div>
    </section>
  );
}
