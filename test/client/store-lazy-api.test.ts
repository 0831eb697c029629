/**
 * The RTK Query api arrives with the chunks that use it: a store made before that has no api
 * state and no api middleware; when the api module is evaluated, the store gets both, and a
 * store made afterwards has them from the start. Each case runs on a fresh module registry.
 * Whether the middleware is there is seen the way the app sees it: a component using a query
 * hook renders (the hooks refuse to run without it).
 */
// jest.isolateModules hands out modules of a fresh registry through require.
/* eslint-disable @typescript-eslint/no-require-imports */
import { skipToken } from '@reduxjs/toolkit/query';
import type * as ApiModuleType from '../../src/client/lib/api';
import type * as StoreModuleType from '../../src/client/app/store';
import type * as React from 'react';
import type * as ReactRedux from 'react-redux';
import type * as ReactDomServer from 'react-dom/server';

type StoreModule = typeof StoreModuleType;
type ApiModule = typeof ApiModuleType;

interface Loaders {
  store(): StoreModule;
  api(): ApiModule;
  /** Whether a component using a query hook renders against `store` (the hooks need the api middleware). */
  rendersQueryHooks(store: ReturnType<StoreModule['setupStore']>, api: ApiModule['api']): boolean;
}

/** Runs `body` on a fresh module registry: `load` requires a module of it. */
function withFreshModules(body: (load: Loaders) => void): void {
  jest.isolateModules(() =>
    body({
      store: () => require('../../src/client/app/store') as StoreModule,
      api: () => require('../../src/client/lib/api') as ApiModule,
      rendersQueryHooks(store, api) {
        // React and react-redux of the same registry as the api's hooks.
        const { createElement } = require('react') as typeof React;
        const { Provider } = require('react-redux') as typeof ReactRedux;
        const { renderToStaticMarkup } = require('react-dom/server') as typeof ReactDomServer;
        const probe = api.injectEndpoints({
          endpoints: (build) => ({ probe: build.query<null, void>({ queryFn: () => ({ data: null }) }) }),
        });
        function Probe() {
          probe.endpoints.probe.useQuery(skipToken);
          return null;
        }
        try {
          renderToStaticMarkup(createElement(Provider, { store, children: createElement(Probe) }));
          return true;
        } catch {
          return false;
        }
      },
    }),
  );
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
    expect(load.rendersQueryHooks(store, api)).toBe(true);
  });
});

it('a store made after the api arrived has both from the start', () => {
  withFreshModules((load) => {
    const { api } = load.api();
    const store = load.store().setupStore();
    expect(store.getState().api.queries).toEqual({});
    expect(load.rendersQueryHooks(store, api)).toBe(true);
  });
});

it('a replay store (side effects off) has the api state but no query middleware, so a recorded request starts nothing', () => {
  withFreshModules((load) => {
    const store = load.store().setupStore(undefined, { sideEffects: false, actionLog: null });
    const { api } = load.api();
    expect(store.getState().api.queries).toEqual({});
    expect(load.rendersQueryHooks(store, api)).toBe(false);
    // Its screen renders from a store with the middleware, preloaded with the replayed state.
    const view = load.store().setupStore(store.getState(), { sideEffects: false, queries: true, actionLog: null });
    expect(load.rendersQueryHooks(view, api)).toBe(true);
  });
});
