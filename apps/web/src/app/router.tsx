import type { ReactNode } from 'react';
import { Navigate, createBrowserRouter } from 'react-router';
import { CreatorDashboard } from '../features/dashboard/creator-dashboard.tsx';
import { StaticPage } from '../features/info/pages/static-pages.tsx';
import { ProfileView } from '../features/profile/profile-view.tsx';
import { RouteErrorScreen } from './layout/error-boundary.tsx';
import { Shell } from './layout/shell.tsx';
import { AdminTicketsPage } from './routes/admin-tickets.tsx';
import { ClipCreatorPage } from './routes/clip-creator.tsx';
import { ClipPage } from './routes/clip.tsx';
import { ClipsPage } from './routes/clips.tsx';
import { AdvertiserPage } from './routes/advertiser.tsx';
import { ConnectPage } from './routes/connect.tsx';
import { GoLivePage } from './routes/go-live.tsx';
import { HelpPage } from './routes/help.tsx';
import { HomePage } from './routes/home.tsx';
import { LibraryPage } from './routes/library.tsx';
import { LivePage } from './routes/live.tsx';
import { LoginPage } from './routes/login.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RequireAuth } from './routes/require-auth.tsx';
import { SearchPage } from './routes/search.tsx';
import { SettingsPage } from './routes/settings.tsx';
import { StreamPage } from './routes/stream.tsx';
import { SubscriptionsPage } from './routes/subscriptions.tsx';
import { TicketPage } from './routes/ticket.tsx';
import { TrendingPage } from './routes/trending.tsx';
import { UploadPage } from './routes/upload.tsx';
import { ViewerEarningsPage } from './routes/viewer-earnings.tsx';
import { VideoPage } from './routes/video.tsx';

const guarded = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;

/** Static pages of the spec (extended §2) and the other links those pages carry. */
const STATIC_PAGES: Array<[string, string]> = [
  ['/about', 'about'],
  ['/press', 'press'],
  ['/copyright', 'copyright'],
  ['/creators', 'creators'],
  ['/advertise', 'advertise'],
  ['/developers', 'developers'],
  ['/web3-features', 'web3'],
  ['/policies', 'policies'],
  ['/support', 'support'],
  ['/future-vision', 'futureVision'],
  ['/privacy', 'privacy'],
  ['/terms', 'terms'],
  ['/safety', 'safety'],
  ['/community-guidelines', 'guidelines'],
  ['/tutorials', 'tutorials'],
  ['/community', 'community'],
  ['/docs/*', 'docs'],
];
/** Links on the static pages that open the ticket form with the fitting category. */
const TICKET_SHORTCUTS: Array<[string, number]> = [
  ['/contact', 10],
  ['/report', 6],
  ['/feedback', 7],
  ['/feature-requests', 8],
  ['/creator-support', 5],
  ['/emergency-contact', 9],
  ['/issues', 7],
];
const WEB3_REDIRECTS = ['/wallet-guide', '/token-economics', '/decentralization', '/ipfs-info', '/earn-tokens'];

export const router = createBrowserRouter([
  {
    element: <Shell />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/trending', element: <TrendingPage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '/subscriptions', element: <SubscriptionsPage /> },
      { path: '/library', element: <LibraryPage /> },
      { path: '/upload', element: guarded(<UploadPage />) },
      { path: '/video/:videoId', element: <VideoPage /> },
      { path: '/go-live', element: <GoLivePage /> }, // signed-out visitors see 'Sign In Required'
      { path: '/profile', element: guarded(<ProfileView />) },
      { path: '/login', element: <LoginPage /> },
      { path: '/connect', element: <ConnectPage /> },
      { path: '/settings', element: <SettingsPage /> },
      { path: '/live', element: <LivePage /> },
      { path: '/stream/:streamId', element: <StreamPage /> },
      { path: '/clips', element: <ClipsPage /> },
      { path: '/clips/:clipId', element: <ClipPage /> },
      { path: '/clip-creator', element: <ClipCreatorPage /> }, // sends visitors to /login with its own notice
      { path: '/creator-dashboard', element: guarded(<CreatorDashboard />) },
      { path: '/help', element: <HelpPage /> },
      { path: '/tickets/:ticketId', element: <TicketPage /> },
      { path: '/admin/tickets', element: <AdminTicketsPage /> },
      ...TICKET_SHORTCUTS.map(([path, category]) => ({ path, element: <Navigate to={`/help?tab=create&category=${category}`} replace /> })),
      { path: '/viewer-earnings', element: <ViewerEarningsPage /> },
      { path: '/advertiser', element: <AdvertiserPage /> },
      ...STATIC_PAGES.map(([path, page]) => ({ path, element: <StaticPage name={page} /> })),
      ...WEB3_REDIRECTS.map((path) => ({ path, element: <Navigate to="/web3-features" replace /> })),
      { path: '/discord', element: <Navigate to="/community" replace /> }, // the community page says where people chat
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
