import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, queryClient } from './app/app.tsx';
import { homeFeed } from './app/routes/home.tsx';
import { preloadThumbnail } from './components/thumbnail.tsx';
import { prefetchFeed, seedFeed, servedFirstPage } from './features/videos/api/videos.ts';
import { startReferralCapture } from './features/viewing/lib/referral.ts';
import { allTexts, initI18n } from './lib/i18n/i18n.ts';
import { restoreSession } from './lib/session/session-store.ts';
import './styles/fonts/scripts.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/videos.css';
import './styles/info.css';
import './styles/clips.css';
import './styles/live.css';
import './styles/notifications.css';

// The home feed's first page came inside the HTML when the server could write it there (with a
// preload of the first card's picture, the largest paint); else it is on its way while the texts
// load, and the first card's picture is asked for as soon as the feed names it. Either way its cards
// show with the first render.
if (location.pathname === '/') {
  const feed = homeFeed(new URLSearchParams(location.search));
  const served = location.search ? undefined : servedFirstPage();
  if (served) seedFeed(queryClient, feed, served);
  else
    void prefetchFeed(queryClient, feed).then((videos) => {
      const first = videos?.[0];
      if (first?.thumbnail_url) preloadThumbnail(first.thumbnail_url, first.thumbnail_sizes);
    });
}
await initI18n();
void restoreSession();
startReferralCapture();

// A transition: React renders the first screen in slices, yielding to the browser between them,
// rather than in one long task that would hold up taps and keys on a slow phone.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// The other pages' texts: every page but this one waits for them (router.tsx); they are fetched
// as soon as the visitor reaches for a link or a key, so they take no bandwidth from the first screen.
const INTENT = ['pointerdown', 'pointerover', 'keydown', 'touchstart', 'focusin'] as const;
const fetchOtherTexts = () => {
  for (const type of INTENT) window.removeEventListener(type, fetchOtherTexts, true);
  void allTexts().catch(() => undefined); // a page that opens asks again
};
for (const type of INTENT) window.addEventListener(type, fetchOtherTexts, { capture: true, passive: true });
