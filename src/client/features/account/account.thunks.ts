/**
 * The account flows behind the dialogs (SPEC §4, §8; ARCHITECTURE §8). Each sends its request,
 * waits at least the minimum busy time, then dispatches the outcome as events: a new session,
 * the next dialog, or the exact message of SPEC §8 for its context, recorded with its code.
 * Validation happens in the dialogs before a flow starts. Navigation stays with the caller.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { AuthSessionDto, RegisterRequest } from '@shared/contract/users';
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
  return errorShown({ source, code: error.code, message: messageFor(context, error.code, error.message) });
}

function started(session: AuthSessionDto | undefined, via: SessionVia, email: string): UnknownAction | null {
  return session?.token ? sessionStarted({ session: sessionFromDto(session, email), via }) : null;
}

/** Login: success stores the session (e-mail ''); ACCOUNT_NOT_VERIFIED moves on to verification. */
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
    if (email) dispatch(dialogReplaced({ name: 'verify', context: 'login', email }));
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
    dispatch(dialogReplaced({ name: 'verify', context: 'registration', email: request.email }));
    return true;
  };
}

/** Verification logs the person in (e-mail as entered), then Welcome (SPEC §4). */
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

/** Resend: true when the cooldown should start; errors show in the verification dialog. */
export function resendCode(email: string, context: VerifyContext): FlowThunk<boolean> {
  return async (dispatch) => {
    const result = await settle(dispatch(usersApi.endpoints.resendOtp.initiate({ email }, { track: false })));
    if ('error' in result) dispatch(failed('verify', `resend-${context}`, result.error));
    return !('error' in result);
  };
}

/** Forgot password: success shows the 'Reset instructions sent' step for that e-mail. */
export function requestPasswordReset(email: string): FlowThunk<boolean> {
  return async (dispatch) => {
    const result = await settle(dispatch(usersApi.endpoints.forgotPassword.initiate({ email }, { track: false })));
    if ('error' in result) {
      dispatch(failed('forgot', 'forgot', result.error));
      return false;
    }
    dispatch(dialogReplaced({ name: 'forgot', email }));
    return true;
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
