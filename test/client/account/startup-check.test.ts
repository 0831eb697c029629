/** The start-up check of docs/product.md#states, branch by branch, as exact action sequences. */
import { setupStore } from '../../../src/client/app/store';
import { selectAuthLoading, selectSession, type Session } from '../../../src/client/lib/session';
import { checkStoredSession } from '../../../src/client/features/account/session.thunks';
import { mockApi, type MockApi } from '../support/mock-api';
import { thunk } from 'redux-thunk';
import { fakeStorage } from './fake-storage';
import { mockStore } from './mock-store';
import { makeSession, tokenExpiringIn } from './tokens';

const NOW = 1_750_000_000_000;
const MINUTE = 60_000;
const stored = (session: Session) => fakeStorage({ 'auth-session': JSON.stringify(session) });
const finished = (session: Session | null) => ({ type: 'auth/startupCheckFinished', payload: { session } });

let http: MockApi;
beforeEach(() => {
  http = mockApi();
});
afterEach(() => http.restore());

async function check(storage: ReturnType<typeof fakeStorage>) {
  const store = mockStore({}, [thunk]);
  const result = await store.dispatch(checkStoredSession({ storage, now: () => NOW }));
  return { actions: store.getActions(), result };
}

describe('start-up check', () => {
  it('nothing stored: logged out, no request', async () => {
    expect((await check(fakeStorage())).actions).toEqual([finished(null)]);
    expect(http.requests).toHaveLength(0);
  });

  it('a valid token: the stored session and user, no request', async () => {
    const session = makeSession({ token: tokenExpiringIn(10 * MINUTE, 'ak', NOW) });
    expect((await check(stored(session))).actions).toEqual([finished(session)]);
    expect(http.requests).toHaveLength(0);
  });

  it.each([
    ['expired', -MINUTE],
    ['expiring within 5 minutes', 4 * MINUTE],
  ])('%s: refreshes and keeps the user with the new pair', async (_label, inMs) => {
    const session = makeSession({ token: tokenExpiringIn(inMs, 'ak', NOW), refreshToken: 'old-refresh' });
    const renewed = tokenExpiringIn(15 * MINUTE, 'ak2', NOW);
    http.on('POST /api/users/refresh', { body: { data: { token: renewed, refreshToken: 'new-refresh' } } });
    const { actions } = await check(stored(session));
    expect(actions).toEqual([finished({ ...session, token: renewed, refreshToken: 'new-refresh', timestamp: NOW })]);
    expect(http.requests.map((r) => [r.method, r.path, r.body, r.headers.get('authorization')])).toEqual([
      ['POST', '/api/users/refresh', { refreshToken: 'old-refresh' }, null],
    ]);
  });

  it('expired and the refresh refused: logged out, the refresh not retried', async () => {
    const session = makeSession({ token: tokenExpiringIn(-MINUTE, 'ak', NOW) });
    http.on('POST /api/users/refresh', {
      status: 401,
      body: { error: { code: 'INVALID_REFRESH_TOKEN', description: 'Invalid refresh token', type: 'auth' } },
    });
    expect((await check(stored(session))).actions).toEqual([finished(null)]);
    expect(http.requests).toHaveLength(1);
  });

  it('the check throws (refresh unreachable) with a still-valid token: stays logged in', async () => {
    const session = makeSession({ token: tokenExpiringIn(3 * MINUTE, 'ak', NOW) });
    http.on('POST /api/users/refresh', 'network-error');
    expect((await check(stored(session))).actions).toEqual([finished(session)]);
  });

  it('the check throws with an expired token: logged out', async () => {
    const session = makeSession({ token: tokenExpiringIn(-MINUTE, 'ak', NOW) });
    http.on('POST /api/users/refresh', 'network-error');
    expect((await check(stored(session))).actions).toEqual([finished(null)]);
  });

  it('an unreadable entry: logged out', async () => {
    expect((await check(fakeStorage({ 'auth-session': '{not json' }))).actions).toEqual([finished(null)]);
    const throwing = {
      ...fakeStorage(),
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect((await check(throwing as ReturnType<typeof fakeStorage>)).actions).toEqual([finished(null)]);
  });

  it('keeps the loading flag true until the check ends', async () => {
    const store = setupStore();
    expect(selectAuthLoading(store.getState())).toBe(true);
    const session = makeSession({ token: tokenExpiringIn(10 * MINUTE, 'ak', NOW) });
    const pending = store.dispatch(checkStoredSession({ storage: stored(session), now: () => NOW }));
    await pending;
    expect(selectAuthLoading(store.getState())).toBe(false);
    expect(selectSession(store.getState())).toEqual(session);
  });
});
