/**
 * Runs the start-up session check of docs/product.md §4 once, after the first render (so a prerendered
 * page hydrates against the same 'loading' state it was rendered with), and never under
 * react-snap. A store that starts with the check already done (loading false) skips it.
 */
import { useEffect, useRef } from 'react';
import { selectAuthLoading } from '../lib/session';
import { checkStoredSession } from '../features/account/session.thunks';
import { useAppDispatch, useAppStore } from './hooks';
import { isPrerendering } from '../lib/prerender';

export function useStartupCheck(): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || isPrerendering() || !selectAuthLoading(store.getState())) return;
    started.current = true;
    void dispatch(checkStoredSession());
  }, [dispatch, store]);
}
