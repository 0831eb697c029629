/**
 * Routes of SPEC §2. Public pages are in the main bundle (they are prerendered and hydrate
 * without waiting); the logged-in area is split into chunks loaded on demand. The Suspense
 * boundaries sit only inside the protected routes: prerendered HTML is a captured DOM without
 * React's Suspense markers, so a boundary on a public page would fail hydration.
 */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoading } from '../components/page-loading';
import { ProtectedRoute } from '../components/protected-route';
import { PageMeta } from '../components/use-page-meta';
import { AboutPage } from '../features/public/about-page';
import { ComingSoonPage } from '../features/public/coming-soon-page';
import { LandingPage } from '../features/public/landing-page';
import { NigeriaPage } from '../features/public/nigeria-page';
import { NotFoundPage } from '../features/public/not-found-page';
import { PrivacyPage } from '../features/public/privacy-page';
import { ResponsibleGamblingPage } from '../features/public/responsible-gambling-page';
import { TermsPage } from '../features/public/terms-page';

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
