/**
 * The code steps and the common-password rule in the dialogs (docs/product.md#states, #validation): the resend countdown starts when a code step opens after a
 * code was sent (registration, unverified login, reset), "We sent…" only when one was, a resend
 * empties the code input, Reset has 'Resend code' and 'Back', a repeated reset request within the
 * cooldown opens the code step, and the common-password rule (the client's list, else the server's).
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCommonPasswords } from '../../../src/client/lib/common-passwords';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { mockApi, type MockApi } from '../support/mock-api';
import { apiError, renderDialog } from './harness';

let http: MockApi;
beforeEach(() => {
  http = mockApi();
});
afterEach(() => {
  http.restore();
  jest.useRealTimers();
});

const EMAIL = 'ada@example.ng';
const TOO_COMMON = 'This password is too common. Please choose another.';
const resendButton = () => screen.getByRole('button', { name: /^(Resend code|Resend in \d+s)$/ });

function fakeClock() {
  jest.useFakeTimers();
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

describe('the verification step opened after a code was sent', () => {
  it('registration: the 60 s countdown runs from the moment it opens', async () => {
    const user = fakeClock();
    http.on('PUT /api/users/register', {
      status: 201,
      body: { data: { email: EMAIL, codeSent: true, resendAfterS: 60 } },
    });
    renderDialog({ name: 'register' });
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.type(screen.getByLabelText('Password'), 'kettle-on-the-hob');
    await user.type(screen.getByLabelText('Confirm Password'), 'kettle-on-the-hob');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await act(() => jest.advanceTimersByTimeAsync(300));
    expect(await screen.findByRole('dialog', { name: 'Verify your email' })).toHaveTextContent(
      `We sent a 6-digit verification code to ${EMAIL}`,
    );
    expect(resendButton()).toHaveTextContent('Resend in 60s');
    expect(resendButton()).toBeDisabled();
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(resendButton()).toHaveTextContent('Resend code');
    expect(resendButton()).toBeEnabled();
  });

  it.each([
    [true, 60, 'We sent a 6-digit verification code', 'Resend in 60s'],
    [
      false,
      0,
      "We did not send a new code just now: enter the last code we sent to ada@example.ng, or choose 'Resend code' to get a new one.",
      'Resend code',
    ],
  ])('unverified login with codeSent %s', async (codeSent, resendAfterS, text, button) => {
    http.on('POST /api/users/login', {
      status: 403,
      body: {
        error: {
          code: 'ACCOUNT_NOT_VERIFIED',
          description: `Account not verified: ${EMAIL}`,
          type: 'auth',
          codeSent,
          resendAfterS,
        },
      },
    });
    const { user } = renderDialog({ name: 'login' });
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'kettle-on-the-hob');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const verify = await screen.findByRole('dialog', { name: 'Verify your email' });
    expect(verify).toHaveTextContent('Your account is not verified yet.');
    expect(verify).toHaveTextContent(text);
    expect(resendButton()).toHaveTextContent(button);
    if (!codeSent) expect(verify).not.toHaveTextContent('We sent a 6-digit');
  });

  it('a resend empties a wrong code, says a code was sent and restarts the countdown', async () => {
    http.on('POST /api/users/verify-email', apiError(400, 'INVALID_VERIFICATION_CODE'));
    http.on('POST /api/users/resend-otp', { body: { data: { codeSent: true, resendAfterS: 60 } } });
    const { user } = renderDialog({ name: 'verify', context: 'login', email: EMAIL, codeSent: false });
    await user.type(screen.getByLabelText('Verification Code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('alert');
    await user.click(resendButton());
    expect(await screen.findByRole('button', { name: 'Resend in 60s' })).toBeDisabled();
    expect(screen.getByLabelText('Verification Code')).toHaveValue('');
    expect(screen.getByRole('dialog')).toHaveTextContent('We sent a 6-digit verification code');
  });
});

describe('Reset password: Resend code, Back, and the repeated request', () => {
  it('Reset instructions sent → Enter Verification Code carries the running countdown', async () => {
    http.on('POST /api/users/forgot-password', { body: { data: { codeSent: true, resendAfterS: 60 } } });
    const { user, store } = renderDialog({ name: 'forgot' });
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));
    await user.click(await screen.findByRole('button', { name: 'Enter Verification Code' }));
    expect(store.getState().dialogs.stack).toEqual([{ name: 'reset', email: EMAIL, resendAt: expect.any(Number) }]);
    expect(resendButton()).toHaveTextContent(/^Resend in (60|59)s$/);
    expect(resendButton()).toBeDisabled();
  });

  it('asked again within the cooldown (codeSent false), Reset opens at once for the code already held', async () => {
    http.on('POST /api/users/forgot-password', { body: { data: { codeSent: false, resendAfterS: 42 } } });
    const { user, store } = renderDialog({ name: 'forgot' });
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset password' });
    expect(reset).toHaveTextContent(`We already sent a code to ${EMAIL} a moment ago.`);
    expect(resendButton()).toHaveTextContent(/^Resend in (42|41)s$/);
    expect(selectErrorFor(store.getState(), 'forgot')).toBeUndefined();
  });

  it('Resend code asks for a new code, empties the code input and starts the countdown; Back returns to the e-mail form', async () => {
    http.on('POST /api/users/forgot-password', { body: { data: { codeSent: true, resendAfterS: 60 } } });
    const { user, store } = renderDialog({ name: 'reset', email: EMAIL });
    await user.type(screen.getByLabelText('Verification Code'), '123456');
    await user.click(resendButton());
    expect(await screen.findByRole('button', { name: 'Resend in 60s' })).toBeDisabled();
    expect(http.requests[0]?.body).toEqual({ email: EMAIL });
    expect(screen.getByLabelText('Verification Code')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(store.getState().dialogs.stack).toEqual([{ name: 'forgot' }]);
    expect(screen.getByRole('button', { name: 'Send Reset Instructions' })).toBeInTheDocument();
  });

  it('a failed resend shows the forgot-password wording in Reset', async () => {
    http.on('POST /api/users/forgot-password', apiError(429, 'RATE_LIMIT_EXCEEDED'));
    const { user, store } = renderDialog({ name: 'reset', email: EMAIL });
    await user.click(resendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a few minutes before trying again.',
    );
    expect(selectErrorFor(store.getState(), 'reset')?.code).toBe('RATE_LIMIT_EXCEEDED');
  });
});

describe('the common-password rule', () => {
  beforeAll(() => loadCommonPasswords());

  it.each([['register'], ['reset']] as const)(
    '%s refuses a listed password without asking the server',
    async (name) => {
      const { user, store } = renderDialog(name === 'reset' ? { name, email: EMAIL } : { name });
      if (name === 'register') {
        await user.type(screen.getByLabelText('Username'), 'ada');
        await user.type(screen.getByLabelText('Email'), EMAIL);
      } else {
        await user.type(screen.getByLabelText('Verification Code'), '123456');
      }
      await user.type(screen.getByLabelText('Password'), 'Football');
      await user.type(screen.getByLabelText('Confirm Password'), 'Football');
      await user.click(screen.getByRole('button', { name: name === 'register' ? 'Register' : 'Reset Password' }));
      expect(screen.getByRole('alert')).toHaveTextContent(TOO_COMMON);
      expect(selectErrorFor(store.getState(), name)).toMatchObject({ code: 'VALIDATION_ERROR', message: TOO_COMMON });
      expect(http.requests).toHaveLength(0);
    },
  );

  it("shows the server's refusal of a common password the client's list does not hold", async () => {
    http.on('PUT /api/users/register', apiError(400, 'VALIDATION_ERROR', TOO_COMMON));
    const { user } = renderDialog({ name: 'register' });
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.type(screen.getByLabelText('Password'), 'zq-not-listed-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'zq-not-listed-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_COMMON);
  });
});
