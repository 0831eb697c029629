import { screen, within } from '@testing-library/react';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { selectTopDialog } from '../../../src/client/features/account/dialogs.slice';
import { mockApi, type MockApi } from '../support/mock-api';
import { apiError, pressEscape, renderDialog } from './harness';

let http: MockApi;
beforeEach(() => {
  http = mockApi();
});
afterEach(() => http.restore());

type User = ReturnType<typeof renderDialog>['user'];
const VALID = {
  Username: 'ada_l',
  Email: 'ada@example.ng',
  Password: 'long-enough',
  'Confirm Password': 'long-enough',
};

async function fill(user: User, values: Partial<Record<keyof typeof VALID, string>>) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('Register dialog', () => {
  it('has the labelled fields and a country select with only Nigeria open', () => {
    renderDialog({ name: 'register' });
    expect(screen.getByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
    for (const label of ['Username', 'Email', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    const country = screen.getByLabelText('Country');
    expect(country).toHaveValue('1');
    const options = within(country).getAllByRole('option');
    expect(options.map((o) => [o.textContent, (o as HTMLOptionElement).disabled])).toEqual([
      ['Nigeria', false],
      ['Ghana (coming soon)', true],
      ['Kenya (coming soon)', true],
    ]);
  });

  it.each([
    [{ ...VALID, Email: '' }, 'Please fill in all fields', 'VALIDATION_ERROR'],
    [{ ...VALID, 'Confirm Password': 'different-one' }, 'Passwords do not match', 'VALIDATION_ERROR'],
    [
      { ...VALID, Password: 'short', 'Confirm Password': 'short' },
      'Password must be at least 8 characters long',
      'password',
    ],
    [{ ...VALID, Email: 'ada@nowhere' }, 'Please enter a valid email address', 'VALIDATION_ERROR'],
  ])('validates before sending (%#)', async (values, message, code) => {
    const { user, store } = renderDialog({ name: 'register' });
    await fill(user, values);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(selectErrorFor(store.getState(), 'register')).toMatchObject({ code, message });
    expect(http.requests).toHaveLength(0);
  });

  it('registers and moves on to verification for the entered e-mail', async () => {
    http.on('PUT /api/users/register', { status: 201, body: { data: { email: 'ada@example.ng' } } });
    const { user, store } = renderDialog({ name: 'register' });
    await fill(user, { ...VALID, Username: ' ada_l ', Email: ' ada@example.ng ' });
    expect(await screen.findByRole('dialog', { name: 'Verify your email' })).toHaveTextContent('ada@example.ng');
    expect(http.requests[0]?.body).toEqual({
      userName: 'ada_l',
      email: 'ada@example.ng',
      password: 'long-enough',
      country: 1,
    });
    expect(selectTopDialog(store.getState())).toEqual({
      name: 'verify',
      context: 'registration',
      email: 'ada@example.ng',
    });
  });

  it.each([
    ['EMAIL_IN_USE', 409, 'An account with this email already exists. Please use a different email or try logging in.'],
    ['USERNAME_IN_USE', 409, 'This username is already taken. Please choose a different username.'],
    ['RATE_LIMIT_EXCEEDED', 429, 'Registration failed. Please try again.'],
    ['VALIDATION_ERROR', 400, 'Registration failed. Please try again.'],
  ])('maps %s to its message', async (code, status, message) => {
    http.on('PUT /api/users/register', apiError(status, code));
    const { user, store } = renderDialog({ name: 'register' });
    await fill(user, VALID);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(selectErrorFor(store.getState(), 'register')).toMatchObject({ code, message });
  });

  it('switches to Login, closes on Escape and ignores clicks outside', async () => {
    const { user, store } = renderDialog({ name: 'register' });
    await user.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(store.getState().dialogs.stack).toEqual([{ name: 'login' }]);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    pressEscape(screen.getByLabelText('Username'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().dialogs.stack).toEqual([]);
  });
});
