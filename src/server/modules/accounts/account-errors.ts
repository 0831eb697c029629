/** The account errors of docs/architecture.md#http-api with their statuses and wire descriptions. */
import { ACCOUNT_NOT_VERIFIED_PREFIX, ErrorCode } from '@shared/errors';
import { ApiError, badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../../core/errors';

export const accountErrors = {
  emailInUse: () => conflict(ErrorCode.EMAIL_IN_USE, 'An account with this email already exists'),
  usernameInUse: () => conflict(ErrorCode.USERNAME_IN_USE, 'This username is already taken'),
  invalidVerificationCode: () =>
    badRequest(ErrorCode.INVALID_VERIFICATION_CODE, 'Invalid or expired verification code'),
  verificationCodeExpired: () =>
    badRequest(ErrorCode.VERIFICATION_CODE_EXPIRED, 'Verification code has expired. Please request a new one'),
  alreadyVerified: () => conflict(ErrorCode.ALREADY_VERIFIED, 'This account is already verified'),
  invalidEmail: () => badRequest(ErrorCode.INVALID_EMAIL, 'Invalid email address'),
  invalidCredentials: () => unauthorized(ErrorCode.INVALID_USERNAME_OR_PASSWORD, 'Invalid username or password'),
  /**
   * The description carries the e-mail; the client reads it from there.
   * `codeSent` says whether this login mailed a fresh code, `resendAfterS` when the next may be asked for.
   */
  notVerified: (email: string, codeSent: boolean, resendAfterS: number) =>
    new ApiError(
      403,
      ErrorCode.ACCOUNT_NOT_VERIFIED,
      `${ACCOUNT_NOT_VERIFIED_PREFIX}${email}`,
      'auth',
      undefined,
      undefined,
      { codeSent, resendAfterS },
    ),
  /** A wrong password where the person is already signed in (change password, delete account): 403, never 401. */
  wrongPassword: () => forbidden(ErrorCode.INVALID_USERNAME_OR_PASSWORD, 'The password is not correct'),
  invalidRefreshToken: () => unauthorized(ErrorCode.INVALID_REFRESH_TOKEN, 'Invalid or expired refresh token'),
  refreshTokenReused: () =>
    unauthorized(ErrorCode.REFRESH_TOKEN_REUSED, 'Refresh token was already used; all sessions of this login ended'),
  userNotFound: () => notFound(ErrorCode.USER_NOT_FOUND, 'No account found with this email address'),
  invalidOtp: () => badRequest(ErrorCode.INVALID_OTP, 'Invalid or expired verification code'),
  otpExpired: () => badRequest(ErrorCode.OTP_EXPIRED, 'Verification code has expired. Please request a new one'),
  otpAlreadyUsed: () => badRequest(ErrorCode.OTP_ALREADY_USED, 'This verification code has already been used'),
  codeCooldown: (retryAfterS: number) =>
    tooManyRequests(retryAfterS, 'A code was sent to this address recently. Please wait before asking again.'),
  loginLocked: (retryAfterS: number) =>
    tooManyRequests(retryAfterS, 'Too many failed logins. Please wait before trying again.'),
} satisfies Record<string, (...args: never[]) => ApiError>;
