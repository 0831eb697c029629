/**
 * The profile's self-service: change password, delete the
 * account, download my data. Each waits at least the minimum busy time and records a failure it
 * shows with its code (sources 'change-password', 'delete-account', 'download-data'). Validation
 * happens in the forms first; navigation stays with the caller.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { thunkQueryApi } from '../../lib/thunk-query-api';
import type { ApiSuccess } from '@shared/contract/envelope';
import { ErrorCode, type AppError } from '@shared/errors';
import { MSG, messageFor, type MessageContext } from '@shared/messages';
import type { RootState } from '../../app/store';
import { baseQueryWithReauth } from '../../lib/base-query';
import { asAppError } from '../../lib/errors';
import { errorShown } from '../../lib/errors.slice';
import { atLeast } from '../../lib/min-busy';
import { saveFile } from '../../lib/save-file';
import { profileApi } from './profile.api';

type ProfileThunk<R> = ThunkAction<Promise<R>, RootState, unknown, UnknownAction>;
type Answer = { data?: unknown; error?: unknown };

const NO_DATA: AppError = { status: 200, code: ErrorCode.NO_DATA, message: MSG.profileNoData };

/** The request's error as an AppError (or null), after at least the minimum busy time. */
async function settle(request: Promise<Answer>): Promise<AppError | null> {
  const answer = await atLeast(request);
  return answer.error === undefined ? null : asAppError(answer.error);
}

function failed(context: MessageContext, error: AppError): UnknownAction {
  const message = messageFor(context, error.code, error.message);
  return errorShown({ source: context, code: error.code, message, ref: error.requestId });
}

export function changePassword(currentPassword: string, newPassword: string): ProfileThunk<boolean> {
  return async (dispatch) => {
    const body = { currentPassword, newPassword };
    const error = await settle(dispatch(profileApi.endpoints.changePassword.initiate(body, { track: false })));
    if (error) dispatch(failed('change-password', error));
    return error === null;
  };
}

/** True once the server deleted the account; the caller ends the session (`accountDeleted`) and leaves. */
export function deleteAccount(password: string): ProfileThunk<boolean> {
  return async (dispatch) => {
    const error = await settle(dispatch(profileApi.endpoints.deleteAccount.initiate({ password }, { track: false })));
    if (error) dispatch(failed('delete-account', error));
    return error === null;
  };
}

const EXPORT_FILE = /filename="([^"]+)"/;

/**
 * GET /users/me/export with the bearer (refreshed on 401 like every call), saved as the JSON file
 * the server names (`oddsmate-my-data-YYYY-MM-DD.json`). The answer goes straight to the file: it
 * never enters the store, so no action or log carries it.
 */
export function downloadMyData(save: typeof saveFile = saveFile): ProfileThunk<boolean> {
  return async (dispatch, getState) => {
    const api = thunkQueryApi(dispatch, getState, 'exportMyData', 'query');
    const result = await atLeast(Promise.resolve(baseQueryWithReauth('/users/me/export', api, {})));
    const data = (result.data as Partial<ApiSuccess<unknown>> | null | undefined)?.data;
    if (result.error || data == null) {
      dispatch(failed('download-data', result.error ?? NO_DATA));
      return false;
    }
    const disposition = result.meta?.response?.headers.get('content-disposition') ?? '';
    const name = EXPORT_FILE.exec(disposition)?.[1] ?? 'oddsmate-my-data.json';
    save(name, `${JSON.stringify(data, null, 2)}\n`);
    return true;
  };
}
