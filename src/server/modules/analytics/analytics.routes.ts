/**
 * POST /api/analytics/events: accepted with 202 and kept only as counts per
 * day, event name and country (see analytics.service.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type AnalyticsEventDto, AnalyticsEventsBody, AnalyticsEventsResponses } from '@shared/contract/analytics';
import { ipLimit } from '../../core/http/rate-limit.plugin';
import { recordEvents } from './analytics.service';

const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/events',
    {
      schema: { tags: ['analytics'], body: AnalyticsEventsBody, response: AnalyticsEventsResponses },
      config: { rateLimit: ipLimit(app.config, 'analytics') },
    },
    async (request, reply) => {
      // The schema guarantees name and country; the cast only restates it for the type checker.
      const events = request.body.events as AnalyticsEventDto[];
      const accepted = await recordEvents(app.db, events, app.now());
      return reply.code(202).send({ data: { accepted } });
    },
  );
};

export default analyticsRoutes;
