/**
 * `GET /api/odds/sources` (docs/sources.md): the health of each bookmaker the live collector
 * reads. Kept beside odds.ts (its own file, so the odds routes' schemas and these change apart).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Data, Replies } from './envelope';

const SourceStateSchema = Type.Union(
  [Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down'), Type.Literal('off')],
  {
    description:
      'ok: every league read at the last poll; degraded: some polls failing; down: failing for 15 min or the circuit breaker open; off: not collected',
  },
);

const SourceLeagueSchema = Type.Object({
  competitionId: Type.Integer(),
  /** Events and prices of the last successful read of this league. */
  events: Type.Integer(),
  prices: Type.Integer(),
  fetchedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

const NameIssueSchema = Type.Object({
  /** The book's spelling ("Leeds"), or "Home - Away" for a listing that fits two matches. */
  name: Type.String(),
  competitionId: Type.Integer(),
  /** Listings of the book's last read of that competition carrying it. */
  listings: Type.Integer(),
  /** One such listing as the book named it, "Home - Away". */
  example: Type.String(),
  /** Ambiguous: the clubs (or matches) it can mean; unmatched: empty. */
  candidates: Type.Array(Type.String()),
});

const NameIssuesSchema = Type.Object(
  {
    /** Listings affected, over all names. */
    listings: Type.Integer(),
    names: Type.Array(NameIssueSchema),
  },
  {
    description:
      'Names of the last read of each league that matching could not place: unmatched (not in the alias table: such a listing joins other books only by its Sportradar id) or ambiguous (two clubs or two matches: left out)',
  },
);

const SourceHealthSchema = Type.Object({
  providerId: Type.Integer(),
  name: Type.String(),
  state: SourceStateSchema,
  lastSuccessAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  leagues: Type.Array(SourceLeagueSchema),
  latencyMs: Type.Union([Type.Integer(), Type.Null()]),
  unmatched: NameIssuesSchema,
  ambiguous: NameIssuesSchema,
});

const SourcesSchema = Type.Object({ sources: Type.Array(SourceHealthSchema) });

export const SourcesResponse = Data(SourcesSchema);
export const SourcesResponses = Replies(SourcesResponse);

export type SourceState = Static<typeof SourceStateSchema>;
export type SourceLeagueDto = Static<typeof SourceLeagueSchema>;
export type NameIssuesDto = Static<typeof NameIssuesSchema>;
export type SourceHealthDto = Static<typeof SourceHealthSchema>;
export type SourcesDto = Static<typeof SourcesSchema>;
