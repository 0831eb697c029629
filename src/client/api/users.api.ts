/**
 * The users endpoints (SPEC §7, wire shapes of ARCHITECTURE §3), injected into the one api slice.
 * Account flows are mutations the auth thunks dispatch untracked (their answers carry tokens and
 * never belong in the cache); `me` is the profile query, tagged 'Profile'.
 */
import type { AppError } from '@shared/errors';
import type {
  ApiSuccess,
  AuthSessionDto,
  LoginRequest,
  ProfileDto,
  RegisterRequest,
  ResetPasswordRequest,
  TokenPairDto,
  VerifyEmailRequest,
} from '@shared/dto';
import { ErrorCode } from '@shared/errors';
import { MSG } from '@shared/messages';
import { api } from '../app/api';

type Envelope<T> = Partial<ApiSuccess<T>> | null | undefined;
const dataOf = <T>(response: Envelope<T>): T | undefined => response?.data;

function isProfile(value: unknown): value is ProfileDto {
  return typeof value === 'object' && value !== null && typeof (value as ProfileDto).username === 'string';
}

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<{ email?: string } | undefined, RegisterRequest>({
      query: (body) => ({ url: '/users/register', method: 'PUT', body }),
      transformResponse: dataOf<{ email?: string }>,
    }),
    login: build.mutation<AuthSessionDto | undefined, LoginRequest>({
      query: (body) => ({ url: '/users/login', method: 'POST', body }),
      transformResponse: dataOf<AuthSessionDto>,
    }),
    refresh: build.mutation<TokenPairDto | undefined, { refreshToken: string }>({
      query: (body) => ({ url: '/users/refresh', method: 'POST', body }),
      transformResponse: dataOf<TokenPairDto>,
    }),
    verifyEmail: build.mutation<AuthSessionDto | undefined, VerifyEmailRequest>({
      query: (body) => ({ url: '/users/verify-email', method: 'POST', body }),
      transformResponse: dataOf<AuthSessionDto>,
    }),
    resendOtp: build.mutation<void, { email: string }>({
      query: (body) => ({ url: '/users/resend-otp', method: 'POST', body }),
      transformResponse: () => undefined,
    }),
    forgotPassword: build.mutation<void, { email: string }>({
      query: (body) => ({ url: '/users/forgot-password', method: 'POST', body }),
      transformResponse: () => undefined,
    }),
    resetPassword: build.mutation<AuthSessionDto | undefined, ResetPasswordRequest>({
      query: (body) => ({ url: '/users/reset-password', method: 'POST', body }),
      transformResponse: dataOf<AuthSessionDto>,
    }),
    /**
     * GET /users/me. The argument is the session's user id: it is not sent, it keeps one
     * person's cached profile from ever showing to the next. A 2xx without `data` is an error
     * 'No data received from server'; `data` that is no profile is the empty state (null).
     */
    me: build.query<ProfileDto | null, string>({
      async queryFn(_userId, _api, _extra, baseQuery) {
        const result = await baseQuery('/users/me');
        if (result.error) return { error: result.error as AppError };
        const data = dataOf(result.data as Envelope<unknown>);
        if (data == null) {
          const status = result.meta?.response?.status ?? 200;
          return { error: { status, code: ErrorCode.NO_DATA, message: MSG.profileNoData } };
        }
        return { data: isProfile(data) ? data : null };
      },
      providesTags: ['Profile'],
    }),
    feedback: build.mutation<void, { message: string }>({
      query: (body) => ({ url: '/users/feedback', method: 'POST', body }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { useMeQuery, useFeedbackMutation } = usersApi;
