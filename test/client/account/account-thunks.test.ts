/** Exact action sequences of the account flows (redux-mock-store, docs/architecture.md#tests). */
import type { UnknownAction } from '@reduxjs/toolkit';
import { logIn, resetPassword, verifyEmail } from '../../../src/client/features/account/account.thunks';
import { mockApi, type MockApi } from '../support/mock-api';
import { serverUser, tokenExpiringIn } from './tokens';
import { actionTypes, mockStore, type FlowMockStore } from './mock-store';
import { apiError } from './harness';

const newStore = () => mockStore();
/** The flow's events, without RTK Query's request lifecycle actions. */
const events = (store: FlowMockStore) =>
  (store.getActions() as UnknownAction[])
    .filter((action) => !action.type.startsWith('api/'))
    .map(({ type, payload }) => (payload === undefined ? { type } : { type, payload }));

let http: MockApi;
beforeEach(() => {
  http = mockApi();
});
afterEach(() => http.restore());

const token = tokenExpiringIn(900_000);
const authAnswer = { body: { data: { user: serverUser, token, refreshToken: 'r1' } } };
const user = (email: string) => ({
  id: '7',
  username: 'ada',
  email,
  country: '1',
  createdAt: serverUser.registrationDate,
  updatedAt: serverUser.registrationDate,
});

describe('account flows', () => {
  it('login success: sessionStarted (via login, e-mail empty), dialogsCleared', async () => {
    http.on('POST /api/users/login', authAnswer);
    const store = newStore();
    await expect(store.dispatch(logIn('ada', 'secret-pass'))).resolves.toBe(true);
    expect(events(store)).toEqual([
      {
        type: 'auth/sessionStarted',
        payload: {
          via: 'login',
          session: { token, refreshToken: 'r1', user: user(''), timestamp: expect.any(Number) },
        },
      },
      { type: 'dialogs/dialogsCleared' },
    ]);
    expect(actionTypes(store)).toEqual([
      'api/executeMutation/pending',
      'api/executeMutation/fulfilled',
      'auth/sessionStarted',
      'dialogs/dialogsCleared',
    ]);
  });

  it('login not verified: verification in the login context for the e-mail in the error', async () => {
    http.on('POST /api/users/login', apiError(403, 'ACCOUNT_NOT_VERIFIED', 'Account not verified: ada@example.ng'));
    const store = newStore();
    await expect(store.dispatch(logIn('ada', 'secret-pass'))).resolves.toBe(false);
    expect(events(store)).toEqual([
      { type: 'dialogs/dialogReplaced', payload: { name: 'verify', context: 'login', email: 'ada@example.ng' } },
    ]);
  });

  it('login failure: the message recorded with its code', async () => {
    http.on('POST /api/users/login', apiError(401, 'INVALID_USERNAME_OR_PASSWORD'));
    const store = newStore();
    await store.dispatch(logIn('ada', 'wrong'));
    expect(events(store)).toEqual([
      {
        type: 'errors/errorShown',
        payload: {
          source: 'login',
          code: 'INVALID_USERNAME_OR_PASSWORD',
          message: 'Invalid username or password. Please check your credentials and try again.',
          at: expect.any(Number),
        },
      },
    ]);
  });

  it.each([
    ['registration', 'verify-registration'],
    ['login', 'verify-login'],
  ] as const)('verify (%s): sessionStarted via %s with the entered e-mail, then Welcome', async (context, via) => {
    http.on('POST /api/users/verify-email', authAnswer);
    const store = newStore();
    await store.dispatch(verifyEmail('ada@example.ng', '123456', context));
    expect(events(store)).toEqual([
      {
        type: 'auth/sessionStarted',
        payload: {
          via,
          session: { token, refreshToken: 'r1', user: user('ada@example.ng'), timestamp: expect.any(Number) },
        },
      },
      { type: 'dialogs/dialogReplaced', payload: { name: 'welcome' } },
    ]);
  });

  it('reset: sessionStarted via reset with the entered e-mail, dialogsCleared', async () => {
    http.on('POST /api/users/reset-password', authAnswer);
    const store = newStore();
    await expect(store.dispatch(resetPassword('ada@example.ng', '123456', 'new-password'))).resolves.toBe(true);
    expect(events(store)).toEqual([
      {
        type: 'auth/sessionStarted',
        payload: {
          via: 'reset',
          session: { token, refreshToken: 'r1', user: user('ada@example.ng'), timestamp: expect.any(Number) },
        },
      },
      { type: 'dialogs/dialogsCleared' },
    ]);
  });

  it('a 2xx without data is a failure in its context', async () => {
    http.on('POST /api/users/reset-password', { body: {} });
    const store = newStore();
    await expect(store.dispatch(resetPassword('ada@example.ng', '123456', 'new-password'))).resolves.toBe(false);
    expect(events(store)).toEqual([
      {
        type: 'errors/errorShown',
        payload: {
          source: 'reset',
          code: 'NO_DATA',
          message: 'Password reset failed. Please try again.',
          at: expect.any(Number),
        },
      },
    ]);
  });
});
