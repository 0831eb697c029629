/**
 * The account flows behind the dialogs (docs/architecture.md#settled-details). Each sends its request,
 * waits at least the minimum busy time, then dispatches the outcome as events: a new session,
 * the next dialog, or the exact message of docs/product.md#error-catalogue for its context, recorded with its code.
 * Validation happens in the dialogs before a flow starts. Navigation stays with the caller.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { AuthSessionDto, CodeSentDto, RegisterRequest } from '@shared/contract/users';
import { RESEND_COOLDOWN_S } from '@shared/constants';
import { ErrorCode, emailFromNotVerified, type AppError } from '@shared/errors';
import { MSG, messageFor, type MessageContext } from '@shared/messages';
import { usersApi } from './users.api';
import { errorShown } from '../../lib/errors.slice';
import type { RootState } from '../../app/store';
import { asAppError } from '../../lib/errors';
import { sessionStarted, type SessionVia } from './auth.slice';
import { atLeast } from '../../lib/min-busy';
import { sessionFromDto } from './session';
import { dialogReplaced, dialogsCleared, type VerifyContext } from './dialogs.slice';

type FlowThunk<R> = ThunkAction<Promise<R>, RootState, unknown, UnknownAction>;
type Answer<T> = { data: T; error?: undefined } | { data?: undefined; error: unknown };

const NO_DATA: AppError = { status: 200, code: ErrorCode.NO_DATA, message: MSG.profileNoData };

/** The request's data, or its error as an AppError, after at least the minimum busy time. */
async function settle<T>(request: Promise<Answer<T>>): Promise<{ data: T } | { error: AppError }> {
  const answer = await atLeast(request);
  return answer.error === undefined ? { data: answer.data as T } : { error: asAppError(answer.error) };
}

function failed(source: string, context: MessageContext, error: AppError): UnknownAction {
  const message = messageFor(context, error.code, error.message);
  return errorShown({ source, code: error.code, message, ref: error.requestId });
}

/** When 'Resend code' may be used again: `resendAfterS` from now (stamped here, so replays are exact). */
function resendAtFrom(resendAfterS: number | undefined, now = Date.now()): number | undefined {
  return typeof resendAfterS === 'number' ? now + resendAfterS * 1000 : undefined;
}

/** The code step's fields from an answer (or error) that says whether a code was mailed. */
function codeStep(answer: Partial<CodeSentDto> | undefined): { codeSent?: boolean; resendAt?: number } {
  const step: { codeSent?: boolean; resendAt?: number } = {};
  if (typeof answer?.codeSent === 'boolean') step.codeSent = answer.codeSent;
  const resendAt = resendAtFrom(answer?.resendAfterS);
  if (resendAt !== undefined) step.resendAt = resendAt;
  return step;
}

function started(session: AuthSessionDto | undefined, via: SessionVia, email: string): UnknownAction | null {
  return session?.token ? sessionStarted({ session: sessionFromDto(session, email), via }) : null;
}

/**
 * Login: success stores the session (e-mail ''); ACCOUNT_NOT_VERIFIED moves on to verification,
 * saying whether the server mailed a fresh code and starting the resend countdown it gives.
 */
export function logIn(username: string, password: string): FlowThunk<boolean> {
  return async (dispatch) => {
    const body = { username: username.trim(), password };
    const result = await settle(dispatch(usersApi.endpoints.login.initiate(body, { track: false })));
    const success = 'data' in result ? started(result.data, 'login', '') : null;
    if (success) {
      dispatch(success);
      dispatch(dialogsCleared());
      return true;
    }
    const error = 'error' in result ? result.error : NO_DATA;
    const email = error.code === ErrorCode.ACCOUNT_NOT_VERIFIED ? emailFromNotVerified(error.message) : undefined;
    if (email) dispatch(dialogReplaced({ name: 'verify', context: 'login', email, ...codeStep(error) }));
    else dispatch(failed('login', 'login', error));
    return false;
  };
}

export function registerAccount(request: RegisterRequest): FlowThunk<boolean> {
  return async (dispatch) => {
    const result = await settle(dispatch(usersApi.endpoints.register.initiate(request, { track: false })));
    if ('error' in result) {
      dispatch(failed('register', 'register', result.error));
      return false;
    }
    const step = codeStep(result.data);
    dispatch(dialogReplaced({ name: 'verify', context: 'registration', email: request.email, ...step }));
    return true;
  };
}

/** Verification logs the person in (e-mail as entered), then Welcome. */
export function verifyEmail(email: string, otp: string, context: VerifyContext): FlowThunk<boolean> {
  return async (dispatch) => {
    const result = await settle(dispatch(usersApi.endpoints.verifyEmail.initiate({ email, otp }, { track: false })));
    const success = 'data' in result ? started(result.data, `verify-${context}`, email) : null;
    if (!success) {
      dispatch(failed('verify', `verify-${context}`, 'error' in result ? result.error : NO_DATA));
      return false;
    }
    dispatch(success);
    dispatch(dialogReplaced({ name: 'welcome' }));
    return true;
  };
}

/** When the countdown of a code that was just asked for ends (60 s unless the server says otherwise). */
function resendDeadline(answer: Partial<CodeSentDto> | undefined): number {
  return resendAtFrom(answer?.resendAfterS ?? RESEND_COOLDOWN_S) ?? Date.now();
}

/**
 * Resend: the moment the cooldown it starts ends (ms since the epoch), or null when it failed;
 * errors show in the verification dialog.
 */
export function resendCode(email: string, context: VerifyContext): FlowThunk<number | null> {
  return async (dispatch) => {
    const result = await settle(dispatch(usersApi.endpoints.resendOtp.initiate({ email }, { track: false })));
    if ('error' in result) {
      dispatch(failed('verify', `resend-${context}`, result.error));
      return null;
    }
    return resendDeadline(result.data);
  };
}

/**
 * Forgot password: a mailed code shows the 'Reset instructions sent' step for that e-mail; asked
 * again within the cooldown while a usable code is held (`codeSent: false`), Reset opens at once
 * for it. Both carry the resend countdown.
 */
export function requestPasswordReset(email: string): FlowThunk<boolean> {
  return async (dispatch) => {
    const result = await settle(dispatch(usersApi.endpoints.forgotPassword.initiate({ email }, { track: false })));
    if ('error' in result) {
      dispatch(failed('forgot', 'forgot', result.error));
      return false;
    }
    const step = codeStep(result.data);
    dispatch(dialogReplaced({ name: step.codeSent === false ? 'reset' : 'forgot', email, ...step }));
    return true;
  };
}

/** 'Resend code' in Reset: as forgot password, its errors shown in Reset; the countdown's end, or null. */
export function resendResetCode(email: string): FlowThunk<number | null> {
  return async (dispatch) => {
    const result = await settle(dispatch(usersApi.endpoints.forgotPassword.initiate({ email }, { track: false })));
    if ('error' in result) {
      dispatch(failed('reset', 'forgot', result.error));
      return null;
    }
    return resendDeadline(result.data);
  };
}

/** Reset: success logs the person in (e-mail as entered); the caller goes to /dashboard. */
export function resetPassword(email: string, otp: string, password: string): FlowThunk<boolean> {
  return async (dispatch) => {
    const body = { email, otp, password };
    const result = await settle(dispatch(usersApi.endpoints.resetPassword.initiate(body, { track: false })));
    const success = 'data' in result ? started(result.data, 'reset', email) : null;
    if (!success) {
      dispatch(failed('reset', 'reset', 'error' in result ? result.error : NO_DATA));
      return false;
    }
    dispatch(success);
    dispatch(dialogsCleared());
    return true;
  };
}
