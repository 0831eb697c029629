/**
 * Guards the logged-in area (docs/product.md §2): 'Loading...' while the start-up session check runs, then
 * the page when logged in, else a redirect to /.
 */
import { type ReactNode, useDeferredValue } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { rememberReturnPath } from '../lib/return-path';
import { selectAuthLoading, selectIsLoggedIn } from '../lib/session';
import { useAppSelector } from './hooks';
import { PageLoading } from '../components/page-loading';

/** `returnAfterLogin`: a logged-out visitor comes back here once logged in (a shared code's page). */
export function ProtectedRoute({
  children,
  returnAfterLogin = false,
}: {
  children: ReactNode;
  returnAfterLogin?: boolean;
}) {
  const location = useLocation();
  // The end of the check is a store update, which React renders in one go. The page it reveals
  // is mounted in the background instead (a transition React splits into short slices), with
  // 'Loading...' shown until then, so a phone is not blocked for the whole first render.
  const loading = useDeferredValue(useAppSelector(selectAuthLoading));
  const loggedIn = useAppSelector(selectIsLoggedIn);
  if (loading) return <PageLoading />;
  if (!loggedIn) {
    if (returnAfterLogin) rememberReturnPath(location.pathname);
    return <Navigate to="/" replace />;
  }
  return children;
}
