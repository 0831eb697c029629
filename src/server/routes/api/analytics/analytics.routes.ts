/**
 * POST /api/analytics/events (ARCHITECTURE §3): accepted with 202 and kept only as counts per
 * day, event name and country. Paths, times and error codes are validated and then dropped, so
 * nothing stored can point at a person.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AnalyticsEventName } from '@shared/dto';
import { COUNTRIES } from '@shared/lookups';
import { ipLimit } from '../../../plugins/external/rate-limit.plugin';
import { addAnalyticsCount } from '../../../repositories/analytics.repository';
import { Data, ErrorResponses } from '../../schemas';

export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'user_registration_completed',
  'user_login_success',
  'critical_error',
] as const satisfies readonly AnalyticsEventName[];
const MAX_EVENTS = 50;

// Plain enums rather than unions of literals: one clear error per bad field.
const Event = Type.Object({
  name: Type.Unsafe<AnalyticsEventName>({ type: 'string', enum: [...ANALYTICS_EVENT_NAMES] }),
  country: Type.Unsafe<number | null>({ type: ['integer', 'null'], enum: [...COUNTRIES.map((c) => c.id), null] }),
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
        // The schema guarantees both; the casts only restate it for the type checker.
        const name = event.name as AnalyticsEventName;
        const country = (event.country as number | null) ?? 0;
        const key = `${name}|${country}`;
        const entry = tally.get(key) ?? { name, country, count: 0 };
        entry.count += 1;
        tally.set(key, entry);
      }
      for (const entry of tally.values()) await addAnalyticsCount(app.db, { day, ...entry });
      return reply.code(202).send({ data: { accepted: request.body.events.length } });
    },
  );
};

export default analyticsRoutes;
