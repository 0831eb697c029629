import { setupStore } from '../../../src/client/app/store';
import { api } from '../../../src/client/lib/api';
import { profileApi } from '../../../src/client/features/profile/profile.api';
import { selectSession } from '../../../src/client/lib/session';
import { oddsSignature } from '@shared/signature';
import { mockApi, type MockApi } from '../support/mock-api';
import { loggedIn, makeSession, tokenExpiringIn } from './tokens';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    odds: build.query<unknown, { country: number; competition: number; market: number }>({
      query: (params) => ({ url: '/odds', params, signOdds: true }),
    }),
    summary: build.query<unknown, void>({ query: () => ({ url: '/odds/summary', params: { country: 1 } }) }),
  }),
  overrideExisting: false,
});

const unauthorized = {
  status: 401,
  body: { error: { code: 'UNAUTHORIZED', description: 'Unauthorized', type: 'auth' } },
};
let http: MockApi;
beforeEach(() => {
  http = mockApi();
});
afterEach(() => http.restore());

describe('baseQuery', () => {
  it('sends the bearer header only when a session holds a token', async () => {
    http.on('GET /api/odds/summary', { body: { data: {} } });
    const anonymous = setupStore();
    await anonymous.dispatch(probe.endpoints.summary.initiate());
    const session = makeSession();
    const store = setupStore(loggedIn(session));
    await store.dispatch(probe.endpoints.summary.initiate());
    expect(http.requests.map((r) => r.headers.get('authorization'))).toEqual([null, `Bearer ${session.token}`]);
    expect(http.requests[0]?.path).toBe('/api/odds/summary');
  });

  it('signs odds requests with the ak claim, or fails locally without token or claim', async () => {
    http.on('GET /api/odds', { body: { data: { events: [] } } });
    const store = setupStore(loggedIn(makeSession({ token: tokenExpiringIn(60_000, 'key-A') })));
    await store.dispatch(probe.endpoints.odds.initiate({ country: 1, competition: 2, market: 3 }));
    expect(http.requests[0]?.query.get('k')).toBe(oddsSignature('key-A', 1, 2, 3));

    const anonymous = await setupStore().dispatch(
      probe.endpoints.odds.initiate({ country: 1, competition: 2, market: 3 }),
    );
    expect(anonymous.error).toEqual({
      status: 'CUSTOM_ERROR',
      code: 'AUTH_TOKEN_NOT_FOUND',
      message: 'Authentication token not found',
    });
    const noAk = setupStore(loggedIn(makeSession({ token: tokenExpiringIn(60_000, null) })));
    const result = await noAk.dispatch(probe.endpoints.odds.initiate({ country: 1, competition: 2, market: 3 }));
    expect(result.error).toEqual({
      status: 'CUSTOM_ERROR',
      code: 'AK_CLAIM_MISSING',
      message: 'Unable to extract ak claim from token',
    });
    expect(http.requests).toHaveLength(1);
  });

  it('shares one refresh between concurrent 401s, retries each once, re-signed with the new ak', async () => {
    const oldToken = tokenExpiringIn(60_000, 'old-ak');
    const newToken = tokenExpiringIn(900_000, 'new-ak');
    http
      .on('GET /api/odds', (r) =>
        r.headers.get('authorization') === `Bearer ${newToken}` ? { body: { data: { events: [] } } } : unauthorized,
      )
      .on('GET /api/users/me', (r) =>
        r.headers.get('authorization') === `Bearer ${newToken}`
          ? { body: { data: { username: 'ada' } } }
          : unauthorized,
      )
      .on('POST /api/users/refresh', async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { body: { data: { token: newToken, refreshToken: 'refresh-2' } } };
      });
    const store = setupStore(loggedIn(makeSession({ token: oldToken })));
    const [odds, me] = await Promise.all([
      store.dispatch(probe.endpoints.odds.initiate({ country: 1, competition: 4, market: 1 })),
      store.dispatch(profileApi.endpoints.me.initiate('7')),
    ]);
    expect(odds.error).toBeUndefined();
    expect(me.data).toEqual({ username: 'ada' });
    const calls = http.requests.map((r) => `${r.method} ${r.path}`);
    expect(calls.filter((c) => c === 'POST /api/users/refresh')).toHaveLength(1);
    expect(calls.filter((c) => c === 'GET /api/odds')).toHaveLength(2);
    expect(calls.filter((c) => c === 'GET /api/users/me')).toHaveLength(2);
    expect(http.requests.find((r) => r.path === '/api/users/refresh')?.body).toEqual({ refreshToken: 'refresh-1' });
    const signatures = http.requests.filter((r) => r.path === '/api/odds').map((r) => r.query.get('k'));
    expect(signatures).toEqual([oddsSignature('old-ak', 1, 4, 1), oddsSignature('new-ak', 1, 4, 1)]);
    expect(selectSession(store.getState())).toMatchObject({ token: newToken, refreshToken: 'refresh-2' });
  });
});
