/**
 * Route-change side effects: the location is recorded in the store as an event (analytics,
 * action log, replay) and the page scrolls to the top on every route change.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch } from './hooks';
import { locationChanged } from './router.slice';

export function RouteEffects() {
  const { pathname, search } = useLocation();
  const dispatch = useAppDispatch();

  useEffect(() => {
    dispatch(locationChanged({ pathname, search }));
  }, [dispatch, pathname, search]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return null;
}
