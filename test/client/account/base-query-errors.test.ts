/** Refresh failure, retry scope and error normalization of the baseQuery (docs/product.md#states, #error-catalogue). */
import { startAppListening } from '../../../src/client/app/listener';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { setupStore, type AppStore } from '../../../src/client/app/store';
import { api } from '../../../src/client/lib/api';
import { usersApi } from '../../../src/client/features/account/users.api';
import { profileApi } from '../../../src/client/features/profile/profile.api';
import { feedbackApi } from '../../../src/client/features/feedback/feedback.api';
import { registerAuthListeners } from '../../../src/client/features/account/auth.listeners';
import { selectSession } from '../../../src/client/lib/session';
import { selectTopDialog } from '../../../src/client/features/account/dialogs.slice';
import { mockApi, type MockApi } from '../support/mock-api';
import { fakeStorage } from './fake-storage';
import { actionTypes, mockStore } from './mock-store';
import { loggedIn, makeSession } from './tokens';

const unauthorized = {
  status: 401,
  body: { error: { code: 'UNAUTHORIZED', description: 'Unauthorized', type: 'auth' } },
};
const refused = { status: 401, body: { error: { code: 'REFRESH_TOKEN_REUSED', description: 'Reused', type: 'auth' } } };
const calls = (http: MockApi) => http.requests.map((r) => `${r.method} ${r.path}`);

let http: MockApi;
let unregister: () => void;
beforeEach(() => {
  http = mockApi();
  unregister = registerAuthListeners(startAppListening, { storage: fakeStorage(), now: () => 1 });
});
afterEach(() => {
  http.restore();
  unregister();
});

describe('refresh failure', () => {
  it('clears the session, yields AUTH_EXPIRED and opens Login with the message', async () => {
    http.on('POST /api/users/feedback', unauthorized).on('POST /api/users/refresh', refused);
    const store = setupStore(loggedIn());
    const result = await store.dispatch(feedbackApi.endpoints.feedback.initiate({ message: 'hi' }));
    expect(result.error).toEqual({
      status: 401,
      code: 'AUTH_EXPIRED',
      message: 'Session expired. Please log in again.',
    });
    expect(calls(http)).toEqual(['POST /api/users/feedback', 'POST /api/users/refresh']);
    expect(selectSession(store.getState())).toBeNull();
    expect(selectTopDialog(store.getState())).toEqual({ name: 'login' });
    expect(selectErrorFor(store.getState(), 'login')?.code).toBe('AUTH_EXPIRED');
  });

  it('dispatches sessionExpired once, between the request lifecycle actions', async () => {
    http.on('POST /api/users/feedback', unauthorized).on('POST /api/users/refresh', refused);
    const store = mockStore(loggedIn());
    await store.dispatch(feedbackApi.endpoints.feedback.initiate({ message: 'hi' }));
    expect(actionTypes(store)).toEqual([
      'api/executeMutation/pending',
      'auth/sessionExpired',
      'api/executeMutation/rejected',
    ]);
  });

  it.each([
    ['cannot reach the server', 'network-error' as const],
    ['fails on the server', { status: 503 }],
  ])('a refresh that %s also ends the session with AUTH_EXPIRED (docs/product.md#states)', async (_case, reply) => {
    http.on('GET /api/users/me', unauthorized).on('POST /api/users/refresh', reply);
    const store = setupStore(loggedIn());
    const result = await store.dispatch(profileApi.endpoints.me.initiate('7'));
    expect(result.error).toMatchObject({ code: 'AUTH_EXPIRED', message: 'Session expired. Please log in again.' });
    expect(selectSession(store.getState())).toBeNull();
  });
});

