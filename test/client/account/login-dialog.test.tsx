import { screen, waitFor } from '@testing-library/react';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { selectSession } from '../../../src/client/lib/session';
import { selectTopDialog } from '../../../src/client/features/account/dialogs.slice';
import { mockApi, type MockApi } from '../support/mock-api';
import { serverUser, tokenExpiringIn } from './tokens';
import { apiError, path, pressEscape, renderDialog } from './harness';

let http: MockApi;
beforeEach(() => {
  http = mockApi();
});
afterEach(() => http.restore());

async function fillAndSubmit(user: ReturnType<typeof renderDialog>['user'], username: string, password: string) {
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('Login dialog', () => {
  it('is a titled modal with labelled fields and the switching links', () => {
    renderDialog({ name: 'login' });
    expect(screen.getByRole('dialog', { name: 'Log in to OddsMate' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('moves focus to the first field once open, and announces errors as alerts', async () => {
    const { user } = renderDialog({ name: 'login' });
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both username and password');
  });

  it('requires both fields after trimming, and records the message with its code', async () => {
    const { user, store } = renderDialog({ name: 'login' });
    await fillAndSubmit(user, '   ', 'secret');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both username and password');
    expect(selectErrorFor(store.getState(), 'login')).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Please enter both username and password',
    });
    expect(http.requests).toHaveLength(0);
  });

  it('logs in with the trimmed username, stores the session and goes to /dashboard', async () => {
    const token = tokenExpiringIn(900_000);
    http.on('POST /api/users/login', { body: { data: { user: serverUser, token, refreshToken: 'r1' } } });
    const { user, store } = renderDialog({ name: 'login' });
    await fillAndSubmit(user, '  ada  ', 'correct horse');
    await waitFor(() => expect(path()).toBe('/dashboard'));
    expect(http.requests[0]?.body).toEqual({ username: 'ada', password: 'correct horse' });
    expect(selectSession(store.getState())).toMatchObject({
      token,
      refreshToken: 'r1',
      user: { id: '7', username: 'ada', email: '', country: '1', createdAt: serverUser.registrationDate },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the busy state for at least 300 ms with inputs and buttons disabled', async () => {
    http.on('POST /api/users/login', apiError(401, 'INVALID_USERNAME_OR_PASSWORD'));
    const { user } = renderDialog({ name: 'login' });
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    const started = Date.now();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByLabelText('Username')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    for (const name of ['Login', 'Sign up', 'Forgot password?', 'Close']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
    await screen.findByRole('alert');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await waitFor(() => expect(screen.getByLabelText('Username')).toBeEnabled());
  });

  it.each([
    [
      apiError(401, 'INVALID_USERNAME_OR_PASSWORD'),
      'INVALID_USERNAME_OR_PASSWORD',
      'Invalid username or password. Please check your credentials and try again.',
    ],
    ['network-error' as const, 'NETWORK_ERROR', 'No internet connection. Please check your network and try again.'],
    [apiError(500, 'INTERNAL_ERROR'), 'INTERNAL_ERROR', 'Login failed. Please try again.'],
    [{ status: 502, body: '<html>Bad gateway</html>' }, 'HTTP_ERROR', 'Login failed. Please try again.'],
  ])('maps a failed login to the exact message (%#)', async (reply, code, message) => {
    http.on('POST /api/users/login', reply);
    const { user, store } = renderDialog({ name: 'login' });
    await fillAndSubmit(user, 'ada', 'secret-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(selectErrorFor(store.getState(), 'login')).toMatchObject({ code, message });
  });

  it('closes Login and opens verification in the login context for an unverified account', async () => {
    http.on('POST /api/users/login', apiError(403, 'ACCOUNT_NOT_VERIFIED', 'Account not verified: ada@example.ng'));
    const { user, store } = renderDialog({ name: 'login' });
    await fillAndSubmit(user, 'ada', 'secret-pass');
    expect(await screen.findByRole('dialog', { name: 'Verify your email' })).toHaveTextContent('ada@example.ng');
    expect(selectTopDialog(store.getState())).toEqual({ name: 'verify', context: 'login', email: 'ada@example.ng' });
    expect(store.getState().dialogs.stack).toHaveLength(1);
  });

  it('switches to Register and to Forgot password, replacing the top dialog', async () => {
    const { user, store } = renderDialog({ name: 'login' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
    expect(store.getState().dialogs.stack).toEqual([{ name: 'register' }]);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(store.getState().dialogs.stack).toEqual([{ name: 'forgot' }]);
  });

  it('brings focus back into the dialog after a failed submit, so Escape still closes it', async () => {
    http.on('POST /api/users/login', apiError(401, 'INVALID_USERNAME_OR_PASSWORD'));
    const { user } = renderDialog({ name: 'login' });
    await fillAndSubmit(user, 'ada', 'wrong-password');
    // Browsers drop focus to <body> when the focused button is disabled by the busy state;
    // jsdom keeps it there (and will not blur a disabled element), so do what the browser does.
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    elsewhere.remove();
    expect(document.activeElement).toBe(document.body);
    await screen.findByText('Invalid username or password. Please check your credentials and try again.');
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    pressEscape();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape but not on a click outside (static backdrop)', async () => {
    const { user } = renderDialog({ name: 'login' });
    const dialog = screen.getByRole('dialog');
    await user.click(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    pressEscape(screen.getByLabelText('Username'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the session-expired message it was opened with', () => {
    renderDialog(
      { name: 'login' },
      {
        errors: {
          bySource: { login: { code: 'AUTH_EXPIRED', message: 'Session expired. Please log in again.', at: 1 } },
        },
      },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Session expired. Please log in again.');
  });
});
