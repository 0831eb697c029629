/**
 * GET /api/odds/summary, /api/odds/sample (public), /api/odds (bearer + signature `k`), and
 * the match page's /api/odds/event/:eventId, /api/odds/event/:eventId/history and the
 * dropping-odds /api/odds/drops (bearer). Handlers only resolve
 * parameters and hand out pre-serialized entries; the list handlers are synchronous (the reply
 * is sent before they return), so a poll costs no promise.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorCode } from '@shared/errors';
import { COMPETITIONS, marketById, resolveCountry } from '@shared/lookups';
import { forbidden, notFound, unauthorized, validationError } from '../../../core/errors';
import type { OddsService } from '../odds.service';
import {
  CountryQuery,
  type DropWindowH,
  DropsQuery,
  DropsResponses,
  EventDetailResponses,
  EventParams,
  HistoryQuery,
  HistoryResponses,
  OddsListResponses,
  OddsQuery,
  SummaryResponses,
} from '@shared/contract/odds';
import { SignatureMemo } from './signature-memo';
import { sendEntry } from './snapshot-reply';

interface OddsRoutesOptions {
  service: OddsService;
}

function countryId(value: string): number {
  const country = resolveCountry(value);
  if (!country) throw validationError('country', 'is not a known country');
  return country.id;
}

function competitionId(value: string): number {
  const id = Number(value);
  if (!COMPETITIONS.some((c) => c.id === id)) throw validationError('competition', 'is not a known competition');
  return id;
}

function marketId(value: string): number {
  const id = Number(value);
  if (!marketById(id)) throw validationError('market', 'is not a known market');
  return id;
}

const oddsRoutes: FastifyPluginAsyncTypebox<OddsRoutesOptions> = async (app, { service }) => {
  const { snapshot } = service;
  const signatures = new SignatureMemo();

  app.get(
    '/summary',
    { schema: { tags: ['odds'], querystring: CountryQuery, response: SummaryResponses } },
    (request, reply) => {
      sendEntry(request, reply, snapshot.summary(countryId(request.query.country)));
    },
  );

  app.get(
    '/sample',
    { schema: { tags: ['odds'], querystring: CountryQuery, response: OddsListResponses } },
    (request, reply) => {
      sendEntry(request, reply, snapshot.sample(countryId(request.query.country)));
    },
  );

  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['odds'],
        security: [{ bearer: [] }],
        querystring: OddsQuery,
        response: OddsListResponses,
      },
    },
    (request, reply) => {
      const { country, competition, market, k } = request.query;
      const claims = request.user;
      if (!claims?.ak) throw unauthorized();
      // The values exactly as sent: the client signs what it puts in the query string.
      if (signatures.expected(claims, country, competition, market) !== k) {
        throw forbidden(ErrorCode.INVALID_SIGNATURE, 'The request signature does not match');
      }
      const entry = snapshot.odds(countryId(country), competitionId(competition), marketId(market));
      sendEntry(request, reply, entry);
    },
  );

  const { details } = service;
  const eventNotFound = () => notFound(ErrorCode.NOT_FOUND, 'No such event');
  const bearer = { tags: ['odds'], security: [{ bearer: [] }] };

  app.get(
    '/event/:eventId',
    { onRequest: app.authenticate, schema: { ...bearer, params: EventParams, response: EventDetailResponses } },
    async (request, reply) => {
      const entry = await details.event(request.params.eventId);
      if (!entry) throw eventNotFound();
      return sendEntry(request, reply, entry);
    },
  );

  app.get(
    '/event/:eventId/history',
    {
      onRequest: app.authenticate,
      schema: { ...bearer, params: EventParams, querystring: HistoryQuery, response: HistoryResponses },
    },
    async (request, reply) => {
      const market = marketId(request.query.market);
      const entry = await details.history(request.params.eventId, market);
      if (!entry) throw eventNotFound();
      return sendEntry(request, reply, entry);
    },
  );

  app.get(
    '/drops',
    { onRequest: app.authenticate, schema: { ...bearer, querystring: DropsQuery, response: DropsResponses } },
    async (request, reply) => {
      const { country, hours } = request.query;
      const entry = await details.drops(countryId(country), Number(hours) as DropWindowH);
      return sendEntry(request, reply, entry);
    },
  );
};

export default oddsRoutes;
