/**
 * POST /api/analytics/events (ARCHITECTURE §3): accepted with 202 and kept only as counts per
 * day, event name and country. Paths, times and error codes are validated and then dropped, so
 * nothing stored can point at a person.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { COUNTRIES } from '@shared/lookups';
import { ipLimit } from '../../../plugins/external/rate-limit.plugin';
import { addAnalyticsCount } from '../../../repositories/analytics.repository';
import { Data, ErrorResponses } from '../../schemas';

export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'user_registration_completed',
  'user_login_success',
  'critical_error',
] as const;
const MAX_EVENTS = 50;

const Event = Type.Object({
  name: Type.Union(ANALYTICS_EVENT_NAMES.map((name) => Type.Literal(name))),
  country: Type.Union([Type.Union(COUNTRIES.map((c) => Type.Literal(c.id))), Type.Null()]),
  path: Type.String({ maxLength: 2048 }),
  at: Type.String({ format: 'date-time' }),
  code: Type.Optional(Type.String({ maxLength: 64 })),
});

const EventsBody = Type.Object({ events: Type.Array(Event, { minItems: 1, maxItems: MAX_EVENTS }) });

const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/events',
    {
      schema: {
        tags: ['analytics'],
        body: EventsBody,
        response: { 202: Data(Type.Object({ accepted: Type.Integer() })), ...ErrorResponses },
      },
      config: { rateLimit: ipLimit(app.config, 'analytics') },
    },
    async (request, reply) => {
      const day = new Date(app.now()).toISOString().slice(0, 10);
      const tally = new Map<string, { name: string; country: number; count: number }>();
      for (const event of request.body.events) {
        const country = event.country ?? 0;
        const key = `${event.name}|${country}`;
        const entry = tally.get(key) ?? { name: event.name, country, count: 0 };
        entry.count += 1;
        tally.set(key, entry);
      }
      for (const entry of tally.values()) await addAnalyticsCount(app.db, { day, ...entry });
      return reply.code(202).send({ data: { accepted: request.body.events.length } });
    },
  );
};

export default analyticsRoutes;
