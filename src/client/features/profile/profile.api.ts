/** The profile's endpoint (SPEC §7), injected into the one api slice. */
import type { ApiSuccess } from '@shared/contract/envelope';
import type { ProfileDto } from '@shared/contract/users';
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
  }),
});

export const { useMeQuery } = profileApi;
