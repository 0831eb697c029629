/**
 * The RTK Query api arrives with the chunks that use it: a store made before that has no api
 * state and no api middleware; when the api module is evaluated, the store gets both, and a
 * store made afterwards has them from the start. Each case runs on a fresh module registry.
 */
// jest.isolateModules hands out modules of a fresh registry through require.
/* eslint-disable @typescript-eslint/no-require-imports */
import type * as ApiModuleType from '../../src/client/app/api';
import type * as StoreModuleType from '../../src/client/app/store';

type StoreModule = typeof StoreModuleType;
type ApiModule = typeof ApiModuleType;

/** Runs `body` on a fresh module registry: `load` requires a module of it. */
function withFreshModules(body: (load: { store(): StoreModule; api(): ApiModule }) => void): void {
  jest.isolateModules(() =>
    body({
      store: () => require('../../src/client/app/store') as StoreModule,
      api: () => require('../../src/client/app/api') as ApiModule,
    }),
  );
}

/** The api middleware answers this probe with its subscription registry; without it, the action passes through. */
function hasQueryMiddleware(dispatch: (action: unknown) => unknown, api: ApiModule['api']): boolean {
  const answer = dispatch(api.internalActions.internal_getRTKQSubscriptions());
  return typeof (answer as { getSubscriptions?: unknown }).getSubscriptions === 'function';
}

it('a store made before the api arrives gets its state and middleware when it does', () => {
  withFreshModules((load) => {
    const store = load.store().setupStore();
    expect(store.getState()).not.toHaveProperty('api');
    const seen: string[] = [];
    store.subscribe(() => seen.push('changed'));
    const { api } = load.api();
    expect(store.getState().api.queries).toEqual({});
    expect(seen.length).toBeGreaterThan(0);
    expect(hasQueryMiddleware(store.dispatch, api)).toBe(true);
  });
});

it('a store made after the api arrived has both from the start', () => {
  withFreshModules((load) => {
    const { api } = load.api();
    const store = load.store().setupStore();
    expect(store.getState().api.queries).toEqual({});
    expect(hasQueryMiddleware(store.dispatch, api)).toBe(true);
  });
});

it('a replay store (side effects off) gets the inert stand-in, which starts nothing', () => {
  withFreshModules((load) => {
    const store = load.store().setupStore(undefined, { sideEffects: false, actionLog: null });
    const { api } = load.api();
    const registry = store.dispatch(api.internalActions.internal_getRTKQSubscriptions()) as unknown as {
      getSubscriptionCount(key: string): number;
    };
    expect(registry.getSubscriptionCount('anything')).toBe(0);
    expect(store.getState().api.queries).toEqual({});
  });
});
