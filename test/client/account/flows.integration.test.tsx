/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
/**
 * The account flows end to end against the real API in this process (SQLite in memory, mail
 * caught by a real SMTP server): the dialogs, the store and the baseQuery as a person uses them.
 * Requests the app makes to its own origin are forwarded to the server's port unchanged.
 */
import type { AddressInfo } from 'node:net';
import * as nodeTimers from 'node:timers';
import { act, screen, waitFor } from '@testing-library/react';
import { profileApi } from '../../../src/client/features/profile/profile.api';
import { startAppListening } from '../../../src/client/app/listener';
import { registerAuthListeners } from '../../../src/client/features/account/auth.listeners';
import { userLoggedOut } from '../../../src/client/features/account/auth.slice';
import { selectSession } from '../../../src/client/lib/session';
import { dialogOpened, selectTopDialog } from '../../../src/client/features/account/dialogs.slice';
import { newUser, registerUser } from '../../server/support/accounts';
import { buildTestApp, type TestApp } from '../../server/support/test-app';
import { path, renderDialog } from './harness';
import { fakeStorage } from './fake-storage';

jest.setTimeout(30_000);

let t: TestApp;
let realFetch: typeof fetch;
let unregister: () => void;

// The server keeps its background timers unref'd, which jsdom's timers cannot do: this file runs
// on Node's own (React and Testing Library are fine with either).
const TIMERS = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] as const;
const jsdomTimers = Object.fromEntries(TIMERS.map((name) => [name, globalThis[name]]));
Object.assign(globalThis, Object.fromEntries(TIMERS.map((name) => [name, nodeTimers[name]])));
// The server's token signing checks `instanceof Uint8Array` on bytes from Node's TextEncoder,
// which this environment borrows from Node: give the check Node's Uint8Array as well.
const jsdomUint8Array = globalThis.Uint8Array;
globalThis.Uint8Array = new TextEncoder().encode('').constructor as Uint8ArrayConstructor;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  realFetch = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    return realFetch(new Request(`http://127.0.0.1:${port}${url.pathname}${url.search}`, request));
  }) as typeof fetch;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await t?.close();
  Object.assign(globalThis, jsdomTimers);
  globalThis.Uint8Array = jsdomUint8Array;
});
beforeEach(() => {
  unregister = registerAuthListeners(startAppListening, { storage: fakeStorage(), now: () => Date.now() });
});
afterEach(() => unregister());

type Rendered = ReturnType<typeof renderDialog>;

async function typeInto(view: Rendered, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await view.user.type(screen.getByLabelText(label), value);
}

