/**
 * The watchlist calls under /api/users/me: favourites, alerts,
 * notifications, delivery settings and push subscriptions, each with a bearer token and a
 * per-user rate limit, `Cache-Control: no-store` like every users call.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  AlertParams,
  AlertResponse,
  AlertSettingsBody,
  AlertSettingsResponse,
  AlertsNoContentResponse,
  AlertsResponse,
  CreateAlertBody,
  DeletePushSubscriptionBody,
  FavouritesBody,
  FavouritesResponse,
  NotificationsResponse,
  PushSubscribedResponse,
  PushSubscriptionBody,
  ReadNotificationsBody,
  ReadNotificationsResponse,
} from '@shared/contract/alerts';
import { unauthorized } from '../../core/errors';
import type { AlertsFeature } from './alerts-feature';

interface AlertsRoutesOptions {
  feature: AlertsFeature;
}

/** Reads per user per minute, and writes per user per hour. */
const READS_PER_MINUTE = 120;
const WRITES_PER_HOUR = 300;

const userKey = (kind: string) => (request: FastifyRequest) => `user-${kind}:${request.user?.sub ?? request.ip}`;

function userOf(request: FastifyRequest): string {
  const id = request.user?.sub;
  if (!id) throw unauthorized();
  return id;
}

const alertsRoutes: FastifyPluginAsyncTypebox<AlertsRoutesOptions> = async (app, { feature }) => {
  const { favourites, alerts, delivery } = feature;
  const base = { tags: ['alerts'], security: [{ bearer: [] }] };
  // One counter per person across every read route (and one across every change), not one per
  // route: each limiter is made once and runs after authentication on the routes it guards.
  const readLimit = app.rateLimit({ max: READS_PER_MINUTE, timeWindow: 60_000, keyGenerator: userKey('reads') });
  const writeLimit = app.rateLimit({ max: WRITES_PER_HOUR, timeWindow: 3_600_000, keyGenerator: userKey('writes') });
  const read = [app.authenticate, readLimit];
  const write = [app.authenticate, writeLimit];
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/favourites', { schema: { ...base, response: FavouritesResponse }, preHandler: read }, async (request) => ({
    data: await favourites.list(userOf(request)),
  }));

  app.put(
    '/favourites',
    {
      schema: { ...base, body: FavouritesBody, response: FavouritesResponse },
      preHandler: write,
    },
    async (request) => ({ data: await favourites.replace(userOf(request), request.body.teams) }),
  );

  app.post(
    '/alerts',
    {
      schema: { ...base, body: CreateAlertBody, response: AlertResponse },
      preHandler: write,
    },
    async (request, reply) => {
      const alert = await alerts.create(userOf(request), request.body);
      return reply.code(201).send({ data: { alert } });
    },
  );

  app.get('/alerts', { schema: { ...base, response: AlertsResponse }, preHandler: read }, async (request) => ({
    data: { alerts: await alerts.list(userOf(request)) },
  }));

  app.delete(
    '/alerts/:id',
    {
      schema: { ...base, params: AlertParams, response: AlertsNoContentResponse },
      preHandler: write,
    },
    async (request, reply) => {
      await alerts.delete(userOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/notifications',
    { schema: { ...base, response: NotificationsResponse }, preHandler: read },
    async (request) => ({ data: await delivery.notifications(userOf(request)) }),
  );

  app.post(
    '/notifications/read',
    {
      schema: { ...base, body: ReadNotificationsBody, response: ReadNotificationsResponse },
      preHandler: write,
    },
    async (request) => ({ data: { unread: await delivery.markRead(userOf(request), request.body) } }),
  );

  app.get(
    '/alert-settings',
    { schema: { ...base, response: AlertSettingsResponse }, preHandler: read },
    async (request) => ({ data: await delivery.settings(userOf(request)) }),
  );

  app.put(
    '/alert-settings',
    {
      schema: { ...base, body: AlertSettingsBody, response: AlertSettingsResponse },
      preHandler: write,
    },
    async (request) => ({ data: await delivery.setSettings(userOf(request), request.body) }),
  );

  app.post(
    '/push-subscriptions',
    {
      schema: { ...base, body: PushSubscriptionBody, response: PushSubscribedResponse },
      preHandler: write,
    },
    async (request, reply) => {
      await delivery.subscribePush(userOf(request), request.body);
      return reply.code(201).send({ data: {} });
    },
  );

  app.delete(
    '/push-subscriptions',
    {
      schema: { ...base, body: DeletePushSubscriptionBody, response: AlertsNoContentResponse },
      preHandler: write,
    },
    async (request, reply) => {
      await delivery.unsubscribePush(userOf(request), request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};

export default alertsRoutes;
