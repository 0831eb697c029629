/** Decorates the app with its mailer (`app.mailer`); tests may pass their own. */
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp<{ mailer?: Mailer }>(
  async (app, { mailer: given }) => {
    const mailer = given ?? createMailer(app.config, app.log);
    app.decorate('mailer', mailer);
    if (!given) app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail', fastify: '5.x' },
);
