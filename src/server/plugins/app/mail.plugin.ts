/** Decorates the app with its mailer (`app.mailer`); tests may pass their own. */
import { createMailer, type Mailer } from '../../mail/mailer';
import { globalPlugin } from '../global-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default globalPlugin<{ mailer?: Mailer }>('mail', async (app, { mailer: given }) => {
  const mailer = given ?? createMailer(app.config, app.log);
  app.decorate('mailer', mailer);
  if (!given) app.addHook('onClose', async () => mailer.close());
});
