/** The Redux DevTools get the same sanitizer as the action log, in every build. */
import type { UnknownAction } from '@reduxjs/toolkit';
import type * as StoreModule from '../../../src/client/app/store';
import { SECRETS, TOKEN } from './support/record-session';

interface DevToolsOptions {
  name?: string;
  actionSanitizer?: (action: UnknownAction, id: number) => UnknownAction;
  stateSanitizer?: (state: unknown, index: number) => unknown;
}

it('configures the DevTools with the one sanitizer: secrets hidden, error codes shown', () => {
  const seen: DevToolsOptions[] = [];
  const host = window as unknown as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: unknown };
  host.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (options: DevToolsOptions) => {
    seen.push(options);
    return (...enhancers: ((next: unknown) => unknown)[]) =>
      (next: unknown) =>
        enhancers.reduceRight((acc, enhancer) => enhancer(acc), next);
  };
  try {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { setupStore } = require('../../../src/client/app/store') as typeof StoreModule;
      setupStore();
      setupStore(undefined, { sideEffects: false });
    });
  } finally {
    delete host.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
  }
  expect(seen).toHaveLength(1); // the replay store has no DevTools
  const [options] = seen as [DevToolsOptions];
  expect(options.name).toBe('OddsMate');
  const login = {
    type: 'api/executeMutation/pending',
    meta: { arg: { endpointName: 'login', originalArgs: { username: 'ada', password: SECRETS.password } } },
  };
  expect(JSON.stringify(options.actionSanitizer?.(login, 1))).not.toContain(SECRETS.password);
  const state = {
    auth: { session: { token: TOKEN, refreshToken: SECRETS.refreshToken } },
    errors: {
      bySource: { login: { code: 'INVALID_USERNAME_OR_PASSWORD', message: 'Invalid username or password.', at: 1 } },
    },
  };
  const shown = JSON.stringify(options.stateSanitizer?.(state, 1));
  expect(shown).not.toMatch(new RegExp(`${SECRETS.refreshToken}|${SECRETS.ak}|eyJ`));
  expect(shown).toContain('INVALID_USERNAME_OR_PASSWORD');
});
