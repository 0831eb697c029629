/**
 * The drawer's Logout (docs/architecture.md#accounts): the session ends here at once and on the server through
 * POST /users/logout with that login's bearer and refresh token; offline or refused, the session
 * is cleared all the same; an expired access token is renewed first so the login still ends.
 */
import { screen, waitFor } from '@testing-library/react';
import { AppShell } from '../../../src/client/app/app';
import { selectPathname } from '../../../src/client/app/router.slice';
import { setupStore } from '../../../src/client/app/store';
import { sessionStarted } from '../../../src/client/features/account/auth.slice';
import { selectSession, type NewSession } from '../../../src/client/lib/session';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { preloadPublicPages, stubScrolling } from '../shell/support';
import { makeSession, tokenExpiringIn } from './tokens';

let http: MockApi;
beforeAll(preloadPublicPages);
beforeEach(() => {
  stubScrolling();
  http = mockApi();
});
afterEach(() => http.restore());

function storeWith(session: NewSession) {
  const store = setupStore();
  store.dispatch(sessionStarted({ session, via: 'login' }));
  return store;
}

async function logOutFromDrawer(session: NewSession) {
  const view = renderWithProviders(<AppShell />, { store: storeWith(session), route: '/about' });
  await view.user.click(screen.getByRole('button', { name: 'Account' }));
  await view.user.click(await screen.findByRole('button', { name: 'Logout' }));
  return view;
}

const logoutCalls = () => http.requests.filter((r) => r.path === '/api/users/logout');
/** Every call but the bell's unread count, which the logged-in top bar asks for on its own. */
const accountCalls = () => http.requests.filter((r) => r.path !== '/api/users/me/notifications');

describe('Logout', () => {
  it('clears the session, goes to / and ends the login on the server with its bearer and refresh token', async () => {
    http.on('POST /api/users/logout', { status: 204 });
    const session = makeSession();
    const { store } = await logOutFromDrawer(session);
    expect(selectSession(store.getState())).toBeNull();
    await waitFor(() => expect(selectPathname(store.getState())).toBe('/'));
    await waitFor(() => expect(logoutCalls()).toHaveLength(1));
    const [call] = logoutCalls();
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${session.token}`);
    expect(call?.body).toEqual({ refreshToken: session.refreshToken });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it.each([
    ['offline', 'network-error' as const],
    ['refused', { status: 500, body: { error: { code: 'INTERNAL_ERROR', description: 'x', type: 'server' } } }],
  ])('still logs out here when the call fails (%s), with no error and no Login dialog', async (_name, reply) => {
    http.on('POST /api/users/logout', reply);
    const { store } = await logOutFromDrawer(makeSession());
    await waitFor(() => expect(logoutCalls()).toHaveLength(1));
    expect(selectSession(store.getState())).toBeNull();
    expect(store.getState().dialogs.stack).toEqual([]);
    expect(store.getState().errors.bySource).toEqual({});
    await waitFor(() => expect(selectPathname(store.getState())).toBe('/'));
  });

  it('renews an expired access token first, then logs out with the new pair', async () => {
    const fresh = tokenExpiringIn(900_000);
    http.on('POST /api/users/refresh', { body: { data: { token: fresh, refreshToken: 'refresh-2' } } });
    http.on('POST /api/users/logout', { status: 204 });
    const { store } = await logOutFromDrawer(makeSession({ token: tokenExpiringIn(-60_000) }));
    await waitFor(() => expect(logoutCalls()).toHaveLength(1));
    expect(accountCalls().map((r) => r.path)).toEqual(['/api/users/refresh', '/api/users/logout']);
    expect(logoutCalls()[0]?.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    expect(logoutCalls()[0]?.body).toEqual({ refreshToken: 'refresh-2' });
    expect(selectSession(store.getState())).toBeNull();
  });

  it('sends nothing more when the refresh is refused (the login already ended on the server)', async () => {
    http.on('POST /api/users/refresh', {
      status: 401,
      body: { error: { code: 'INVALID_REFRESH_TOKEN', description: 'x', type: 'auth' } },
    });
    const { store } = await logOutFromDrawer(makeSession({ token: tokenExpiringIn(-60_000) }));
    await waitFor(() => expect(accountCalls()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logoutCalls()).toHaveLength(0);
    expect(selectSession(store.getState())).toBeNull();
    expect(store.getState().dialogs.stack).toEqual([]);
  });
});
