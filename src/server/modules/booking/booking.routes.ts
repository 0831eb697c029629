/**
 * GET /api/booking/:provider/:code and POST /api/booking/:provider:
 * bearer token, per-user rate limits whatever RATE_LIMITS says,
 * `Cache-Control: no-store`. Each load and create is logged under the request's id with its outcome
 * (book, result, leg counts, time, and why a book counts as not answering; never the user nor the
 * code), so the reference under an error leads to what the book did.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  BookingCreateBody,
  BookingCreateParams,
  BookingCreateResponses,
  BookingLoadParams,
  BookingLoadResponses,
} from '@shared/contract/booking';
import type { BookingReport, BookingService } from './booking.service';

/** Loads per user per minute, creates per user per hour. */
const LOADS_PER_MINUTE = 20;
const CREATES_PER_HOUR = 60;

const userKey = (request: FastifyRequest) => `booking:${request.user?.sub ?? request.ip}`;
const perUser = (max: number, timeWindow: number) => ({
  rateLimit: { max, timeWindow, hook: 'preHandler' as const, keyGenerator: userKey },
});

const reportTo =
  (request: FastifyRequest): BookingReport =>
  (booking) =>
    request.log.info({ booking }, `booking ${booking.action}: ${booking.outcome}`);

interface BookingRoutesOptions {
  service: BookingService;
}

const bookingRoutes: FastifyPluginAsyncTypebox<BookingRoutesOptions> = async (app, { service }) => {
  const base = { tags: ['booking'], security: [{ bearer: [] }] };
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/:provider/:code',
    {
      schema: { ...base, params: BookingLoadParams, response: BookingLoadResponses },
      preHandler: app.authenticate,
      config: perUser(LOADS_PER_MINUTE, 60_000),
    },
    async (request) => ({
      data: await service.load(Number(request.params.provider), request.params.code, reportTo(request)),
    }),
  );

  app.post(
    '/:provider',
    {
      schema: { ...base, params: BookingCreateParams, body: BookingCreateBody, response: BookingCreateResponses },
      preHandler: app.authenticate,
      config: perUser(CREATES_PER_HOUR, 3_600_000),
    },
    async (request, reply) => {
      const created = await service.create(Number(request.params.provider), request.body, reportTo(request));
      return reply.code(201).send({ data: created });
    },
  );
};

export default bookingRoutes;
