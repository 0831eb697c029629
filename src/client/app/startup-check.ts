/**
 * Runs the start-up session check of docs/product.md#states once per store, and never under react-snap.
 * On a prerendered page it runs after the first render (so the page hydrates against the same
 * 'loading' state it was rendered with); the entry starts it before rendering a page that is not
 * prerendered (`startSessionCheck`). A store that starts with the check already done (loading
 * false) skips it.
 */
import { useEffect } from 'react';
import { selectAuthLoading } from '../lib/session';
import { checkStoredSession } from '../features/account/session.thunks';
import { useAppStore } from './hooks';
import { isPrerendering } from '../lib/prerender';
import type { AppStore } from './store';

const checked = new WeakSet<AppStore>();

/** Starts the check unless it ran (or was not needed) for this store. */
export function startSessionCheck(store: AppStore): void {
  if (checked.has(store) || isPrerendering() || !selectAuthLoading(store.getState())) return;
  checked.add(store);
  void store.dispatch(checkStoredSession());
}

export function useStartupCheck(): void {
  const store = useAppStore();
  useEffect(() => startSessionCheck(store), [store]);
}
