/**
 * The account flows' endpoints, injected into the one
 * api slice. They are mutations the account thunks dispatch untracked (their answers carry tokens
 * and never belong in the cache). POST /users/refresh is the baseQuery's own (`lib/base-query.ts`).
 */
import type { ApiSuccess } from '@shared/contract/envelope';
import type {
  AuthSessionDto,
  CodeSentDto,
  LoginRequest,
  RegisteredDto,
  RegisterRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
} from '@shared/contract/users';
import { api } from '../../lib/api';

type Envelope<T> = Partial<ApiSuccess<T>> | null | undefined;
const dataOf = <T>(response: Envelope<T>): T | undefined => response?.data;

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<Partial<RegisteredDto> | undefined, RegisterRequest>({
      query: (body) => ({ url: '/users/register', method: 'PUT', body }),
      transformResponse: dataOf<Partial<RegisteredDto>>,
    }),
    login: build.mutation<AuthSessionDto | undefined, LoginRequest>({
      query: (body) => ({ url: '/users/login', method: 'POST', body }),
      transformResponse: dataOf<AuthSessionDto>,
    }),
    verifyEmail: build.mutation<AuthSessionDto | undefined, VerifyEmailRequest>({
      query: (body) => ({ url: '/users/verify-email', method: 'POST', body }),
      transformResponse: dataOf<AuthSessionDto>,
    }),
    resendOtp: build.mutation<Partial<CodeSentDto> | undefined, { email: string }>({
      query: (body) => ({ url: '/users/resend-otp', method: 'POST', body }),
      transformResponse: dataOf<Partial<CodeSentDto>>,
    }),
    forgotPassword: build.mutation<Partial<CodeSentDto> | undefined, { email: string }>({
      query: (body) => ({ url: '/users/forgot-password', method: 'POST', body }),
      transformResponse: dataOf<Partial<CodeSentDto>>,
    }),
    resetPassword: build.mutation<AuthSessionDto | undefined, ResetPasswordRequest>({
      query: (body) => ({ url: '/users/reset-password', method: 'POST', body }),
      transformResponse: dataOf<AuthSessionDto>,
    }),
    /**
     * POST /users/logout with the login's own bearer and refresh token (the session is already
     * cleared in the store when it is sent, so the caller passes both; 204 → nothing to read).
     */
    logout: build.mutation<void, { token: string; refreshToken: string }>({
      query: ({ token, refreshToken }) => ({
        url: '/users/logout',
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: { refreshToken },
      }),
      transformResponse: () => undefined,
    }),
  }),
});
