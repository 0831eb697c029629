/** Decorates the app with the account services' context (`app.accounts`). */
import { type AccountsContext, createAccountsContext } from '../../accounts/accounts.context';
import { globalPlugin } from '../global-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsContext;
  }
}

export default globalPlugin('accounts', async (app) => {
  const context = await createAccountsContext({
    db: app.db,
    config: app.config,
    now: () => app.now(),
    log: app.log,
    mailer: app.mailer,
    revokedSessions: app.revokedSessions,
  });
  app.decorate('accounts', context);
});
