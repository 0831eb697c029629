import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { selectSession } from '../../../src/client/lib/session';
import { mockApi, type MockApi } from '../support/mock-api';
import { serverUser, tokenExpiringIn } from './tokens';
import { apiError, path, pressEscape, renderDialog } from './harness';

let http: MockApi;
beforeEach(() => {
  http = mockApi();
});
afterEach(() => {
  http.restore();
  jest.useRealTimers();
});

const EMAIL = 'ada@example.ng';
const codeInput = () => screen.getByLabelText('Verification Code');
const verifyButton = () => screen.getByRole('button', { name: 'Verify' });

describe('Email verification dialog', () => {
  it('keeps digits only, at most 6, typing and paste alike, and enables Verify at 6', async () => {
    const { user } = renderDialog({ name: 'verify', context: 'registration', email: EMAIL });
    expect(codeInput()).not.toHaveAttribute('maxlength');
    expect(verifyButton()).toBeDisabled();
    await user.type(codeInput(), '12a-3 4');
    expect(codeInput()).toHaveValue('1234');
    expect(verifyButton()).toBeDisabled();
    await user.clear(codeInput());
    await user.click(codeInput());
    await user.paste(' 98-76 54 321');
    expect(codeInput()).toHaveValue('987654');
    expect(verifyButton()).toBeEnabled();
    await user.type(codeInput(), '0');
    expect(codeInput()).toHaveValue('987654');
  });

  it('shows the code message when submitted short (Enter on an incomplete code)', async () => {
    const { user, store } = renderDialog({ name: 'verify', context: 'registration', email: EMAIL });
    await user.type(codeInput(), '123');
    fireEvent.submit(codeInput().closest('form') as HTMLFormElement);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the 6-digit verification code');
    expect(selectErrorFor(store.getState(), 'verify')?.code).toBe('VALIDATION_ERROR');
  });

  it.each(['registration', 'login'] as const)(
    'verifies (%s): logs in with the entered e-mail, then Welcome → /dashboard',
    async (context) => {
      const token = tokenExpiringIn(900_000);
      http.on('POST /api/users/verify-email', { body: { data: { user: serverUser, token, refreshToken: 'r1' } } });
      const { user, store } = renderDialog({ name: 'verify', context, email: EMAIL });
      await user.type(codeInput(), '123456');
      await user.click(verifyButton());
      expect(await screen.findByRole('dialog', { name: 'Welcome to OddsMate!' })).toBeInTheDocument();
      expect(http.requests[0]?.body).toEqual({ email: EMAIL, otp: '123456' });
      expect(selectSession(store.getState())?.user).toMatchObject({ username: 'ada', email: EMAIL });
      await user.click(screen.getByRole('button', { name: 'Get Started' }));
      expect(path()).toBe('/dashboard');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it.each([
    ['registration', 'INVALID_VERIFICATION_CODE', 'Invalid or expired verification code. Please try again.'],
    ['registration', 'VERIFICATION_CODE_EXPIRED', 'Verification code has expired. Please request a new one.'],
    ['registration', 'ALREADY_VERIFIED', 'Verification failed. Please try again.'],
    [
      'login',
      'INVALID_VERIFICATION_CODE',
      'Invalid or expired verification code. Please check your email or request a new one.',
    ],
    ['login', 'VERIFICATION_CODE_EXPIRED', 'Verification code has expired. Please request a new verification email.'],
    [
      'login',
      'ALREADY_VERIFIED',
      'Account verification failed. Please try again or contact support if the issue persists.',
    ],
  ] as const)('verify (%s) maps %s', async (context, code, message) => {
    http.on('POST /api/users/verify-email', apiError(400, code));
    const { user, store } = renderDialog({ name: 'verify', context, email: EMAIL });
    await user.type(codeInput(), '123456');
    await user.click(verifyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(selectErrorFor(store.getState(), 'verify')).toMatchObject({ code, message });
  });

  it.each([
    ['registration', 'RATE_LIMIT_EXCEEDED', 'Too many requests. Please wait a moment before trying again.'],
    ['registration', 'INVALID_EMAIL', 'Invalid email address. Please contact support.'],
    ['registration', 'INTERNAL_ERROR', 'Failed to resend verification code. Please try again.'],
    ['login', 'RATE_LIMIT_EXCEEDED', 'Too many requests. Please wait a moment before trying again.'],
    ['login', 'INTERNAL_ERROR', 'Failed to resend verification email. Please try again.'],
  ] as const)('resend (%s) maps %s', async (context, code, message) => {
    http.on('POST /api/users/resend-otp', apiError(code === 'INTERNAL_ERROR' ? 500 : 429, code));
    const { user, store } = renderDialog({ name: 'verify', context, email: EMAIL });
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(selectErrorFor(store.getState(), 'verify')).toMatchObject({ code, message });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled());
  });

  it('counts down 60 s after a resend, the button disabled until it ends', async () => {
    jest.useFakeTimers();
    http.on('POST /api/users/resend-otp', { body: { data: {} } });
    const { store } = renderDialog({ name: 'verify', context: 'registration', email: EMAIL });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    void store;
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    await act(() => jest.advanceTimersByTimeAsync(300));
    expect(http.requests[0]?.body).toEqual({ email: EMAIL });
    expect(screen.getByRole('button', { name: 'Resend in 60s' })).toBeDisabled();
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: 'Resend in 59s' })).toBeDisabled();
    await act(() => jest.advanceTimersByTimeAsync(58_000));
    expect(screen.getByRole('button', { name: 'Resend in 1s' })).toBeDisabled();
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('goes Back to Register (registration) or Login (login), and closes on Escape', async () => {
    const registration = renderDialog({ name: 'verify', context: 'registration', email: EMAIL });
    await registration.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(registration.store.getState().dialogs.stack).toEqual([{ name: 'register' }]);
    registration.unmount();

    const login = renderDialog({ name: 'verify', context: 'login', email: EMAIL });
    expect(screen.getByRole('dialog')).toHaveTextContent('Your account is not verified yet.');
    await login.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(login.store.getState().dialogs.stack).toEqual([{ name: 'login' }]);
    await login.user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    pressEscape(screen.getByLabelText('Email'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
