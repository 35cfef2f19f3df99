import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startReferralCapture } from './features/viewing/lib/referral.ts';
import { initI18n } from './lib/i18n/i18n.ts';
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
