import type { ReactNode } from 'react';
import { Navigate, createBrowserRouter } from 'react-router';
import { allTexts } from '../lib/i18n/i18n.ts';
import { RouteErrorScreen } from './layout/error-boundary.tsx';
import { Shell } from './layout/shell.tsx';
import { FullPageSpinner } from './layout/spinner.tsx';
import { HomePage } from './routes/home.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RequireAuth } from './routes/require-auth.tsx';

const guarded = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;

/**
 * A page fetched on its first visit: each is a chunk of its own, so the first load carries the
 * shell and the home page only. The current page stays up (with the activity bar) meanwhile, until
 * both the page and all the texts of the language (the first load has only the first screen's) are in.
 */
function page<M>(load: () => Promise<M>, render: (module: M) => ReactNode) {
  return {
    lazy: async () => {
      const [module] = await Promise.all([load(), allTexts()]);
      return { element: render(module) };
    },
  };
}

/** The static information pages and the other links those pages carry. */
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
    hydrateFallbackElement: <FullPageSpinner />, // the first page's chunk is on its way
    children: [
      { path: '/', element: <HomePage /> },
      {
        path: '/trending',
        ...page(
          () => import('./routes/trending.tsx'),
          (m) => <m.TrendingPage />,
        ),
      },
      {
        path: '/search',
        ...page(
          () => import('./routes/search.tsx'),
          (m) => <m.SearchPage />,
        ),
      },
      {
        path: '/subscriptions',
        ...page(
          () => import('./routes/subscriptions.tsx'),
          (m) => <m.SubscriptionsPage />,
        ),
      },
      {
        path: '/library',
        ...page(
          () => import('./routes/library.tsx'),
          (m) => <m.LibraryPage />,
        ),
      },
      {
        path: '/upload',
        ...page(
          () => import('./routes/upload.tsx'),
          (m) => guarded(<m.UploadPage />),
        ),
      },
      {
        path: '/video/:videoId',
        ...page(
          () => import('./routes/video.tsx'),
          (m) => <m.VideoPage />,
        ),
      },
      {
        path: '/video/:videoId/edit',
        ...page(
          () => import('./routes/video-edit.tsx'),
          (m) => guarded(<m.VideoEditPage />),
        ),
      },
      {
        path: '/go-live',
        ...page(
          () => import('./routes/go-live.tsx'),
          (m) => <m.GoLivePage />,
        ),
      }, // signed-out visitors see 'Sign In Required'
      {
        path: '/profile',
        ...page(
          () => import('../features/users/components/profile-view.tsx'),
          (m) => guarded(<m.ProfileView />),
        ),
      },
      {
        path: '/channel/:userId',
        ...page(
          () => import('../features/users/components/channel-view.tsx'),
          (m) => <m.ChannelView />,
        ),
      },
      {
        path: '/login',
        ...page(
          () => import('./routes/login.tsx'),
          (m) => <m.LoginPage />,
        ),
      },
      {
        path: '/forgot-password',
        ...page(
          () => import('./routes/forgot-password.tsx'),
          (m) => <m.ForgotPasswordPage />,
        ),
      },
      {
        path: '/reset-password',
        ...page(
          () => import('./routes/reset-password.tsx'),
          (m) => <m.ResetPasswordPage />,
        ),
      },
      {
        path: '/verify-email',
        ...page(
          () => import('./routes/verify-email.tsx'),
          (m) => <m.VerifyEmailPage />,
        ),
      },
      {
        path: '/connect',
        ...page(
          () => import('./routes/connect.tsx'),
          (m) => <m.ConnectPage />,
        ),
      },
      {
        path: '/settings',
        ...page(
          () => import('./routes/settings.tsx'),
          (m) => <m.SettingsPage />,
        ),
      },
      {
        path: '/history',
        ...page(
          () => import('./routes/history.tsx'),
          (m) => <m.HistoryPage />,
        ),
      },
      {
        path: '/notifications',
        ...page(
          () => import('./routes/notifications.tsx'),
          (m) => guarded(<m.NotificationsPage />),
        ),
      },
      {
        path: '/live',
        ...page(
          () => import('./routes/live.tsx'),
          (m) => <m.LivePage />,
        ),
      },
      {
        path: '/stream/:streamId',
        ...page(
          () => import('./routes/stream.tsx'),
          (m) => <m.StreamPage />,
        ),
      },
      {
        path: '/clips',
        ...page(
          () => import('./routes/clips.tsx'),
          (m) => <m.ClipsPage />,
        ),
      },
      {
        path: '/clips/:clipId',
        ...page(
          () => import('./routes/clip.tsx'),
          (m) => <m.ClipPage />,
        ),
      },
      {
        path: '/clip-creator',
        ...page(
          () => import('./routes/clip-creator.tsx'),
          (m) => <m.ClipCreatorPage />,
        ),
      }, // sends visitors to /login with its own notice
      {
        path: '/creator-dashboard',
        ...page(
          () => import('../features/analytics/components/creator-dashboard.tsx'),
          (m) => guarded(<m.CreatorDashboard />),
        ),
      },
      {
        path: '/help',
        ...page(
          () => import('./routes/help.tsx'),
          (m) => <m.HelpPage />,
        ),
      },
      {
        path: '/tickets/:ticketId',
        ...page(
          () => import('./routes/ticket.tsx'),
          (m) => <m.TicketPage />,
        ),
      },
      {
        path: '/admin/tickets',
        ...page(
          () => import('./routes/admin-tickets.tsx'),
          (m) => <m.AdminTicketsPage />,
        ),
      },
      ...TICKET_SHORTCUTS.map(([path, category]) => ({
        path,
        element: <Navigate to={`/help?tab=create&category=${category}`} replace />,
      })),
      {
        path: '/viewer-earnings',
        ...page(
          () => import('./routes/viewer-earnings.tsx'),
          (m) => <m.ViewerEarningsPage />,
        ),
      },
      {
        path: '/advertiser',
        ...page(
          () => import('./routes/advertiser.tsx'),
          (m) => <m.AdvertiserPage />,
        ),
      },
      ...STATIC_PAGES.map(([path, name]) => ({
        path,
        ...page(
          () => import('../features/info/pages/static-pages.tsx'),
          (m) => <m.StaticPage name={name} />,
        ),
      })),
      ...WEB3_REDIRECTS.map((path) => ({ path, element: <Navigate to="/web3-features" replace /> })),
      { path: '/discord', element: <Navigate to="/community" replace /> }, // the community page says where people chat
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
