/**
 * Why a replay runs with side effects off, asserted as exact action sequences: an expired session
 * is one recorded event that the reducers answer (no listener dispatches a sequence after it), so
 * the log replays to the same screen; the only listener left writes storage, which a replay store
 * never runs.
 */
import configureMockStore from 'redux-mock-store';
import { isAsyncThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { createActionLog, type ActionLogEntry } from '../../../src/client/app/action-log';
import { listenerMiddleware, startAppListening } from '../../../src/client/app/listener';
import { rootReducer, setupStore, type RootState } from '../../../src/client/app/store';
import { sessionStarted } from '../../../src/client/features/account/auth.slice';
import { sessionExpired } from '../../../src/client/lib/session';
import { registerAuthListeners } from '../../../src/client/features/account/auth.listeners';
import { toAction } from '../../../scripts/replay/replay-log';
import { SECRETS, TOKEN } from './support/record-session';

const user = { id: 'u1', username: 'ada', email: '', country: '1', createdAt: '', updatedAt: '' };
const storage = () => ({ getItem: jest.fn(() => null), setItem: jest.fn(), removeItem: jest.fn() });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const types = (actions: readonly { type: string }[]) => actions.map((a) => a.type);

let unregister: () => void = () => undefined;
afterEach(() => unregister());

/** RTK Query's own bookkeeping (its middleware registration): an api action that is no request lifecycle. */
const isQueryBookkeeping = (entry: ActionLogEntry) => entry.type.startsWith('api/') && !isAsyncThunkAction(entry);

/** A live session (listeners on) whose token expires: the reducers open Login with the code. */
async function recordExpiry(store: Storage | ReturnType<typeof storage>) {
  const log = createActionLog({ now: () => 1 });
  const live = setupStore(undefined, { actionLog: log });
  unregister = registerAuthListeners(startAppListening, { storage: store as ReturnType<typeof storage>, now: () => 2 });
  live.dispatch(
    sessionStarted({ session: { token: TOKEN, refreshToken: SECRETS.refreshToken, user }, via: 'login' }, 1),
  );
  live.dispatch(sessionExpired(2));
  await tick();
  return { entries: log.entries().filter((e) => !isQueryBookkeeping(e)), state: live.getState() };
}

describe('listener actions during a replay', () => {
  it('the recorded log holds the expiry as one event, which the reducers answered', async () => {
    const persisted = storage();
    const { entries, state } = await recordExpiry(persisted);
    expect(types(entries)).toEqual(['auth/sessionStarted', 'auth/sessionExpired']);
    expect(state.dialogs.stack).toEqual([{ name: 'login' }]);
    expect(state.errors.bySource.login).toMatchObject({ code: 'AUTH_EXPIRED', at: 2 });
    expect(persisted.setItem).toHaveBeenCalled();
  });

  it('with listeners on, feeding the log adds no actions of theirs (mock store)', async () => {
    const { entries } = await recordExpiry(storage());
    const persisted = storage();
    unregister();
    unregister = registerAuthListeners(startAppListening, { storage: persisted, now: () => 3 });
    const recordedSoFar: UnknownAction[] = [];
    const state = () => recordedSoFar.reduce(rootReducer, rootReducer(undefined, { type: '@@init' })) as RootState;
    const mock = configureMockStore<RootState>([listenerMiddleware.middleware] as Parameters<
      typeof configureMockStore
    >[0])(state);
    // The mock store only records; its state follows what it recorded so far.
    mock.subscribe(() => recordedSoFar.splice(0, recordedSoFar.length, ...(mock.getActions() as UnknownAction[])));
    entries.forEach((entry) => mock.dispatch(toAction(entry)));
    await tick();
    expect(types(mock.getActions())).toEqual(['auth/sessionStarted', 'auth/sessionExpired']);
    expect(persisted.setItem).toHaveBeenCalled();
  });

  it('with side effects off, exactly the logged actions reach the reducers and nothing is stored', async () => {
    const { entries, state } = await recordExpiry(storage());
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
    expect(replay.getState().errors).toEqual(state.errors);
  });
});
