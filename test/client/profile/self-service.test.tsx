/**
 * The profile's self-service (docs/architecture.md#accounts): change password, download my data, delete account,
 * with a real store and the fetch stand-in.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { LandingPage } from '../../../src/client/features/public/landing-page';
import { ProfilePage } from '../../../src/client/features/profile/profile-page';
import { loadCommonPasswords } from '../../../src/client/lib/common-passwords';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { selectSession } from '../../../src/client/lib/session';
import { loggedIn, makeSession } from '../account/tokens';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';

let http: MockApi;
beforeAll(() => loadCommonPasswords());
beforeEach(() => {
  http = mockApi();
  http.on('GET /api/users/me', {
    body: { data: { username: 'ada', email: 'ada@example.ng', country: 1, registrationDate: '2025-01-02T03:04:05Z' } },
  });
});
afterEach(() => http.restore());

const session = makeSession();
async function renderProfile() {
  const view = renderWithProviders(
    <Routes>
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/" element={<LandingPage />} />
    </Routes>,
    { preloadedState: loggedIn(session), route: '/profile' },
  );
  await screen.findByText('ada@example.ng');
  return view;
}
/** jsdom's Blob has no text(). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
const section = (name: string) => screen.getByRole('region', { name });
const calls = (path: string) => http.requests.filter((r) => r.path === path);

describe('Change password', () => {
  type User = Awaited<ReturnType<typeof renderProfile>>['user'];
  async function submit(user: User, current: string, next: string, confirm: string) {
    const form = within(section('Change password'));
    if (current) await user.type(form.getByLabelText('Current Password'), current);
    if (next) await user.type(form.getByLabelText('New Password'), next);
    if (confirm) await user.type(form.getByLabelText('Confirm New Password'), confirm);
    await user.click(form.getByRole('button', { name: 'Change password' }));
  }

  it.each([
    ['', 'kettle-on-the-hob', 'kettle-on-the-hob', 'Please fill in all fields', 'VALIDATION_ERROR'],
    ['old-password', 'kettle-on-the-hob', 'kettle-on-the-hob2', 'Passwords do not match', 'VALIDATION_ERROR'],
    ['old-password', 'short', 'short', 'Password must be at least 8 characters long', 'password'],
    ['old-password', 'baseball', 'baseball', 'This password is too common. Please choose another.', 'VALIDATION_ERROR'],
    ['old-password', '        ', '        ', 'This password is too common. Please choose another.', 'VALIDATION_ERROR'],
  ])('validates (%#) without asking the server', async (current, next, confirm, message, code) => {
    const { user, store } = await renderProfile();
    await submit(user, current, next, confirm);
    expect(within(section('Change password')).getByRole('alert')).toHaveTextContent(message);
    expect(selectErrorFor(store.getState(), 'change-password')).toMatchObject({ code, message });
    expect(calls('/api/users/me/password')).toHaveLength(0);
  });

  it('sends the current and new password with the bearer, then says other sessions ended', async () => {
    http.on('POST /api/users/me/password', { status: 204 });
    const { user, store } = await renderProfile();
    await submit(user, 'old-password', 'kettle-on-the-hob', 'kettle-on-the-hob');
    expect(
      await within(section('Change password')).findByText(
        'Your password has been changed. Every other session has been logged out.',
      ),
    ).toBeInTheDocument();
    const [call] = calls('/api/users/me/password');
    expect(call?.body).toEqual({ currentPassword: 'old-password', newPassword: 'kettle-on-the-hob' });
    expect(call?.headers.get('authorization')).toBe(`Bearer ${session.token}`);
    expect(within(section('Change password')).getByLabelText('Current Password')).toHaveValue('');
    expect(selectSession(store.getState())).not.toBeNull();
  });

  it.each([
    [403, 'INVALID_USERNAME_OR_PASSWORD', 'The password is not correct', 'Your current password is not correct.'],
    [
      400,
      'VALIDATION_ERROR',
      'This password is too common. Please choose another.',
      'This password is too common. Please choose another.',
    ],
    [500, 'INTERNAL_ERROR', 'boom', 'Failed to change your password. Please try again.'],
  ])('maps a %s %s', async (status, code, description, message) => {
    http.on('POST /api/users/me/password', { status, body: { error: { code, description, type: 'auth' } } });
    const { user, store } = await renderProfile();
    await submit(user, 'old-password', 'kettle-on-the-hob', 'kettle-on-the-hob');
    expect(await within(section('Change password')).findByRole('alert')).toHaveTextContent(message);
    expect(selectErrorFor(store.getState(), 'change-password')).toMatchObject({ code, message });
    expect(selectSession(store.getState())).not.toBeNull();
  });
});

describe('Download my data', () => {
  it('fetches the export with the bearer and saves it as the file the server names', async () => {
    const data = { exportedAt: '2026-11-23T10:00:00.000Z', account: { username: 'ada' }, sessions: [] };
    http.on('GET /api/users/me/export', {
      body: { data },
      headers: { 'content-disposition': 'attachment; filename="oddsmate-my-data-2026-11-23.json"' },
    });
    let saved: Blob | undefined;
    const createObjectURL = jest.fn((blob: Blob) => {
      saved = blob;
      return 'blob:export';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, store } = await renderProfile();
    await user.click(within(section('Download my data')).getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const clicked = click.mock.contexts[0] as HTMLAnchorElement | undefined;
    click.mockRestore();
    expect(clicked?.download).toBe('oddsmate-my-data-2026-11-23.json');
    expect(clicked?.href).toBe('blob:export');
    expect(saved?.type).toBe('application/json');
    expect(JSON.parse(await readText(saved!))).toEqual(data);
    expect(calls('/api/users/me/export')[0]?.headers.get('authorization')).toBe(`Bearer ${session.token}`);
    // The person's data never enters the store.
    expect(JSON.stringify(store.getState())).not.toContain('2026-11-23T10:00:00');
  });

  it.each([
    ['network-error' as const, 'No internet connection. Please check your network and try again.'],
    [
      { status: 500, body: { error: { code: 'INTERNAL_ERROR', description: 'x', type: 'server' } } },
      'Failed to download your data. Please try again.',
    ],
  ])('shows a failure (%#)', async (reply, message) => {
    http.on('GET /api/users/me/export', reply);
    const { user } = await renderProfile();
    await user.click(within(section('Download my data')).getByRole('button', { name: 'Download my data' }));
    expect(await within(section('Download my data')).findByRole('alert')).toHaveTextContent(message);
  });
});

describe('Delete account', () => {
  async function confirmDelete(password: string) {
    const view = await renderProfile();
    const card = within(section('Delete account'));
    await view.user.click(card.getByRole('button', { name: 'Delete account' }));
    if (password) await view.user.type(card.getByLabelText('Password'), password);
    await view.user.click(card.getByRole('button', { name: 'Delete my account' }));
    return view;
  }

  it('asks for the password first', async () => {
    const { store } = await confirmDelete('');
    expect(within(section('Delete account')).getByRole('alert')).toHaveTextContent('Please enter your password');
    expect(selectErrorFor(store.getState(), 'delete-account')?.code).toBe('VALIDATION_ERROR');
    expect(calls('/api/users/me')).toHaveLength(1);
  });

  it('deletes with the password, ends the session and lands on / with the notice', async () => {
    http.on('DELETE /api/users/me', { status: 204 });
    const { store } = await confirmDelete('my-password');
    expect(
      await screen.findByText('Your account and the data stored about you have been deleted.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Get the best football odds in Nigeria');
    expect(selectSession(store.getState())).toBeNull();
    const call = http.requests.find((r) => r.method === 'DELETE');
    expect(call?.body).toEqual({ password: 'my-password' });
    expect(call?.headers.get('authorization')).toBe(`Bearer ${session.token}`);
  });

  it('keeps the session on a wrong password and says so', async () => {
    http.on('DELETE /api/users/me', {
      status: 403,
      body: {
        error: { code: 'INVALID_USERNAME_OR_PASSWORD', description: 'The password is not correct', type: 'auth' },
      },
    });
    const { store } = await confirmDelete('wrong-password');
    expect(await within(section('Delete account')).findByRole('alert')).toHaveTextContent(
      'Your current password is not correct.',
    );
    expect(selectSession(store.getState())).not.toBeNull();
  });
});
