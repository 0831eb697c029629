/**
 * Builds a BookAdapter from a book's data (ids, base URL, league table), its URL template and
 * its parser, so each book's folder holds only what is particular to that book.
 */
import { idText } from './parse/answer';
import { JSON_HEADERS, baseUrlOf, leagueIdsWith } from './parse/requests';
import type {
  BookAdapter,
  BookAnswer,
  BookId,
  BookRequest,
  EventRef,
  LeagueIds,
  EventDetail,
  AnswerContext,
  ParseContext,
  ParseResult,
  RequestOptions,
} from './source-types';

export interface BookDefinition {
  id: BookId;
  provider: number;
  /** The country whose prices the book's answers give (the batches' `country`). */
  country: number;
  name: string;
  envKey: string;
  defaultBaseUrl: string;
  leagueIds: LeagueIds;
  paged?: boolean;
  /** Path and query of a league's (page's) request, appended to the base URL. */
  path(leagueId: string, page: number): string;
  /** The same call at the book's other path, asked when `path` is refused (BookRequest.fallbackUrl). */
  fallbackPath?(leagueId: string, page: number): string;
  parse(answer: BookAnswer, context: ParseContext): ParseResult;
  /** Request headers the book's own pages send (Referer, Origin, Accept); the collector adds a browser's. */
  headers?: Readonly<Record<string, string>>;
  /** BookAdapter.statusInBody: the book's JSON, not the HTTP status, says whether the call worked. */
  statusInBody?: boolean;
  /** Books with a per-event call: its path (and the other path), and its parser. */
  event?: {
    path(eventId: string): string;
    fallbackPath?(eventId: string): string;
    parse(answer: BookAnswer, context: ParseContext & { externalId: string }): EventDetail;
  };
}

export function defineBook(definition: BookDefinition): BookAdapter {
  const request = (competition: number, options: RequestOptions & { page?: number } = {}): BookRequest | undefined => {
    const leagueId = leagueIdsWith(definition.leagueIds, options.leagueIds)[competition];
    if (leagueId === undefined) return undefined;
    const page = definition.paged ? Math.max(1, Math.trunc(options.page ?? 1)) : 1;
    const base = baseUrlOf(options, definition.defaultBaseUrl);
    const id = encodeURIComponent(leagueId);
    return {
      competition,
      leagueId,
      page,
      url: `${base}${definition.path(id, page)}`,
      headers: headersOf(options),
      ...(definition.fallbackPath ? { fallbackUrl: `${base}${definition.fallbackPath(id, page)}` } : {}),
    };
  };
  const headersOf = (options: RequestOptions): Record<string, string> => ({
    ...JSON_HEADERS,
    ...(definition.headers ?? {}),
    ...(options.headers ?? {}),
  });
  const event = definition.event;
  return {
    id: definition.id,
    provider: definition.provider,
    country: definition.country,
    name: definition.name,
    envKey: definition.envKey,
    defaultBaseUrl: definition.defaultBaseUrl,
    leagueIds: definition.leagueIds,
    paged: definition.paged ?? false,
    ...(definition.headers ? { headers: definition.headers } : {}),
    ...(definition.statusInBody ? { statusInBody: true } : {}),
    request,
    requests(options = {}) {
      return Object.keys(leagueIdsWith(definition.leagueIds, options.leagueIds))
        .map(Number)
        .sort((a, b) => a - b)
        .map((competition) => request(competition, { ...options, page: 1 }))
        .filter((r): r is BookRequest => r !== undefined);
    },
    parse(answer, given) {
      const context = { ...given, country: given.country ?? definition.country };
      try {
        return definition.parse(answer, context);
      } catch (error) {
        // A parser bug must not take the collector down: report the answer as unreadable.
        return {
          ok: false,
          batch: {
            provider: definition.provider as ParseResult['batch']['provider'],
            country: context.country as ParseResult['batch']['country'],
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
    ...(event
      ? {
          eventRequest(ref: EventRef, options: RequestOptions = {}): BookRequest | undefined {
            const id = idText(ref.externalId);
            if (id === undefined) return undefined;
            const base = baseUrlOf(options, definition.defaultBaseUrl);
            const encoded = encodeURIComponent(id);
            return {
              competition: ref.competition,
              leagueId: id,
              page: 1,
              url: `${base}${event.path(encoded)}`,
              headers: headersOf(options),
              ...(event.fallbackPath ? { fallbackUrl: `${base}${event.fallbackPath(encoded)}` } : {}),
            };
          },
          parseEvent(answer: BookAnswer, context: AnswerContext & { externalId: string }): EventDetail {
            try {
              return event.parse(answer, { ...context, country: context.country ?? definition.country });
            } catch (error) {
              const message = error instanceof Error ? error.message : String(error);
              return {
                ok: false,
                externalId: context.externalId,
                markets: [],
                problems: [{ code: 'unexpected-shape', count: 1, examples: [message] }],
                boosts: [],
              };
            }
          },
        }
      : {}),
  };
}
