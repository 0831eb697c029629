/**
 * Routes of docs/product.md#screens. Every page but 404 is split into chunks loaded on demand (the landing
 * page too: a logged-in person's first load, the dashboard, carries none of it). The public pages are `loadable`s without a Suspense boundary: prerendered HTML is a
 * captured DOM without React's Suspense markers, so the entry loads the opened page's chunk
 * before hydrating (`preloadRoute`) and the first render matches the static HTML; the other
 * public chunks are loaded once the page is idle (`preloadPublicPages`). The logged-in pages are
 * `loadable`s too: the entry loads the opened one's chunk before the first render, and the session
 * check runs before it, so a returning user's first paint is the page.
 * (Behind React.lazy, a page revealed after its fallback waits for React's fallback throttle, up
 * to 300 ms more.) Their Suspense boundary stays for the lazy parts inside a page.
 */
import { Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { PageLoading } from '../components/page-loading';
import { ProtectedRoute } from './protected-route';
import { PageMeta } from '../components/use-page-meta';
import { NotFoundPage } from '../features/public/not-found-page';
import { loadable } from '../lib/loadable';
import { TOOLS_NAV } from '@shared/tools-nav';

const pageLoading = <PageLoading />;
const LandingPage = loadable(
  () => import(/* webpackChunkName: "landing" */ '../features/public/landing-page').then((m) => m.LandingPage),
  pageLoading,
);
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
  '/': LandingPage,
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

/**
 * Loads the chunk of the page at `pathname`, if it has one, so its first render is the page: a
 * public page's must match its prerendered HTML, and a logged-in page has nothing better to paint
 * first than itself.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const path = Object.keys(SPLIT_PAGES).find((pattern) => matchPath(pattern, pathname));
  if (path) return SPLIT_PAGES[path as keyof typeof SPLIT_PAGES].preload();
  return PROTECTED.find((page) => matchPath(page.path, pathname))?.Page.preload() ?? Promise.resolve();
}

const DashboardPage = loadable(
  () => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/dashboard-page').then((m) => m.DashboardPage),
  pageLoading,
);
const ProfilePage = loadable(
  () => import(/* webpackChunkName: "account" */ '../features/profile/profile-page').then((m) => m.ProfilePage),
  pageLoading,
);
const HelpPage = loadable(
  () => import(/* webpackChunkName: "account" */ '../features/help/help-page').then((m) => m.HelpPage),
  pageLoading,
);
const FeedbackPage = loadable(
  () => import(/* webpackChunkName: "account" */ '../features/feedback/feedback-page').then((m) => m.FeedbackPage),
  pageLoading,
);
const MatchPage = loadable(
  () => import(/* webpackChunkName: "match" */ '../features/match/match-page').then((m) => m.MatchPage),
  pageLoading,
);
const DropsPage = loadable(
  () => import(/* webpackChunkName: "drops" */ '../features/match/drops-page').then((m) => m.DropsPage),
  pageLoading,
);

const SurebetsPage = loadable(
  () => import(/* webpackChunkName: "tools" */ '../features/tools/surebets-page').then((m) => m.SurebetsPage),
  pageLoading,
);
const ValuePage = loadable(
  () => import(/* webpackChunkName: "tools" */ '../features/tools/value-page').then((m) => m.ValuePage),
  pageLoading,
);

const SlipSharePage = loadable(
  () => import(/* webpackChunkName: "slip" */ '../features/slip/slip-share-page').then((m) => m.SlipSharePage),
  pageLoading,
);
const CodePage = loadable(
  () => import(/* webpackChunkName: "slip" */ '../features/slip/booking/code-page').then((m) => m.CodePage),
  pageLoading,
);
const AlertsPage = loadable(
  () => import(/* webpackChunkName: "alerts" */ '../features/alerts/alerts-page').then((m) => m.AlertsPage),
  pageLoading,
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
    path: '/code/:book/:code',
    title: 'Booking code',
    description: 'A booking code: which bookmaker pays most for its slip, and the code there.',
    Page: CodePage,
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
