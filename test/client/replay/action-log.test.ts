import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { ACTION_LOG_LIMIT, createActionLog } from '../../../src/client/app/action-log';
import { errorShown } from '../../../src/client/lib/errors.slice';
import { locationChanged } from '../../../src/client/app/router.slice';
import { REDACTED } from '../../../src/client/app/sanitize';
import { rootReducer, setupStore } from '../../../src/client/app/store';
import { sessionStarted } from '../../../src/client/features/account/auth.slice';
import { fakeClock, SECRETS, TOKEN } from './support/record-session';

const go = (pathname: string) => locationChanged({ pathname, search: '' });
const session = {
  token: TOKEN,
  refreshToken: SECRETS.refreshToken,
  user: { id: 'u1', username: 'ada', email: '', country: '1', createdAt: '', updatedAt: '' },
};

describe('action log middleware', () => {
  it('keeps 2,000 entries by default, every store gets one', () => {
    const store = setupStore();
    expect(store.actionLog?.limit).toBe(ACTION_LOG_LIMIT);
    expect(ACTION_LOG_LIMIT).toBe(2000);
  });

  it('is a bounded ring: the oldest entries fall out and the state they left is kept', () => {
    const log = createActionLog({ limit: 3, now: fakeClock(0) });
    const store = setupStore(undefined, { actionLog: log, sideEffects: false });
    ['/a', '/b', '/c', '/d', '/e'].forEach((path) => store.dispatch(go(path)));
    const entries = log.entries();
    expect(entries.map((e) => e.index)).toEqual([3, 4, 5]);
    expect(entries.map((e) => (e.payload as { pathname: string }).pathname)).toEqual(['/c', '/d', '/e']);
    expect(entries.map((e) => e.at)).toEqual([750, 1000, 1250]);
    expect(log.dropped()).toBe(2);
    expect((log.baseState() as { router: { pathname: string } }).router.pathname).toBe('/b');
    log.clear();
    expect(log.entries()).toEqual([]);
    store.dispatch(go('/f'));
    expect(log.entries().map((e) => e.index)).toEqual([6]);
    expect((log.baseState() as { router: { pathname: string } }).router.pathname).toBe('/e');
  });

  it('stores sanitized, serializable entries: secrets gone, error codes kept', () => {
    const log = createActionLog({ now: () => 42 });
    const store = setupStore(undefined, { actionLog: log, sideEffects: false });
    store.dispatch(sessionStarted({ session, via: 'login' }, 1000));
    store.dispatch(
      errorShown({ source: 'login', code: 'INVALID_USERNAME_OR_PASSWORD', message: 'Invalid username' }, 2000),
    );
    const entries = log.entries();
    expect(entries[0]).toEqual({
      index: 1,
      at: 42,
      type: 'auth/sessionStarted',
      payload: { session: { ...session, token: REDACTED, refreshToken: REDACTED, timestamp: 1000 }, via: 'login' },
    });
    expect(entries[1]?.payload).toEqual({
      source: 'login',
      code: 'INVALID_USERNAME_OR_PASSWORD',
      message: 'Invalid username',
      at: 2000,
    });
    expect(JSON.parse(JSON.stringify(entries))).toEqual(entries);
    const exported = JSON.stringify([entries, log.currentState()]);
    for (const secret of [TOKEN, SECRETS.ak, SECRETS.refreshToken]) expect(exported).not.toContain(secret);
    // The live store keeps the real session: only the copy is sanitized.
    expect(store.getState().auth.session?.token).toBe(TOKEN);
  });

  it('skips thunks and logs in the order the reducers saw, as the last middleware', () => {
    const log = createActionLog({ now: () => 0 });
    // Dispatches a follow-up before letting the first action through, as RTK Query does.
    const eager: Middleware = (api) => (next) => (action) => {
      if (
        go('/first').type === (action as { type: string }).type &&
        (action as { payload: { pathname: string } }).payload.pathname === '/first'
      )
        api.dispatch(go('/second'));
      return next(action);
    };
    const seen: string[] = [];
    const store = configureStore({
      reducer: (state: ReturnType<typeof rootReducer> | undefined, action) => {
        const next = rootReducer(state, action);
        if (action.type === 'router/locationChanged') seen.push((action.payload as { pathname: string }).pathname);
        return next;
      },
      middleware: (getDefault) => getDefault().concat(eager, log.middleware),
    });
    store.dispatch(go('/first'));
    store.dispatch((dispatch) => dispatch(go('/third')));
    expect(seen).toEqual(['/second', '/first', '/third']);
    expect(log.entries().map((e) => (e.payload as { pathname: string }).pathname)).toEqual(seen);
  });
});
