/**
 * One-click unsubscribe from alert e-mail: no bearer, the signed
 * token in the link. GET answers a small HTML page; POST is the RFC 8058 one-click request a
 * mail client sends (`List-Unsubscribe=One-Click`, form-encoded) and answers 200.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { APP_NAME } from '@shared/constants';
import { UnsubscribePageResponse, UnsubscribeQuery, UnsubscribeResponse } from '@shared/contract/alerts';
import { ipLimit } from '../../core/http/rate-limit.plugin';
import type { DeliveryService } from './delivery.service';

interface UnsubscribeRoutesOptions {
  delivery: DeliveryService;
}

function page(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · ${APP_NAME}</title></head>
<body style="font-family:sans-serif;line-height:1.5;max-width:32rem;margin:2rem auto;padding:0 1rem">
<h1 style="font-size:1.25rem">${title}</h1>
<p>${message}</p>
<p><a href="/">${APP_NAME}</a></p>
</body></html>`;
}

const unsubscribeRoutes: FastifyPluginAsyncTypebox<UnsubscribeRoutesOptions> = async (app, { delivery }) => {
  // RFC 8058: the one-click POST carries a form body; its content does not matter.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );
  const config = { rateLimit: ipLimit(app.config, 'unsubscribe') };

  app.get(
    '/unsubscribe',
    { schema: { tags: ['alerts'], querystring: UnsubscribeQuery, response: UnsubscribePageResponse }, config },
    async (request, reply) => {
      await delivery.unsubscribe(request.query.token);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Alert e-mails are off',
            'You will get no more price alert e-mails. You can turn them back on in your profile.',
          ),
        );
    },
  );

  app.post(
    '/unsubscribe',
    { schema: { tags: ['alerts'], querystring: UnsubscribeQuery, response: UnsubscribeResponse }, config },
    async (request, reply) => {
      await delivery.unsubscribe(request.query.token);
      return reply.header('cache-control', 'no-store').send({ data: {} });
    },
  );
};

export default unsubscribeRoutes;
