import { emailFromNotVerified, httpErrorMessage, parseErrorBody } from '@shared/errors';
import { MSG, UI, messageFor } from '@shared/messages';
import {
  sanitizeCode,
  validateCode,
  validateFeedback,
  validateForgot,
  validateLogin,
  validateRegister,
  validateReset,
} from '@shared/validation';

describe('error parsing (docs/product.md#error-catalogue)', () => {
  it('reads the nested envelope', () => {
    expect(parseErrorBody({ error: { code: 'EMAIL_IN_USE', description: 'taken', type: 'conflict' } })).toEqual({
      code: 'EMAIL_IN_USE',
      message: 'taken',
      type: 'conflict',
    });
  });
  it('reads the flat shape and a JSON string', () => {
    expect(parseErrorBody({ code: 'X', description: 'y' })).toEqual({ code: 'X', message: 'y', type: undefined });
    expect(parseErrorBody('{"error":{"code":"Z","description":"w"}}')?.code).toBe('Z');
  });
  it('gives up on bodies it cannot read', () => {
    expect(parseErrorBody('<html>')).toBeNull();
    expect(parseErrorBody(null)).toBeNull();
    expect(parseErrorBody({ foo: 1 })).toBeNull();
    expect(httpErrorMessage(502)).toBe('HTTP error! status: 502');
  });
  it('extracts the e-mail of ACCOUNT_NOT_VERIFIED', () => {
    expect(emailFromNotVerified('Account not verified: ada@example.ng')).toBe('ada@example.ng');
    expect(emailFromNotVerified('nope')).toBeUndefined();
  });
});

describe('messages by context (docs/product.md#error-catalogue, docs/architecture.md#settled-details)', () => {
  it('maps login codes, passing NETWORK_ERROR through', () => {
    expect(messageFor('login', 'INVALID_USERNAME_OR_PASSWORD')).toBe(
      'Invalid username or password. Please check your credentials and try again.',
    );
    expect(messageFor('login', 'NETWORK_ERROR', MSG.noInternet)).toBe(
      'No internet connection. Please check your network and try again.',
    );
    expect(messageFor('login', 'RATE_LIMIT_EXCEEDED')).toBe('Login failed. Please try again.');
  });
  it('maps register codes', () => {
    expect(messageFor('register', 'EMAIL_IN_USE')).toBe(
      'An account with this email already exists. Please use a different email or try logging in.',
    );
    expect(messageFor('register', 'USERNAME_IN_USE')).toBe(
      'This username is already taken. Please choose a different username.',
    );
    expect(messageFor('register', 'VALIDATION_ERROR')).toBe('Registration failed. Please try again.');
  });
  it('distinguishes verification contexts', () => {
    expect(messageFor('verify-registration', 'INVALID_VERIFICATION_CODE')).toBe(
      'Invalid or expired verification code. Please try again.',
    );
    expect(messageFor('verify-login', 'INVALID_VERIFICATION_CODE')).toBe(
      'Invalid or expired verification code. Please check your email or request a new one.',
    );
    expect(messageFor('verify-registration', 'VERIFICATION_CODE_EXPIRED')).toBe(
      'Verification code has expired. Please request a new one.',
    );
    expect(messageFor('verify-login', 'VERIFICATION_CODE_EXPIRED')).toBe(
      'Verification code has expired. Please request a new verification email.',
    );
    expect(messageFor('verify-registration', undefined)).toBe('Verification failed. Please try again.');
    expect(messageFor('verify-login', 'X')).toBe(
      'Account verification failed. Please try again or contact support if the issue persists.',
    );
  });
  it('maps resend, forgot and reset', () => {
    expect(messageFor('resend-registration', 'RATE_LIMIT_EXCEEDED')).toBe(
      'Too many requests. Please wait a moment before trying again.',
    );
    expect(messageFor('resend-login', 'INVALID_EMAIL')).toBe('Invalid email address. Please contact support.');
    expect(messageFor('resend-registration', 'X')).toBe('Failed to resend verification code. Please try again.');
    expect(messageFor('resend-login', 'X')).toBe('Failed to resend verification email. Please try again.');
    expect(messageFor('forgot', 'USER_NOT_FOUND')).toBe('No account found with this email address.');
    expect(messageFor('forgot', 'RATE_LIMIT_EXCEEDED')).toBe(
      'Too many requests. Please wait a few minutes before trying again.',
    );
    expect(messageFor('forgot', 'X')).toBe('Failed to send reset instructions. Please try again.');
    expect(messageFor('reset', 'INVALID_OTP')).toBe('Invalid or expired verification code. Please try again.');
    expect(messageFor('reset', 'OTP_EXPIRED')).toBe('Verification code has expired. Please request a new one.');
    expect(messageFor('reset', 'OTP_ALREADY_USED')).toBe(
      'This verification code has already been used. Please request a new one.',
    );
    expect(messageFor('reset', 'X')).toBe('Password reset failed. Please try again.');
    expect(messageFor('feedback', 'X')).toBe('Failed to submit feedback. Please try again.');
  });
  it('has the fixed strings of the spec', () => {
    expect(MSG.authExpired).toBe('Session expired. Please log in again.');
    expect(MSG.networkError).toBe('Network error. Please try again.');
    expect(MSG.previewUnavailable).toBe(
      'Preview temporarily unavailable. Please try again later - Login to access all odds data!',
    );
    expect(MSG.feedbackThanks).toBe('Thank you for your feedback! It helps us make OddsMate better.');
    expect(UI.resendIn(42)).toBe('Resend in 42s');
  });
});

