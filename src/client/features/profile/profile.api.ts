/**
 * The profile's endpoints, injected into the one api slice: the profile,
 * and the self-service calls (change password, delete account), which the profile thunks dispatch
 * untracked. The data export is read by `downloadMyData` straight through the baseQuery, so the
 * person's data never sits in the store or the action log.
 */
import type { ApiSuccess } from '@shared/contract/envelope';
import type { ProfileDto } from '@shared/contract/users';

interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}
import { ErrorCode, type AppError } from '@shared/errors';
import { MSG } from '@shared/messages';
import { api } from '../../lib/api';

function isProfile(value: unknown): value is ProfileDto {
  return typeof value === 'object' && value !== null && typeof (value as ProfileDto).username === 'string';
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /users/me. The argument is the session's user id: it is not sent, it keeps one
     * person's cached profile from ever showing to the next. A 2xx without `data` is an error
     * 'No data received from server'; `data` that is no profile is the empty state (null).
     */
    me: build.query<ProfileDto | null, string>({
      async queryFn(_userId, _api, _extra, baseQuery) {
        const result = await baseQuery('/users/me');
        if (result.error) return { error: result.error as AppError };
        const data = (result.data as Partial<ApiSuccess<unknown>> | null | undefined)?.data;
        if (data == null) {
          const status = result.meta?.response?.status ?? 200;
          return { error: { status, code: ErrorCode.NO_DATA, message: MSG.profileNoData } };
        }
        return { data: isProfile(data) ? data : null };
      },
    }),
    /** POST /users/me/password → 204; every other login of the person ends, this one goes on. */
    changePassword: build.mutation<void, ChangePasswordRequest>({
      query: (body) => ({ url: '/users/me/password', method: 'POST', body }),
      transformResponse: () => undefined,
    }),
    /** DELETE /users/me → 204; the account, its codes and tokens are gone. */
    deleteAccount: build.mutation<void, { password: string }>({
      query: (body) => ({ url: '/users/me', method: 'DELETE', body }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { useMeQuery } = profileApi;
