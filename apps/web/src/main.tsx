import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startReferralCapture } from './features/viewing/lib/referral.ts';
import { allTexts, initI18n } from './lib/i18n/i18n.ts';
import { restoreSession } from './lib/session/session-store.ts';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/videos.css';
import './styles/info.css';
import './styles/clips.css';
import './styles/live.css';

await initI18n();
void restoreSession();
startReferralCapture();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The other pages' texts: fetched once the first screen has loaded, so they take no bandwidth from it.
const fetchOtherTexts = () => setTimeout(() => void allTexts().catch(() => undefined), 0);
if (document.readyState === 'complete') fetchOtherTexts();
else window.addEventListener('load', fetchOtherTexts, { once: true });
