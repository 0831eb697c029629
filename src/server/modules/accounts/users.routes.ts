/**
 * The users calls. Handlers stay thin: the services in src/server/accounts
 * hold the rules. Every answer here is `Cache-Control: no-store` (tokens, codes, profile).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { login } from './login.service';
import { myBooks, setMyBooks } from './my-books.service';
import { forgotPassword, resetPassword } from './password-reset.service';
import { changePassword, deleteAccount, exportPersonalData, profile } from './profile.service';
import { register, resendVerification, verifyEmail } from './registration.service';
import { logout, refreshSession } from './sessions.service';
import { ipLimit } from '../../core/http/rate-limit.plugin';
import * as s from '@shared/contract/users';
import { MyBooksBody, MyBooksResponse } from '@shared/contract/my-books';

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
    { schema: { tags, body: s.EmailBody, response: s.CodeSentResponse }, config: limit('resend') },
    async (request) => ({ data: await resendVerification(ctx, request.body.email) }),
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
    { schema: { tags, body: s.ForgotBody, response: s.CodeSentResponse }, config: limit('forgot') },
    async (request) => ({ data: await forgotPassword(ctx, request.body.email) }),
  );

  app.post(
    '/reset-password',
    { schema: { tags, body: s.ResetBody, response: s.SessionResponse }, config: limit('reset') },
    async (request) => ({
      data: await resetPassword(ctx, request.body.email, request.body.otp, request.body.password),
    }),
  );

  const bearer = [{ bearer: [] }];

  app.post(
    '/logout',
    {
      schema: { tags, security: bearer, body: s.LogoutBody, response: s.NoContentResponse },
      preHandler: app.authenticate,
      config: limit('logout'),
    },
    async (request, reply) => {
      await logout(ctx, request.user!, request.body.refreshToken);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/me',
    { schema: { tags, security: bearer, response: s.ProfileResponse }, preHandler: app.authenticate },
    async (request) => ({ data: await profile(ctx, request.user!.sub) }),
  );

  app.post(
    '/me/password',
    {
      schema: { tags, security: bearer, body: s.ChangePasswordBody, response: s.NoContentResponse },
      preHandler: app.authenticate,
      config: limit('account'),
    },
    async (request, reply) => {
      await changePassword(ctx, request.user!, request.body.currentPassword, request.body.newPassword);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/me',
    {
      schema: { tags, security: bearer, body: s.DeleteAccountBody, response: s.NoContentResponse },
      preHandler: app.authenticate,
      config: limit('account'),
    },
    async (request, reply) => {
      await deleteAccount(ctx, request.user!, request.body.password);
      return reply.code(204).send(null);
    },
  );

  // "My bookmakers": read with the profile, changed from the profile and the dashboard's question.
  app.get(
    '/me/books',
    { schema: { tags, security: bearer, response: MyBooksResponse }, preHandler: app.authenticate },
    async (request) => ({ data: await myBooks(ctx, request.user!.sub) }),
  );

  app.put(
    '/me/books',
    {
      schema: { tags, security: bearer, body: MyBooksBody, response: MyBooksResponse },
      preHandler: app.authenticate,
      config: limit('account'),
    },
    async (request) => ({ data: await setMyBooks(ctx, request.user!.sub, request.body.books) }),
  );

  app.get(
    '/me/export',
    {
      schema: { tags, security: bearer, response: s.ExportResponse },
      preHandler: app.authenticate,
      config: limit('export'),
    },
    async (request, reply) => {
      const data = await exportPersonalData(ctx, request.user!.sub);
      const day = data.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="oddsmate-my-data-${day}.json"`);
      return { data };
    },
  );
};

export default usersRoutes;
