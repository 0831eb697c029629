/** Stores in a known auth state, built through the auth slice's own events. */
import { act } from '@testing-library/react';
import { preloadPublicPages as preloadAllPublicPages } from '../../../src/client/app/app-routes';
import { setupStore, type AppStore } from '../../../src/client/app/store';
import { sessionStarted, startupCheckFinished } from '../../../src/client/features/account/auth.slice';
import { type NewSession } from '../../../src/client/lib/session';

export const SESSION: NewSession = {
  token: 'header.payload.signature',
  refreshToken: 'refresh-token',
  user: {
    id: 'u1',
    username: 'ada',
    email: 'ada@example.com',
    country: '1',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  },
  timestamp: 1_000,
};

export function loggedInStore(): AppStore {
  const store = setupStore();
  store.dispatch(sessionStarted({ session: SESSION, via: 'login' }));
  return store;
}

export function loggedOutStore(): AppStore {
  const store = setupStore();
  store.dispatch(startupCheckFinished({ session: null }));
  return store;
}

/** jsdom does not implement scrolling; the shell scrolls to the top on every route change. */
export function stubScrolling(): jest.Mock {
  const scrollTo = jest.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  return scrollTo;
}

/** Lets lazily loaded parts (the account drawer, logged-in pages) arrive inside act(). */
export async function settleLazy(): Promise<void> {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/**
 * Loads the chunks of the split public pages, as the browser entry does for the page it opens
 * (and for the others once idle), so a route renders its page at once.
 */
export async function preloadPublicPages(): Promise<void> {
  await preloadAllPublicPages();
}
