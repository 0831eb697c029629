/**
 * POST /api/users/feedback: anonymous feedback from a signed-in user,
 * 10 an hour per user whatever RATE_LIMITS says. `Cache-Control: no-store`
 * like every users call.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FeedbackBody, FeedbackResponse } from '@shared/contract/feedback';
import { submitFeedback } from './feedback.service';

const FEEDBACK_PER_HOUR = 10;

const feedbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post(
    '/feedback',
    {
      schema: { tags: ['users'], security: [{ bearer: [] }], body: FeedbackBody, response: FeedbackResponse },
      preHandler: app.authenticate,
      config: {
        // The message may span lines: tab and newline pass the control-character check.
        multilineFields: ['message'],
        rateLimit: {
          max: FEEDBACK_PER_HOUR,
          timeWindow: 3_600_000,
          hook: 'preHandler',
          keyGenerator: (request) => `user:${request.user?.sub ?? request.ip}`,
        },
      },
    },
    async (request, reply) => {
      await submitFeedback(app.db, request.body.message, app.now());
      return reply.code(201).send({ data: {} });
    },
  );
};

export default feedbackRoutes;
