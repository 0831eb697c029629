/**
 * The bettor tools' lists: GET /api/odds/surebets and
 * GET /api/odds/value, bearer token (no `k`). Answers come pre-serialized from
 * snapshot/betting-lists.ts with strong ETags and 304, like the other odds answers.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEFAULT_DEVIG_METHOD } from '@shared/betting/devig';
import { SurebetsQuery, SurebetsResponses, ValueBetsResponses, ValueQuery } from '@shared/contract/betting';
import { resolveCountry } from '@shared/lookups';
import { parseBooksParam } from '@shared/my-books';
import { unknownBookmaker, validationError } from '../../../core/errors';
import type { OddsService } from '../odds.service';
import { BettingLists } from '../snapshot/betting-lists';
import { sendEntry } from './snapshot-reply';

interface BettingRoutesOptions {
  service: OddsService;
}

/** The value list's minimum edge when `min` is not given, in percent. */
const DEFAULT_MIN_EDGE_PCT = 2;

/** The `books` parameter as sorted ids, or undefined for every book. */
function booksOf(value: string | undefined): readonly number[] | undefined {
  if (value === undefined) return undefined;
  const { books, unknown } = parseBooksParam(value);
  if (unknown !== undefined) throw unknownBookmaker('books', unknown);
  return books;
}

function countryId(value: string): number {
  const country = resolveCountry(value);
  if (!country) throw validationError('country', 'is not a known country');
  return country.id;
}

const bettingRoutes: FastifyPluginAsyncTypebox<BettingRoutesOptions> = async (app, { service }) => {
  const lists = new BettingLists(service.snapshot);
  const bearer = { tags: ['odds'], security: [{ bearer: [] }] };

  app.get(
    '/surebets',
    { onRequest: app.authenticate, schema: { ...bearer, querystring: SurebetsQuery, response: SurebetsResponses } },
    async (request, reply) => {
      const { country, boosts, books } = request.query;
      const entry = await lists.surebets(countryId(country), boosts === '1', booksOf(books));
      return sendEntry(request, reply, entry);
    },
  );

  app.get(
    '/value',
    { onRequest: app.authenticate, schema: { ...bearer, querystring: ValueQuery, response: ValueBetsResponses } },
    async (request, reply) => {
      const { country, method, min, books } = request.query;
      const minPct = min === undefined ? DEFAULT_MIN_EDGE_PCT : Number(min);
      const entry = await lists.values(countryId(country), method ?? DEFAULT_DEVIG_METHOD, minPct, booksOf(books));
      return sendEntry(request, reply, entry);
    },
  );
};

export default bettingRoutes;
