/**
 * The application shell: router, layout, routes and the app-wide effects (route changes, the
 * global open-dialog events, the start-up session check). Two error boundaries: the inner one
 * keeps the top bar and footer usable when a page fails and resets on navigation; the outer one
 * catches failures of the frame itself.
 */
import { BrowserRouter, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { Layout } from './layout/layout';
import { AppRoutes } from './app-routes';
import { useGlobalOpenEvents } from './open-events';
import { RouteEffects } from './route-effects';
import { useStartupCheck } from './startup-check';

export function AppShell() {
  const { pathname } = useLocation();
  useGlobalOpenEvents();
  useStartupCheck();
  return (
    <ErrorBoundary>
      <RouteEffects />
      <Layout>
        <ErrorBoundary key={pathname}>
          <AppRoutes />
        </ErrorBoundary>
      </Layout>
    </ErrorBoundary>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}
