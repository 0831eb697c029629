/**
 * Routes of docs/product.md §2. Every page but the landing page and 404 is split into chunks loaded on
 * demand. The public pages are `loadable`s without a Suspense boundary: prerendered HTML is a
 * captured DOM without React's Suspense markers, so the entry loads the opened page's chunk
 * before hydrating (`preloadRoute`) and the first render matches the static HTML; the other
 * public chunks are loaded once the page is idle (`preloadPublicPages`). The logged-in area,
 * never prerendered, uses React.lazy inside Suspense boundaries.
 */
import { lazy, Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { PageLoading } from '../components/page-loading';
import { ProtectedRoute } from './protected-route';
import { PageMeta } from '../components/use-page-meta';
import { LandingPage } from '../features/public/landing-page';
import { NotFoundPage } from '../features/public/not-found-page';
import { loadable } from '../lib/loadable';
import { TOOLS_NAV } from '@shared/tools-nav';

const pageLoading = <PageLoading />;
const NigeriaPage = loadable(
  () => import(/* webpackChunkName: "nigeria" */ '../features/public/nigeria-page').then((m) => m.NigeriaPage),
  pageLoading,
);
const ComingSoonPage = loadable(
  () =>
    import(/* webpackChunkName: "coming-soon" */ '../features/public/coming-soon-page').then((m) => m.ComingSoonPage),
  pageLoading,
);
const AboutPage = loadable(
  () => import(/* webpackChunkName: "info" */ '../features/public/about-page').then((m) => m.AboutPage),
  pageLoading,
);
const TermsPage = loadable(
  () => import(/* webpackChunkName: "info" */ '../features/public/terms-page').then((m) => m.TermsPage),
  pageLoading,
);
const PrivacyPage = loadable(
  () => import(/* webpackChunkName: "info" */ '../features/public/privacy-page').then((m) => m.PrivacyPage),
  pageLoading,
);
const ResponsibleGamblingPage = loadable(
  () =>
    import(/* webpackChunkName: "info" */ '../features/public/responsible-gambling-page').then(
      (m) => m.ResponsibleGamblingPage,
    ),
  pageLoading,
);

/** Path → the split page rendered there (kenya and ghana share one). */
const SPLIT_PAGES = {
  '/nigeria': NigeriaPage,
  '/kenya': ComingSoonPage,
  '/ghana': ComingSoonPage,
  '/about': AboutPage,
  '/terms': TermsPage,
  '/privacy': PrivacyPage,
  '/responsible-gambling': ResponsibleGamblingPage,
} as const;

/** Loads the chunks of every split public page (after start-up, so navigation shows no fallback). */
export function preloadPublicPages(): Promise<unknown> {
  return Promise.allSettled(Object.values(SPLIT_PAGES).map((page) => page.preload()));
}

/** Loads the chunk of the public page at `pathname`, if it has one, so it renders at once. */
export function preloadRoute(pathname: string): Promise<void> {
  const path = Object.keys(SPLIT_PAGES).find((pattern) => matchPath(pattern, pathname));
  return path ? SPLIT_PAGES[path as keyof typeof SPLIT_PAGES].preload() : Promise.resolve();
}

const DashboardPage = lazy(() =>
  import(/* webpackChunkName: "dashboard" */ '../features/dashboard/dashboard-page').then((m) => ({
    default: m.DashboardPage,
  })),
);
const ProfilePage = lazy(() =>
  import(/* webpackChunkName: "account" */ '../features/profile/profile-page').then((m) => ({
    default: m.ProfilePage,
  })),
);
const HelpPage = lazy(() =>
  import(/* webpackChunkName: "account" */ '../features/help/help-page').then((m) => ({ default: m.HelpPage })),
);
const FeedbackPage = lazy(() =>
  import(/* webpackChunkName: "account" */ '../features/feedback/feedback-page').then((m) => ({
    default: m.FeedbackPage,
  })),
);
const MatchPage = lazy(() =>
  import(/* webpackChunkName: "match" */ '../features/match/match-page').then((m) => ({ default: m.MatchPage })),
);
const DropsPage = lazy(() =>
  import(/* webpackChunkName: "drops" */ '../features/match/drops-page').then((m) => ({ default: m.DropsPage })),
);

const SurebetsPage = lazy(() =>
  import(/* webpackChunkName: "tools" */ '../features/tools/surebets-page').then((m) => ({ default: m.SurebetsPage })),
);
const ValuePage = lazy(() =>
  import(/* webpackChunkName: "tools" */ '../features/tools/value-page').then((m) => ({ default: m.ValuePage })),
);

const SlipSharePage = lazy(() =>
  import(/* webpackChunkName: "slip" */ '../features/slip/slip-share-page').then((m) => ({
    default: m.SlipSharePage,
  })),
);
const AlertsPage = lazy(() =>
  import(/* webpackChunkName: "alerts" */ '../features/alerts/alerts-page').then((m) => ({ default: m.AlertsPage })),
);

const PROTECTED = [
  {
    path: '/dashboard',
    title: 'Dashboard',
    description: 'Live odds from Nigerian bookmakers side by side, with the best price and margin highlighted.',
    Page: DashboardPage,
  },
  { path: '/profile', title: 'Profile', description: 'Your OddsMate account details.', Page: ProfilePage },
  {
    path: '/help',
    title: 'Help',
    description: 'How to read OddsMate odds tables: movement arrows, boosted and best odds, margins and markets.',
    Page: HelpPage,
  },
  {
    path: '/feedback',
    title: 'Feedback',
    description: 'Tell the OddsMate team what to improve. Feedback is anonymous.',
    Page: FeedbackPage,
  },
  {
    path: '/match/:eventId',
    title: 'Match',
    description: 'Every market of one match: best prices, each bookmaker from opening to now, and price history.',
    Page: MatchPage,
  },
  {
    path: '/drops',
    title: 'Dropping odds',
    description: 'The biggest recent price drops across the Nigerian bookmakers, leagues and markets.',
    Page: DropsPage,
  },
  {
    path: '/tools/surebets',
    title: TOOLS_NAV.surebets,
    description: 'Sure bets across the Nigerian bookmakers, with a stake split in whole Naira.',
    Page: SurebetsPage,
  },
  {
    path: '/tools/value',
    title: TOOLS_NAV.value,
    description: 'Prices above their fair odds: the margin taken out, the edge of each price.',
    Page: ValuePage,
  },
  {
    path: '/slip',
    title: 'Bet slip',
    description: 'A shared bet slip: the accumulator at each bookmaker.',
    Page: SlipSharePage,
  },
  {
    path: '/alerts',
    title: 'My alerts',
    description: 'Your OddsMate price alerts: what each waits for, and the price that set it off.',
    Page: AlertsPage,
  },
];

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/nigeria" element={<NigeriaPage />} />
      <Route path="/kenya" element={<ComingSoonPage region="kenya" />} />
      <Route path="/ghana" element={<ComingSoonPage region="ghana" />} />
      <Route path="/about" element={<AboutPage />} />
      <Route path="/terms" element={<TermsPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
      <Route path="/responsible-gambling" element={<ResponsibleGamblingPage />} />
      {PROTECTED.map(({ path, title, description, Page }) => (
        <Route
          key={path}
          path={path}
          element={
            <ProtectedRoute>
              <PageMeta title={title} description={description} />
              <Suspense fallback={<PageLoading />}>
                <Page />
              </Suspense>
            </ProtectedRoute>
          }
        />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
