import { screen, waitFor } from '@testing-library/react';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { selectSession } from '../../../src/client/lib/session';
import { mockApi, type MockApi } from '../support/mock-api';
import { serverUser, tokenExpiringIn } from './tokens';
import { apiError, path, pressEscape, renderDialog } from './harness';

let http: MockApi;
beforeEach(() => {
  http = mockApi();
});
afterEach(() => http.restore());

const EMAIL = 'ada@example.ng';
const send = () => screen.getByRole('button', { name: 'Send Reset Instructions' });
const resetButton = () => screen.getByRole('button', { name: 'Reset Password' });

describe('Forgot password dialog', () => {
  it.each([
    ['', 'Please enter your email address'],
    ['ada@', 'Please enter a valid email address'],
  ])('validates %j', async (email, message) => {
    const { user, store } = renderDialog({ name: 'forgot' });
    if (email) await user.type(screen.getByLabelText('Email'), email);
    await user.click(send());
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(selectErrorFor(store.getState(), 'forgot')).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(http.requests).toHaveLength(0);
  });

  it.each([
    ['USER_NOT_FOUND', 404, 'No account found with this email address.'],
    ['RATE_LIMIT_EXCEEDED', 429, 'Too many requests. Please wait a few minutes before trying again.'],
    ['INTERNAL_ERROR', 500, 'Failed to send reset instructions. Please try again.'],
  ])('maps %s', async (code, status, message) => {
    http.on('POST /api/users/forgot-password', apiError(status, code));
    const { user, store } = renderDialog({ name: 'forgot' });
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(selectErrorFor(store.getState(), 'forgot')).toMatchObject({ code, message });
  });

  it('confirms, then Enter Verification Code opens Reset for that e-mail', async () => {
    http.on('POST /api/users/forgot-password', { body: { data: {} } });
    const { user, store } = renderDialog({ name: 'forgot' });
    await user.type(screen.getByLabelText('Email'), ` ${EMAIL} `);
    await user.click(send());
    expect(await screen.findByText('Reset instructions sent')).toBeInTheDocument();
    expect(http.requests[0]?.body).toEqual({ email: EMAIL });
    expect(screen.getByRole('dialog')).toHaveTextContent(EMAIL);
    await user.click(screen.getByRole('button', { name: 'Enter Verification Code' }));
    expect(screen.getByRole('dialog', { name: 'Reset password' })).toHaveTextContent(EMAIL);
    expect(store.getState().dialogs.stack).toEqual([{ name: 'reset', email: EMAIL }]);
  });
});

describe('Reset password dialog', () => {
  type User = ReturnType<typeof renderDialog>['user'];
  async function fill(user: User, code: string, password: string, confirm: string) {
    if (code) await user.type(screen.getByLabelText('Verification Code'), code);
    if (password) await user.type(screen.getByLabelText('Password'), password);
    if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
    await user.click(resetButton());
  }

  it.each([
    ['12345', 'new-password', 'new-password', 'Please enter the 6-digit verification code', 'VALIDATION_ERROR'],
    ['123456', '', 'new-password', 'Please fill in all fields', 'VALIDATION_ERROR'],
    ['123456', 'new-password', 'other-password', 'Passwords do not match', 'VALIDATION_ERROR'],
    ['123456', 'short', 'short', 'Password must be at least 8 characters long', 'password'],
  ])('validates (%#)', async (code, password, confirm, message, errorCode) => {
    const { user, store } = renderDialog({ name: 'reset', email: EMAIL });
    await fill(user, code, password, confirm);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(selectErrorFor(store.getState(), 'reset')).toMatchObject({ code: errorCode, message });
    expect(http.requests).toHaveLength(0);
  });

  it.each([
    ['INVALID_OTP', 'Invalid or expired verification code. Please try again.'],
    ['OTP_EXPIRED', 'Verification code has expired. Please request a new one.'],
    ['OTP_ALREADY_USED', 'This verification code has already been used. Please request a new one.'],
    ['VALIDATION_ERROR', 'Password reset failed. Please try again.'],
  ])('maps %s', async (code, message) => {
    http.on('POST /api/users/reset-password', apiError(400, code));
    const { user, store } = renderDialog({ name: 'reset', email: EMAIL });
    await fill(user, '123456', 'new-password', 'new-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(selectErrorFor(store.getState(), 'reset')).toMatchObject({ code, message });
  });

  it('resets, logs the person in with the entered e-mail and goes to /dashboard', async () => {
    const token = tokenExpiringIn(900_000);
    http.on('POST /api/users/reset-password', { body: { data: { user: serverUser, token, refreshToken: 'r9' } } });
    const { user, store } = renderDialog({ name: 'reset', email: EMAIL });
    await user.type(screen.getByLabelText('Verification Code'), '12 34 56');
    await user.type(screen.getByLabelText('Password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-password');
    await user.click(resetButton());
    expect(screen.getByLabelText('Password')).toBeDisabled();
    await waitFor(() => expect(path()).toBe('/dashboard'));
    expect(http.requests[0]?.body).toEqual({ email: EMAIL, otp: '123456', password: 'new-password' });
    expect(selectSession(store.getState())).toMatchObject({ token, refreshToken: 'r9', user: { email: EMAIL } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape', () => {
    renderDialog({ name: 'reset', email: EMAIL });
    pressEscape(screen.getByLabelText('Password'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
