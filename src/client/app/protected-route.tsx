/**
 * Guards the logged-in area: 'Loading...' while the start-up session check runs, then
 * the page when logged in. A logged-out visitor goes to / with the Login dialog open, saying what
 * the link was for, and the address (with its query) is kept so logging in lands there. A logout
 * on a protected page goes to / without that.
 */
import { type ReactNode, useDeferredValue, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { selectAuthLoading, selectIsLoggedIn } from '../lib/session';
import { rememberReturnTo } from '../lib/return-to';
import { dialogOpened } from '../features/account/dialogs.slice';
import { useAppDispatch, useAppSelector } from './hooks';
import { PageLoading } from '../components/page-loading';

export function ProtectedRoute({ children }: { children: ReactNode }) {
  // The end of the check is a store update, which React renders in one go. The page it reveals
  // is mounted in the background instead (a transition React splits into short slices), with
  // 'Loading...' shown until then, so a phone is not blocked for the whole first render.
  const loading = useDeferredValue(useAppSelector(selectAuthLoading));
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { pathname, search } = useLocation();
  const dispatch = useAppDispatch();
  // Logged in at some render of this page: leaving it logged out is a logout or an expiry, not a link.
  const [wasLoggedIn, setWasLoggedIn] = useState(loggedIn);
  if (loggedIn && !wasLoggedIn) setWasLoggedIn(true);
  const turnedAway = !loading && !loggedIn && !wasLoggedIn;
  useEffect(() => {
    if (!turnedAway) return;
    rememberReturnTo(`${pathname}${search}`);
    dispatch(dialogOpened({ name: 'login' }));
    // Once, for the address that was turned away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [turnedAway]);
  if (loading) return <PageLoading />;
  if (!loggedIn) return <Navigate to="/" replace />;
  return children;
}
