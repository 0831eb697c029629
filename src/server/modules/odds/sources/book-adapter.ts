/**
 * Builds a BookAdapter from a book's data (ids, base URL, league table), its URL template and
 * its parser, so each book's folder holds only what is particular to that book.
 */
import { JSON_HEADERS, baseUrlOf, leagueIdsWith } from './parse-support';
import type {
  BookAdapter,
  BookAnswer,
  BookId,
  BookRequest,
  LeagueIds,
  ParseContext,
  ParseResult,
  RequestOptions,
} from './source-types';

export interface BookDefinition {
  id: BookId;
  provider: number;
  name: string;
  envKey: string;
  defaultBaseUrl: string;
  leagueIds: LeagueIds;
  paged?: boolean;
  /** Path and query of a league's (page's) request, appended to the base URL. */
  path(leagueId: string, page: number): string;
  parse(answer: BookAnswer, context: ParseContext): ParseResult;
}

export function defineBook(definition: BookDefinition): BookAdapter {
  const request = (competition: number, options: RequestOptions & { page?: number } = {}): BookRequest | undefined => {
    const leagueId = leagueIdsWith(definition.leagueIds, options.leagueIds)[competition];
    if (leagueId === undefined) return undefined;
    const page = definition.paged ? Math.max(1, Math.trunc(options.page ?? 1)) : 1;
    return {
      competition,
      leagueId,
      page,
      url: `${baseUrlOf(options, definition.defaultBaseUrl)}${definition.path(encodeURIComponent(leagueId), page)}`,
      headers: { ...JSON_HEADERS, ...(options.headers ?? {}) },
    };
  };
  return {
    id: definition.id,
    provider: definition.provider,
    name: definition.name,
    envKey: definition.envKey,
    defaultBaseUrl: definition.defaultBaseUrl,
    leagueIds: definition.leagueIds,
    paged: definition.paged ?? false,
    request,
    requests(options = {}) {
      return Object.keys(leagueIdsWith(definition.leagueIds, options.leagueIds))
        .map(Number)
        .sort((a, b) => a - b)
        .map((competition) => request(competition, { ...options, page: 1 }))
        .filter((r): r is BookRequest => r !== undefined);
    },
    parse(answer, context) {
      try {
        return definition.parse(answer, context);
      } catch (error) {
        // A parser bug must not take the collector down: report the answer as unreadable.
        return {
          ok: false,
          batch: {
            provider: definition.provider as ParseResult['batch']['provider'],
            country: (context.country ?? 1) as ParseResult['batch']['country'],
            fetchedAt: new Date().toISOString(),
            events: [],
          },
          problems: [
            { code: 'unexpected-shape', count: 1, examples: [error instanceof Error ? error.message : String(error)] },
          ],
          boosts: [],
          names: [],
          hasMore: false,
        };
      }
    },
  };
}
