/**
 * Guards the logged-in area (docs/product.md §2): 'Loading...' while the start-up session check runs, then
 * the page when logged in, else a redirect to /.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { selectAuthLoading, selectIsLoggedIn } from '../lib/session';
import { useAppSelector } from './hooks';
import { PageLoading } from '../components/page-loading';

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const loading = useAppSelector(selectAuthLoading);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  if (loading) return <PageLoading />;
  if (!loggedIn) return <Navigate to="/" replace />;
  return children;
}
