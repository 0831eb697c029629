/**
 * What a returning user's first render of a logged-in page is (docs/architecture.md#settled-details): the
 * entry runs the session check before rendering and loads the page's chunk first, so the page,
 * not 'Loading...', is painted first; and the check runs once per store.
 */
import { screen } from '@testing-library/react';
import { AppShell } from '../../../src/client/app/app';
import { preloadRoute } from '../../../src/client/app/app-routes';
import { startSessionCheck } from '../../../src/client/app/startup-check';
import { setupStore } from '../../../src/client/app/store';
import { selectAuthLoading, selectSession } from '../../../src/client/lib/session';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { makeSession, tokenExpiringIn } from '../account/tokens';
import { stubScrolling } from './support';

let api: MockApi;
beforeEach(() => {
  stubScrolling();
  api = mockApi();
});
afterEach(() => {
  api.restore();
  localStorage.clear();
});

const storeSession = () => {
  const session = makeSession({ token: tokenExpiringIn(60 * 60_000) });
  localStorage.setItem('auth-session', JSON.stringify(session));
  return session;
};

describe('the session check started by the entry', () => {
  it('accepts a stored, valid session before anything renders, without a request', () => {
    const session = storeSession();
    const store = setupStore();
    startSessionCheck(store);
    // No await: the state the first render reads is already settled.
    expect(selectAuthLoading(store.getState())).toBe(false);
    expect(selectSession(store.getState())).toEqual(session);
    expect(api.requests).toHaveLength(0);
  });

  it('runs once per store, even when the shell asks again after its first render', () => {
    storeSession();
    const store = setupStore();
    startSessionCheck(store);
    renderWithProviders(<AppShell />, { store, route: '/help' });
    startSessionCheck(store);
    const checks = store.actionLog?.entries().filter((entry) => entry.type === 'auth/startupCheckFinished');
    expect(checks).toHaveLength(1);
  });
});

describe("a logged-in page's first render", () => {
  it("is the page itself once its chunk is preloaded and the session checked, never 'Loading...'", async () => {
    storeSession();
    await preloadRoute('/help');
    const store = setupStore();
    startSessionCheck(store);
    renderWithProviders(<AppShell />, { store, route: '/help' });
    // Synchronously after the first render: no fallback was shown.
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'How to read the odds' })).toBeInTheDocument();
  });
});
