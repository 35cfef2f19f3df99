import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startReferralCapture } from './features/earnings/lib/referral.ts';
import { initI18n } from './features/i18n/lib/i18n.ts';
import { restoreSession } from './features/session/stores/session-store.ts';
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