describe('retry scope', () => {
  it('retries once only: a second 401 after the refresh is returned, with no second refresh', async () => {
    http
      .on('GET /api/users/me', unauthorized)
      .on('POST /api/users/refresh', { body: { data: { token: 'still-bad', refreshToken: 'r2' } } });
    const store = setupStore(loggedIn());
    const result = await store.dispatch(profileApi.endpoints.me.initiate('7'));
    expect(calls(http)).toEqual(['GET /api/users/me', 'POST /api/users/refresh', 'GET /api/users/me']);
    expect(result.error).toEqual({ status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  const { login, verifyEmail, resendOtp, forgotPassword } = usersApi.endpoints;
  // POST /users/refresh sent through the api with a token (the baseQuery's own refresh sends none).
  const { refresh } = api.injectEndpoints({
    endpoints: (build) => ({
      refresh: build.mutation<unknown, { refreshToken: string }>({
        query: (body) => ({ url: '/users/refresh', method: 'POST', body }),
      }),
    }),
  }).endpoints;
  it.each([
    ['login', 'POST /api/users/login', (s: AppStore) => s.dispatch(login.initiate({ username: 'a', password: 'b' }))],
    [
      'verify',
      'POST /api/users/verify-email',
      (s: AppStore) => s.dispatch(verifyEmail.initiate({ email: 'a@b.ng', otp: '1' })),
    ],
    ['resend', 'POST /api/users/resend-otp', (s: AppStore) => s.dispatch(resendOtp.initiate({ email: 'a@b.ng' }))],
    [
      'forgot',
      'POST /api/users/forgot-password',
      (s: AppStore) => s.dispatch(forgotPassword.initiate({ email: 'a@b.ng' })),
    ],
    ['refresh', 'POST /api/users/refresh', (s: AppStore) => s.dispatch(refresh.initiate({ refreshToken: 'r' }))],
  ])('never refreshes for %s, even with a token', async (_name, route, send) => {
    http.on(route, unauthorized);
    const store = setupStore(loggedIn());
    await send(store);
    expect(calls(http)).toEqual([route]);
    expect(selectSession(store.getState())).not.toBeNull();
  });

  it('never refreshes without a token', async () => {
    http.on('GET /api/users/me', unauthorized);
    const result = await setupStore().dispatch(profileApi.endpoints.me.initiate('7'));
    expect(calls(http)).toEqual(['GET /api/users/me']);
    expect(result.error).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('retries without refreshing when the session was renewed while the request was out', async () => {
    const store = setupStore(loggedIn(makeSession({ token: 'first' })));
    http.on('GET /api/users/me', (request) => {
      if (request.headers.get('authorization') === 'Bearer first') {
        store.dispatch({
          type: 'auth/sessionRefreshed',
          payload: { token: 'second', refreshToken: 'r2', timestamp: 2 },
        });
        return unauthorized;
      }
      return { body: { data: { username: 'ada' } } };
    });
    const result = await store.dispatch(profileApi.endpoints.me.initiate('7'));
    expect(result.data).toEqual({ username: 'ada' });
    expect(calls(http)).toEqual(['GET /api/users/me', 'GET /api/users/me']);
  });
});

describe('error normalization (docs/product.md#error-catalogue)', () => {
  const feedbackError = async (reply: Parameters<MockApi['on']>[1]) => {
    http.on('POST /api/users/feedback', reply);
    return (await setupStore(loggedIn()).dispatch(feedbackApi.endpoints.feedback.initiate({ message: 'x' }))).error;
  };

  it('reads the nested envelope and the flat shape', async () => {
    expect(
      await feedbackError({
        status: 429,
        body: { error: { code: 'RATE_LIMIT_EXCEEDED', description: 'Slow down', type: 'rate_limit' } },
      }),
    ).toEqual({ status: 429, code: 'RATE_LIMIT_EXCEEDED', message: 'Slow down' });
    expect(
      await feedbackError({
        status: 400,
        body: { code: 'VALIDATION_ERROR', description: 'Too long', type: 'validation' },
      }),
    ).toEqual({ status: 400, code: 'VALIDATION_ERROR', message: 'Too long' });
  });

  it('an unreadable error body gives HTTP error! status: N', async () => {
    expect(await feedbackError({ status: 502, body: '<html>Bad gateway</html>' })).toEqual({
      status: 502,
      code: 'HTTP_ERROR',
      message: 'HTTP error! status: 502',
    });
    expect(await feedbackError({ status: 503 })).toEqual({
      status: 503,
      code: 'HTTP_ERROR',
      message: 'HTTP error! status: 503',
    });
  });

  it('a failed fetch is NETWORK_ERROR with the no-internet message', async () => {
    expect(await feedbackError('network-error')).toEqual({
      status: 'FETCH_ERROR',
      code: 'NETWORK_ERROR',
      message: 'No internet connection. Please check your network and try again.',
    });
  });

  it('an unreadable success body is the other NETWORK_ERROR message', async () => {
    const originalFetch = globalThis.fetch;
    globalThis.fetch = (async () =>
      new Response('not json', { status: 200, headers: { 'content-type': 'application/json' } })) as typeof fetch;
    try {
      const result = await setupStore(loggedIn()).dispatch(feedbackApi.endpoints.feedback.initiate({ message: 'x' }));
      expect(result.error).toEqual({
        status: 'CUSTOM_ERROR',
        code: 'NETWORK_ERROR',
        message: 'Network error. Please try again.',
      });
    } finally {
      globalThis.fetch = originalFetch;
    }
  });
});
