/**
 * The users calls of ARCHITECTURE §3. Handlers stay thin: the services in src/server/accounts
 * hold the rules. Every answer here is `Cache-Control: no-store` (tokens, codes, profile).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { login } from './login.service';
import { forgotPassword, resetPassword } from './password-reset.service';
import { profile } from './profile.service';
import { register, resendVerification, verifyEmail } from './registration.service';
import { refreshSession } from './sessions.service';
import { ipLimit } from '../../core/http/rate-limit.plugin';
import * as s from '@shared/contract/users';

const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.accounts;
  const limit = (name: Parameters<typeof ipLimit>[1]) => ({ rateLimit: ipLimit(app.config, name) });
  const tags = ['users'];

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.put(
    '/register',
    { schema: { tags, body: s.RegisterBody, response: s.RegisterResponse }, config: limit('register') },
    async (request, reply) => reply.code(201).send({ data: await register(ctx, request.body) }),
  );

  app.post(
    '/verify-email',
    { schema: { tags, body: s.VerifyEmailBody, response: s.SessionResponse }, config: limit('verify') },
    async (request) => ({ data: await verifyEmail(ctx, request.body.email, request.body.otp) }),
  );

  app.post(
    '/resend-otp',
    { schema: { tags, body: s.EmailBody, response: s.EmptyResponse }, config: limit('resend') },
    async (request) => {
      await resendVerification(ctx, request.body.email);
      return { data: {} };
    },
  );

  app.post(
    '/login',
    { schema: { tags, body: s.LoginBody, response: s.SessionResponse }, config: limit('login') },
    async (request) => ({ data: await login(ctx, request.body.username, request.body.password) }),
  );

  app.post(
    '/refresh',
    { schema: { tags, body: s.RefreshBody, response: s.TokensResponse }, config: limit('refresh') },
    async (request) => ({ data: await refreshSession(ctx, request.body.refreshToken) }),
  );

  app.post(
    '/forgot-password',
    { schema: { tags, body: s.ForgotBody, response: s.EmptyResponse }, config: limit('forgot') },
    async (request) => {
      await forgotPassword(ctx, request.body.email);
      return { data: {} };
    },
  );

  app.post(
    '/reset-password',
    { schema: { tags, body: s.ResetBody, response: s.SessionResponse }, config: limit('reset') },
    async (request) => ({
      data: await resetPassword(ctx, request.body.email, request.body.otp, request.body.password),
    }),
  );

  app.get(
    '/me',
    { schema: { tags, security: [{ bearer: [] }], response: s.ProfileResponse }, preHandler: app.authenticate },
    async (request) => ({ data: await profile(ctx, request.user!.sub) }),
  );
};

export default usersRoutes;