describe('validation (docs/product.md#validation)', () => {
  it('login needs both fields after trimming', () => {
    expect(validateLogin('  ', 'secret')).toBe('Please enter both username and password');
    expect(validateLogin('ada', '   ')).toBe('Please enter both username and password');
    expect(validateLogin(' ada ', 'secret')).toBeNull();
  });
  it('register checks fields, match, length and e-mail', () => {
    const ok = {
      username: 'ada',
      email: 'ada@example.ng',
      password: 'longenough',
      confirmPassword: 'longenough',
      country: 1,
    };
    expect(validateRegister(ok)).toBeNull();
    expect(validateRegister({ ...ok, username: ' ' })).toBe('Please fill in all fields');
    expect(validateRegister({ ...ok, confirmPassword: 'different1' })).toBe('Passwords do not match');
    expect(validateRegister({ ...ok, password: 'short', confirmPassword: 'short' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(validateRegister({ ...ok, email: 'ada@example' })).toBe('Please enter a valid email address');
  });
  it('codes keep digits only, at most 6', () => {
    expect(sanitizeCode('12a3-45 678')).toBe('123456');
    expect(sanitizeCode('abc')).toBe('');
    expect(validateCode('12345')).toBe('Please enter the 6-digit verification code');
    expect(validateCode('123456')).toBeNull();
  });
  it('forgot and reset', () => {
    expect(validateForgot('')).toBe('Please enter your email address');
    expect(validateForgot('nope')).toBe('Please enter a valid email address');
    expect(validateForgot('a@b.ng')).toBeNull();
    expect(validateReset('123', 'longenough', 'longenough')).toBe('Please enter the 6-digit verification code');
    expect(validateReset('123456', '', 'x')).toBe('Please fill in all fields');
    expect(validateReset('123456', 'longenough', 'longenougH')).toBe('Passwords do not match');
    expect(validateReset('123456', 'short', 'short')).toBe('Password must be at least 8 characters long');
    expect(validateReset('123456', 'longenough', 'longenough')).toBeNull();
  });
  it('feedback is non-empty after trimming and at most 2000', () => {
    expect(validateFeedback('   ')).toBe('Please enter your feedback message.');
    expect(validateFeedback(' good ')).toBeNull();
    expect(validateFeedback('x'.repeat(2001))).not.toBeNull();
    expect(validateFeedback('x'.repeat(2000))).toBeNull();
  });
});
