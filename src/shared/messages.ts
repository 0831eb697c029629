/**
 * Every user-facing message of docs/product.md#error-catalogue (with the full strings of docs/architecture.md#settled-details), once.
 * `messageFor(context, code)` maps a code to the exact text shown in that context.
 */
import { ErrorCode } from './errors';

export const MSG = {
  authExpired: 'Session expired. Please log in again.',
  noInternet: 'No internet connection. Please check your network and try again.',
  networkError: 'Network error. Please try again.',
  passwordTooShort: 'Password must be at least 8 characters long',
  /** A password on the common-passwords list (NIST SP 800-63B), client and server alike. */
  passwordTooCommon: 'This password is too common. Please choose another.',
  /** A password that contains the account's user name or the local part of its e-mail address. */
  passwordPersonal: 'This password contains your user name or email address. Please choose another.',
  tokenNotFound: 'Authentication token not found',
  akClaimMissing: 'Unable to extract ak claim from token',
  // Validation (docs/product.md#validation)
  loginRequired: 'Please enter both username and password',
  fillAllFields: 'Please fill in all fields',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidEmail: 'Please enter a valid email address',
  codeRequired: 'Please enter the 6-digit verification code',
  emailRequired: 'Please enter your email address',
  feedbackRequired: 'Please enter your feedback message.',
  // Profile
  profileErrorTitle: 'Error Loading Profile',
  profileNoData: 'No data received from server',
  profileUnexpected: 'An unexpected error occurred',
  profileEmptyTitle: 'No Profile Data',
  profileEmptyText: 'Unable to load your profile information.',
  invalidDate: 'Invalid date',
  // Dashboard and others
  summaryFailed: 'Failed to load summary data',
  oddsFailed: 'Failed to load odds data',
  previewFailed: 'Failed to load preview odds',
  previewUnavailable: 'Preview temporarily unavailable. Please try again later - Login to access all odds data!',
  previewEmptyTitle: 'Sample Match Preview',
  previewEmptyText: 'Sign up to see real-time odds from Nigerian bookmakers!',
  feedbackFailed: 'Failed to submit feedback. Please try again.',
  feedbackThanks: 'Thank you for your feedback! It helps us make OddsMate better.',
  feedbackLoggedOut: 'Please log in to submit feedback.',
  noMatches: 'No matches found for the selected league and market.',
  noOddsData: 'No odds data available for the selected combination.',
  resetSent: 'Reset instructions sent',
  renderError: 'Something went wrong!',
  // Profile self-service (docs/architecture.md#accounts)
  passwordRequired: 'Please enter your password',
  passwordChanged: 'Your password has been changed. Every other session has been logged out.',
  currentPasswordWrong: 'Your current password is not correct.',
  changePasswordFailed: 'Failed to change your password. Please try again.',
  deleteAccountFailed: 'Failed to delete your account. Please try again.',
  accountDeleted: 'Your account and the data stored about you have been deleted.',
  downloadFailed: 'Failed to download your data. Please try again.',
} as const;

export type MessageContext =
  | 'login'
  | 'register'
  | 'verify-registration'
  | 'verify-login'
  | 'resend-registration'
  | 'resend-login'
  | 'forgot'
  | 'reset'
  | 'change-password'
  | 'delete-account'
  | 'download-data'
  | 'feedback';

type Catalogue = Record<MessageContext, { other: string } & Partial<Record<string, string>>>;

const RESEND_COMMON = {
  [ErrorCode.RATE_LIMIT_EXCEEDED]: 'Too many requests. Please wait a moment before trying again.',
  [ErrorCode.INVALID_EMAIL]: 'Invalid email address. Please contact support.',
};

export const CATALOGUE: Catalogue = {
  login: {
    [ErrorCode.INVALID_USERNAME_OR_PASSWORD]:
      'Invalid username or password. Please check your credentials and try again.',
    other: 'Login failed. Please try again.',
  },
  register: {
    [ErrorCode.EMAIL_IN_USE]:
      'An account with this email already exists. Please use a different email or try logging in.',
    [ErrorCode.USERNAME_IN_USE]: 'This username is already taken. Please choose a different username.',
    other: 'Registration failed. Please try again.',
  },
  'verify-registration': {
    [ErrorCode.INVALID_VERIFICATION_CODE]: 'Invalid or expired verification code. Please try again.',
    [ErrorCode.VERIFICATION_CODE_EXPIRED]: 'Verification code has expired. Please request a new one.',
    other: 'Verification failed. Please try again.',
  },
  'verify-login': {
    [ErrorCode.INVALID_VERIFICATION_CODE]:
      'Invalid or expired verification code. Please check your email or request a new one.',
    [ErrorCode.VERIFICATION_CODE_EXPIRED]: 'Verification code has expired. Please request a new verification email.',
    other: 'Account verification failed. Please try again or contact support if the issue persists.',
  },
  'resend-registration': { ...RESEND_COMMON, other: 'Failed to resend verification code. Please try again.' },
  'resend-login': { ...RESEND_COMMON, other: 'Failed to resend verification email. Please try again.' },
  forgot: {
    [ErrorCode.USER_NOT_FOUND]: 'No account found with this email address.',
    [ErrorCode.RATE_LIMIT_EXCEEDED]: 'Too many requests. Please wait a few minutes before trying again.',
    other: 'Failed to send reset instructions. Please try again.',
  },
  reset: {
    [ErrorCode.INVALID_OTP]: 'Invalid or expired verification code. Please try again.',
    [ErrorCode.OTP_EXPIRED]: 'Verification code has expired. Please request a new one.',
    [ErrorCode.OTP_ALREADY_USED]: 'This verification code has already been used. Please request a new one.',
    other: 'Password reset failed. Please try again.',
  },
  'change-password': {
    [ErrorCode.INVALID_USERNAME_OR_PASSWORD]: MSG.currentPasswordWrong,
    [ErrorCode.RATE_LIMIT_EXCEEDED]: 'Too many requests. Please wait a few minutes before trying again.',
    other: MSG.changePasswordFailed,
  },
  'delete-account': {
    [ErrorCode.INVALID_USERNAME_OR_PASSWORD]: MSG.currentPasswordWrong,
    [ErrorCode.RATE_LIMIT_EXCEEDED]: 'Too many requests. Please wait a few minutes before trying again.',
    other: MSG.deleteAccountFailed,
  },
  'download-data': {
    [ErrorCode.RATE_LIMIT_EXCEEDED]: 'Too many requests. Please wait a few minutes before trying again.',
    other: MSG.downloadFailed,
  },
  feedback: { other: MSG.feedbackFailed },
};