describe('account flows against the real API', () => {
  it('register → verify (registration) → Welcome → Get Started → /dashboard; logout; login → /dashboard', async () => {
    const person = newUser();
    const view = renderDialog({ name: 'register' });
    await typeInto(view, {
      Username: person.userName,
      Email: person.email,
      Password: person.password,
      'Confirm Password': person.password,
    });
    await view.user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('dialog', { name: 'Verify your email' });

    await typeInto(view, { 'Verification Code': await t.smtp.codeFor(person.email) });
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('dialog', { name: 'Welcome to OddsMate!' });
    expect(selectSession(view.store.getState())?.user).toMatchObject({
      username: person.userName,
      email: person.email,
      country: '1',
    });
    await view.user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(path()).toBe('/dashboard');

    act(() => {
      view.store.dispatch(userLoggedOut());
      view.store.dispatch(dialogOpened({ name: 'login' }));
    });
    await typeInto(view, { Username: person.userName, Password: person.password });
    await view.user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selectSession(view.store.getState())?.user).toMatchObject({ username: person.userName, email: '' });

    const profile = await view.store.dispatch(profileApi.endpoints.me.initiate('any'));
    expect(profile.data).toMatchObject({ username: person.userName, email: person.email, country: 1 });
  });

  it('an unverified login moves on to verification in the login context, then Welcome', async () => {
    const person = await registerUser(t, newUser());
    await t.smtp.codeFor(person.email);
    const view = renderDialog({ name: 'login' });
    await typeInto(view, { Username: person.userName, Password: person.password });
    const sent = t.smtp.messagesTo(person.email).length;
    t.clock.advance(61_000); // past the resend cooldown, so the login e-mails a fresh code
    await view.user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('dialog', { name: 'Verify your email' });
    expect(selectTopDialog(view.store.getState())).toEqual({
      name: 'verify',
      context: 'login',
      email: person.email,
      codeSent: true,
      resendAt: expect.any(Number),
    });
    expect(screen.getByRole('dialog')).toHaveTextContent('We sent a 6-digit verification code');
    expect(screen.getByRole('button', { name: /^Resend in \d+s$/ })).toBeDisabled();

    await t.smtp.waitForMail(person.email, { count: sent + 1 });
    await typeInto(view, { 'Verification Code': await t.smtp.codeFor(person.email) });
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('dialog', { name: 'Welcome to OddsMate!' });
  });

  it('an unverified login within the cooldown sends no code and says so, offering Resend once it ends', async () => {
    const person = await registerUser(t, newUser());
    await t.smtp.codeFor(person.email);
    const view = renderDialog({ name: 'login' });
    await typeInto(view, { Username: person.userName, Password: person.password });
    await view.user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('dialog', { name: 'Verify your email' });
    expect(selectTopDialog(view.store.getState())).toMatchObject({ codeSent: false, resendAt: expect.any(Number) });
    expect(screen.getByRole('dialog')).toHaveTextContent('We did not send a new code just now');
    expect(screen.getByRole('dialog')).not.toHaveTextContent('We sent a 6-digit');
  });

  it('asking again for a reset within the cooldown opens the code step, and the held code resets', async () => {
    const person = newUser();
    await registerUser(t, person);
    const view = renderDialog({ name: 'forgot' });
    await typeInto(view, { Email: person.email });
    await view.user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));
    await screen.findByText('Reset instructions sent');
    await view.user.click(screen.getByRole('button', { name: 'Enter Verification Code' }));
    await screen.findByRole('dialog', { name: 'Reset password' });
    await view.user.click(screen.getByRole('button', { name: 'Back' }));
    await typeInto(view, { Email: person.email });
    await view.user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));
    await screen.findByRole('dialog', { name: 'Reset password' });
    expect(screen.getByRole('dialog')).toHaveTextContent(`We already sent a code to ${person.email}`);
    expect(screen.getByRole('button', { name: /^Resend in \d+s$/ })).toBeDisabled();
    await typeInto(view, {
      'Verification Code': await t.smtp.codeFor(person.email),
      Password: 'a fresh new password',
      'Confirm Password': 'a fresh new password',
    });
    await view.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(path()).toBe('/dashboard'));
  });

  it('forgot → Reset instructions sent → Enter Verification Code → reset → logged in at /dashboard', async () => {
    const person = newUser();
    await registerUser(t, person);
    const view = renderDialog({ name: 'forgot' });
    await typeInto(view, { Email: person.email });
    const sent = t.smtp.messagesTo(person.email).length;
    await view.user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));
    await screen.findByText('Reset instructions sent');
    await view.user.click(screen.getByRole('button', { name: 'Enter Verification Code' }));

    await t.smtp.waitForMail(person.email, { count: sent + 1 });
    await typeInto(view, {
      'Verification Code': await t.smtp.codeFor(person.email),
      Password: 'a brand new password',
      'Confirm Password': 'a brand new password',
    });
    await view.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(path()).toBe('/dashboard'));
    expect(selectSession(view.store.getState())?.user.email).toBe(person.email);
  });

  it('refreshes silently when the access token has expired, and ends the session when refresh is refused', async () => {
    const person = newUser();
    await registerUser(t, person);
    const view = renderDialog({ name: 'verify', context: 'registration', email: person.email });
    await typeInto(view, { 'Verification Code': await t.smtp.codeFor(person.email) });
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('dialog', { name: 'Welcome to OddsMate!' });
    const before = selectSession(view.store.getState());

    t.clock.advance(16 * 60_000);
    const me = await view.store.dispatch(profileApi.endpoints.me.initiate('silent-refresh'));
    expect(me.data).toMatchObject({ username: person.userName });
    const after = selectSession(view.store.getState());
    expect(after?.token).not.toBe(before?.token);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);

    // A refresh token already rotated is refused: the session ends and Login says why.
    act(() => {
      view.store.dispatch({
        type: 'auth/sessionRefreshed',
        payload: { token: before?.token, refreshToken: before?.refreshToken, timestamp: 1 },
      });
    });
    t.clock.advance(60_000);
    const expired = await view.store.dispatch(profileApi.endpoints.me.initiate('expired'));
    expect(expired.error).toMatchObject({ code: 'AUTH_EXPIRED', message: 'Session expired. Please log in again.' });
    expect(selectSession(view.store.getState())).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Log in to OddsMate' })).toHaveTextContent(
      'Session expired. Please log in again.',
    );
  });
});
