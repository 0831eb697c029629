/**
 * The accounts feature: decorates the app with the account services' context (`app.accounts`)
 * and registers the users calls under /api/users. Authentication itself is auth.plugin.ts.
 */
import fp from 'fastify-plugin';
import { type AccountsContext, createAccountsContext } from './accounts.context';
import usersRoutes from './users.routes';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsContext;
  }
}

export default fp(
  async (app) => {
    const context = await createAccountsContext({
      db: app.db,
      config: app.config,
      now: () => app.now(),
      log: app.log,
      mailer: app.mailer,
      revokedSessions: app.revokedSessions,
    });
    app.decorate('accounts', context);
    await app.register(usersRoutes, { prefix: '/api/users' });
  },
  { name: 'accounts', fastify: '5.x', dependencies: ['db', 'mail', 'auth', 'rate-limit'] },
);