/** Contexts where a network failure shows its own message (docs/product.md#error-catalogue). */
const NETWORK_MESSAGE_CONTEXTS: ReadonlySet<MessageContext> = new Set([
  'login',
  'change-password',
  'delete-account',
  'download-data',
]);

/**
 * The exact text for an error code in a context (docs/product.md#error-catalogue). Login and the profile's account actions
 * pass NETWORK_ERROR's own message through ("as above"); the server's refusal of a common password
 * (VALIDATION_ERROR 'This password is too common. Please choose another.', or 'This password contains your user
 * name or email address. Please choose another.') shows as it is, in every
 * context; every other unknown code gets the context's 'other' text.
 */
export function messageFor(context: MessageContext, code: string | undefined, ownMessage?: string): string {
  const entry = CATALOGUE[context];
  if (code && entry[code]) return entry[code];
  if (NETWORK_MESSAGE_CONTEXTS.has(context) && code === ErrorCode.NETWORK_ERROR && ownMessage) return ownMessage;
  if (
    code === ErrorCode.VALIDATION_ERROR &&
    (ownMessage === MSG.passwordTooCommon || ownMessage === MSG.passwordPersonal)
  ) {
    return ownMessage;
  }
  return entry.other;
}

/** UI labels and short texts the spec fixes. */
export const UI = {
  loading: 'Loading...',
  login: 'Login',
  register: 'Register',
  signUp: 'Sign up',
  logout: 'Logout',
  account: 'Account',
  home: 'Home',
  profile: 'Profile',
  help: 'Help',
  feedback: 'Feedback',
  getStarted: 'Get Started',
  getStartedFree: 'Get Started Free',
  back: 'Back',
  backToHome: 'Back to Home',
  refreshPage: 'Refresh Page',
  tryAgain: 'Try Again',
  submitFeedback: 'Submit Feedback',
  submitting: 'Submitting...',
  enterVerificationCode: 'Enter Verification Code',
  selectLeague: 'Select League',
  selectMarket: 'Select Market',
  soon: 'Soon',
  ov: 'Ov',
  /** Opened by tapping the 'Ov' column heading (docs/product.md#screens). */
  ovExplained:
    'Ov (overround) is the bookmaker’s margin on this market: how far the chances its prices imply add up past 100%. The lower it is, the more of the stakes the bookmaker pays back.',
  ovHelp: 'More in Help',
  /** The key of the three-letter bookmaker marks that phones show in the tables. */
  bookKey: 'Bookmakers:',
  resendIn: (seconds: number) => `Resend in ${seconds}s`,
  resendCode: 'Resend code',
  /** Verification opened by a login that mailed no new code (cooling down, or the mail failed). */
  verifyNoNewCode: (email: string) =>
    `Your account is not verified yet. We did not send a new code just now: enter the last code we sent to ${email}, or choose 'Resend code' to get a new one.`,
  /** Reset opened by a repeated request within the cooldown, while the person holds a usable code. */
  resetCodeAlreadySent: (email: string) =>
    `We already sent a code to ${email} a moment ago. Enter it with your new password, or choose 'Resend code' to get a new one when the countdown ends.`,
  changePassword: 'Change password',
  deleteAccount: 'Delete account',
  deleteAccountConfirm: 'Delete my account',
  downloadData: 'Download my data',
  cancel: 'Cancel',
  labels: {
    username: 'Username',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    country: 'Country',
    code: 'Verification Code',
    currentPassword: 'Current Password',
    newPassword: 'New Password',
    confirmNewPassword: 'Confirm New Password',
  },
  summary: { games: 'Games', bettingSites: 'Betting Sites', markets: 'Markets', odds: 'Odds' },
  /** The dashboard's freshness line (docs/product.md#screens): entries joined by `separator`. */
  freshness: {
    updated: (time: string) => `Updated ${time}`,
    noUpdate: (book: string, minutes: number) => `${book}: no update for ${minutes} min`,
    noUpdateYet: (book: string) => `${book}: no update yet`,
    separator: ' · ',
  },
} as const;

/** The login dialog's reason when a logged-out visitor opened a protected link (docs/product.md#states). */
export const RETURN_TO_MSG = {
  slip: 'Log in to open this slip',
  match: 'Log in to open this match',
  page: 'Log in to open this page',
} as const;
