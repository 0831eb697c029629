/** Session persistence as a listener, and the AUTH_EXPIRED screen as the reducers' answer (docs/architecture.md#spa, #settled-details). */
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { startAppListening } from '../../../src/client/app/listener';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { rootReducer, setupStore } from '../../../src/client/app/store';
import { registerAuthListeners, type AppStartListening } from '../../../src/client/features/account/auth.listeners';
import { sessionStarted, startupCheckFinished, userLoggedOut } from '../../../src/client/features/account/auth.slice';
import { sessionExpired, sessionRefreshed } from '../../../src/client/lib/session';
import { selectTopDialog } from '../../../src/client/features/account/dialogs.slice';
import { fakeStorage } from './fake-storage';
import { mockStore } from './mock-store';
import { loggedIn, makeSession } from './tokens';

const NOW = 1_750_000_000_000;
let storage: ReturnType<typeof fakeStorage>;
let unregister: () => void;
beforeEach(() => {
  storage = fakeStorage();
  unregister = registerAuthListeners(startAppListening, { storage, now: () => NOW });
});
afterEach(() => unregister());

const saved = () => JSON.parse(storage.items.get('auth-session') ?? 'null');

describe('session persistence', () => {
  it('saves the session on start and refresh, removes it on logout', () => {
    const store = setupStore();
    const { timestamp: _t, ...session } = makeSession();
    store.dispatch(sessionStarted({ session, via: 'login' }, 5_000));
    expect(saved()).toEqual({ ...session, timestamp: 5_000 });
    store.dispatch(sessionRefreshed({ token: 'new-token', refreshToken: 'r2' }, 6_000));
    expect(saved()).toMatchObject({ token: 'new-token', refreshToken: 'r2', timestamp: 6_000, user: session.user });
    store.dispatch(userLoggedOut());
    expect(storage.items.has('auth-session')).toBe(false);
  });

  it('writes what the start-up check kept, and removes it when it kept nothing', () => {
    const store = setupStore();
    const session = makeSession();
    store.dispatch(startupCheckFinished({ session }));
    expect(saved()).toEqual(session);
    store.dispatch(startupCheckFinished({ session: null }));
    expect(storage.items.has('auth-session')).toBe(false);
  });

  it('on expiry clears the session, opens Login and shows the message in it', () => {
    const store = setupStore(loggedIn());
    store.dispatch(startupCheckFinished({ session: makeSession() }));
    store.dispatch(sessionExpired(NOW));
    expect(storage.items.has('auth-session')).toBe(false);
    expect(selectTopDialog(store.getState())).toEqual({ name: 'login' });
    expect(selectErrorFor(store.getState(), 'login')).toEqual({
      code: 'AUTH_EXPIRED',
      message: 'Session expired. Please log in again.',
      at: NOW,
    });
  });

  it('a storage that throws does not break the app', () => {
    unregister();
    const broken = {
      ...fakeStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    unregister = registerAuthListeners(startAppListening, { storage: broken, now: () => NOW });
    const store = setupStore();
    expect(() => store.dispatch(startupCheckFinished({ session: makeSession() }))).not.toThrow();
  });
});

describe('exact action sequences', () => {
  function listenedStore() {
    const listener = createListenerMiddleware();
    registerAuthListeners(listener.startListening as AppStartListening, { storage, now: () => NOW });
    return mockStore(loggedIn(), [listener.middleware]);
  }

  it('sessionExpired is one event: no listener dispatches a sequence after it', () => {
    const store = listenedStore();
    store.dispatch(sessionExpired(NOW));
    expect(store.getActions()).toEqual([{ type: 'auth/sessionExpired', payload: { at: NOW } }]);
  });

  it('the reducers answer sessionExpired: session gone, Login open, AUTH_EXPIRED recorded at its time', () => {
    const after = rootReducer(setupStore(loggedIn()).getState(), sessionExpired(NOW));
    expect(after.auth).toEqual({ session: null, loading: false });
    expect(after.dialogs.stack).toEqual([{ name: 'login' }]);
    expect(after.errors.bySource.login).toEqual({
      code: 'AUTH_EXPIRED',
      message: 'Session expired. Please log in again.',
      at: NOW,
    });
  });

  it('logout is one event; its listener only touches storage', () => {
    storage.setItem('auth-session', '{}');
    const store = setupStore(loggedIn());
    const seen: string[] = [];
    const stop = startAppListening({ predicate: () => true, effect: (action) => void seen.push(action.type) });
    store.dispatch(userLoggedOut());
    stop();
    expect(seen).toEqual(['auth/userLoggedOut']);
    expect(storage.items.has('auth-session')).toBe(false);
    expect(store.getState().auth).toEqual({ session: null, loading: false });
  });
});
