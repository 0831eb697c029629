/**
 * Why a replay runs with side effects off, asserted as exact action sequences: the live
 * listeners' own dispatches are already in a recorded log, so running them again during a
 * replay would double them (and write storage); the replay store runs none.
 */
import configureMockStore from 'redux-mock-store';
import type { UnknownAction } from '@reduxjs/toolkit';
import { createActionLog, type ActionLogEntry } from '../../../src/client/app/action-log';
import { listenerMiddleware, startAppListening } from '../../../src/client/app/listener';
import { rootReducer, setupStore, type RootState } from '../../../src/client/app/store';
import { sessionExpired, sessionStarted } from '../../../src/client/features/auth/auth.slice';
import { registerAuthListeners } from '../../../src/client/features/auth/auth.listeners';
import { toAction } from '../../../scripts/replay/replay-log';
import { SECRETS, TOKEN } from './support/record-session';

const user = { id: 'u1', username: 'ada', email: '', country: '1', createdAt: '', updatedAt: '' };
const storage = () => ({ getItem: jest.fn(() => null), setItem: jest.fn(), removeItem: jest.fn() });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const types = (actions: readonly { type: string }[]) => actions.map((a) => a.type);

let unregister: () => void = () => undefined;
afterEach(() => unregister());

/** A live session (listeners on) whose token expires: the listeners open Login with the code. */
async function recordExpiry(store: Storage | ReturnType<typeof storage>) {
  const log = createActionLog({ now: () => 1 });
  const live = setupStore(undefined, { actionLog: log });
  unregister = registerAuthListeners(startAppListening, { storage: store as ReturnType<typeof storage>, now: () => 2 });
  live.dispatch(
    sessionStarted({ session: { token: TOKEN, refreshToken: SECRETS.refreshToken, user }, via: 'login' }, 1),
  );
  live.dispatch(sessionExpired());
  await tick();
  return log.entries().filter((e) => e.type !== 'api/config/middlewareRegistered');
}

describe('listener actions during a replay', () => {
  it('the recorded log already holds what the listeners dispatched', async () => {
    const persisted = storage();
    const entries = await recordExpiry(persisted);
    expect(types(entries)).toEqual([
      'auth/sessionStarted',
      'auth/sessionExpired',
      'dialogs/dialogOpened',
      'errors/errorShown',
    ]);
    expect(entries[3]?.payload).toMatchObject({ source: 'login', code: 'AUTH_EXPIRED' });
    expect(persisted.setItem).toHaveBeenCalled();
  });

  it('with listeners on, feeding the log would add their actions again (mock store)', async () => {
    const entries = await recordExpiry(storage());
    const persisted = storage();
    unregister();
    unregister = registerAuthListeners(startAppListening, { storage: persisted, now: () => 3 });
    const recordedSoFar: UnknownAction[] = [];
    const state = () =>
      recordedSoFar.reduce(rootReducer, rootReducer(undefined, { type: '@@init' })) as RootState;
    const mock = configureMockStore<RootState>([listenerMiddleware.middleware] as Parameters<
      typeof configureMockStore
    >[0])(state);
    // The mock store only records; its state follows what it recorded so far.
    mock.subscribe(() => recordedSoFar.splice(0, recordedSoFar.length, ...(mock.getActions() as UnknownAction[])));
    entries.forEach((entry) => mock.dispatch(toAction(entry)));
    await tick();
    expect(types(mock.getActions())).toEqual([
      'auth/sessionStarted',
      'auth/sessionExpired',
      'dialogs/dialogOpened',
      'errors/errorShown',
      // the listeners again, on the recorded sessionExpired
      'dialogs/dialogOpened',
      'errors/errorShown',
    ]);
    expect(persisted.setItem).toHaveBeenCalled();
  });

  it('with side effects off, exactly the logged actions reach the reducers and nothing is stored', async () => {
    const entries = await recordExpiry(storage());
    const persisted = storage();
    unregister();
    unregister = registerAuthListeners(startAppListening, { storage: persisted, now: () => 3 });
    const seen = createActionLog({ now: () => 0 });
    const replay = setupStore(undefined, { sideEffects: false, actionLog: seen });
    entries.forEach((entry) => replay.dispatch(toAction(entry)));
    await tick();
    const strip = ({ type, payload }: ActionLogEntry | UnknownAction) => ({ type, payload });
    expect(seen.entries().map(strip)).toEqual(entries.map(strip));
    expect(persisted.setItem).not.toHaveBeenCalled();
    expect(persisted.removeItem).not.toHaveBeenCalled();
    expect(replay.getState().dialogs.stack).toEqual([{ name: 'login' }]);
  });
});
