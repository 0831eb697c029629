/**
 * The normalized feed batch (docs/architecture.md#odds-model) as TypeBox, the single source of the published
 * JSON Schema (docs/feed-schema.json, checked by a test). Every source — the demo simulator,
 * the file import and the push endpoint — produces this shape. Ids are the docs/product.md#entities lookups;
 * unknown fields are rejected.
 */
import { type Static, type TLiteral, type TUnion, Type } from '@sinclair/typebox';
import { COMPETITIONS, COUNTRIES, MARKETS, PROVIDER_IDS, SELECTIONS } from '../lookups';
import { Data, Literals, Replies } from './envelope';

/** A match's status; only scheduled matches are listed (the feed may report the others). */
const EVENT_STATUSES = ['scheduled', 'postponed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Upper bounds that keep one batch a reasonable size (a full league week is far below). */
export const FEED_LIMITS = {
  events: 2000,
  markets: MARKETS.length,
  prices: 3,
  text: 100,
  maxPrice: 10_000,
} as const;

function oneOf(ids: readonly number[], description: string): TUnion<TLiteral<number>[]> {
  return Type.Union(
    ids.map((id) => Type.Literal(id)),
    { description },
  );
}

const text = (description: string) =>
  Type.String({ minLength: 1, maxLength: FEED_LIMITS.text, pattern: '\\S', description });

const dateTime = (description: string) => Type.String({ format: 'date-time', maxLength: 40, description });

const FeedPriceSchema = Type.Object(
  {
    selection: oneOf(Object.keys(SELECTIONS).map(Number), 'Selection id; must belong to the market'),
    value: Type.Number({
      exclusiveMinimum: 1,
      maximum: FEED_LIMITS.maxPrice,
      description: 'Decimal price, finite and above 1.0',
    }),
    boosted: Type.Optional(Type.Boolean({ description: 'The bookmaker advertises this price as boosted' })),
    regularValue: Type.Optional(
      Type.Number({
        exclusiveMinimum: 1,
        maximum: FEED_LIMITS.maxPrice,
        description:
          'Beside a boosted price only: the regular price the boost replaces, below value (margins are computed on it)',
      }),
    ),
    ref: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          "What the bookmaker needs to book this price (its own event, market and outcome ids, in the book's " +
          'format of docs/sources.md); stored with the current price, never published in odds answers',
      }),
    ),
  },
  { additionalProperties: false },
);

const FeedMarketSchema = Type.Object(
  {
    market: oneOf(
      MARKETS.map((m) => m.id),
      'Market id (1 1X2, 2–6 OU0.5–OU4.5, 7 BTTS, 8 DC)',
    ),
    prices: Type.Array(FeedPriceSchema, {
      maxItems: FEED_LIMITS.prices,
      description: "Prices of the market's selections; a selection left out is withdrawn",
    }),
  },
  { additionalProperties: false },
);

const FeedEventSchema = Type.Object(
  {
    externalId: text("The provider's own id of the event"),
    competition: oneOf(
      COMPETITIONS.map((c) => c.id),
      'Competition id (1 Premier League, 2 La Liga, 3 Serie A, 4 Bundesliga)',
    ),
    sportradarId: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,12}$',
        description:
          "The match's Sportradar id where the provider gives it (SportyBet sr:match:N, Bet9ja EXTID, BetKing " +
          'extProvIDItem): the digits N. Two providers giving the same id list the same match',
      }),
    ),
    home: text('Home team as the provider names it'),
    away: text('Away team as the provider names it'),
    kickoff: dateTime('Kick-off, RFC 3339 date-time'),
    status: Type.Optional(
      Type.Union(
        EVENT_STATUSES.map((s) => Type.Literal(s)),
        {
          description:
            'The match as the provider reports it: scheduled, postponed or cancelled. Left out, the event keeps the ' +
            'status it has (scheduled when new). Only scheduled matches are listed; a later batch saying scheduled ' +
            '(typically with the new kick-off) lists a postponed match again.',
        },
      ),
    ),
    markets: Type.Array(FeedMarketSchema, {
      maxItems: FEED_LIMITS.markets,
      description: 'Markets this batch reports; markets left out are left as they are',
    }),
  },
  { additionalProperties: false },
);

export const FeedBatchSchema = Type.Object(
  {
    provider: oneOf(PROVIDER_IDS, 'Provider id (1 Bet9Ja, 2 BetKing, 3 SportyBet, 4 NairaBet, 5 1XBet)'),
    country: oneOf(
      COUNTRIES.map((c) => c.id),
      'Country id (1 Nigeria, 2 Ghana, 3 Kenya)',
    ),
    fetchedAt: dateTime('When the provider was read, RFC 3339 date-time'),
    events: Type.Array(FeedEventSchema, {
      maxItems: FEED_LIMITS.events,
      description: 'Events this batch reports; events left out are left as they are',
    }),
  },
  {
    title: 'OddsMate normalized feed batch',
    description: "One provider's view of odds for one country",
    additionalProperties: false,
  },
);

export type FeedBatch = Static<typeof FeedBatchSchema>;
export type FeedEvent = Static<typeof FeedEventSchema>;
export type FeedMarket = Static<typeof FeedMarketSchema>;

/** Who sent a batch: the demo simulator, the import CLI, a push, the live collector or a replayed recording. */
const IngestSourceSchema = Literals('demo', 'import', 'push', 'live', 'replay');
export type IngestSource = Static<typeof IngestSourceSchema>;
const IngestStatusSchema = Literals('applied', 'rejected', 'failed');
export type IngestStatus = Static<typeof IngestStatusSchema>;

/** What an ingest run reports back (`POST /api/ingest` → `{ data: { run } }`, the import CLI). */
const IngestRunSchema = Type.Object({
  id: Type.String(),
  status: IngestStatusSchema,
  source: IngestSourceSchema,
  provider: Type.Union([Type.Integer(), Type.Null()]),
  country: Type.Union([Type.Integer(), Type.Null()]),
  fetchedAt: Type.Union([Type.String(), Type.Null()]),
  startedAt: Type.String(),
  finishedAt: Type.String(),
  /** Odds version this run produced (null unless applied). */
  version: Type.Union([Type.Integer(), Type.Null()]),
  events: Type.Object({ seen: Type.Integer(), created: Type.Integer() }),
  prices: Type.Object({ seen: Type.Integer(), changed: Type.Integer(), withdrawn: Type.Integer() }),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type IngestRunDto = Static<typeof IngestRunSchema>;

export const IngestResponses = Replies(Data(Type.Object({ run: IngestRunSchema })));

/** The published JSON Schema document (draft 2020-12 keywords; TypeBox emits plain JSON Schema). */
export function feedJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...JSON.parse(JSON.stringify(FeedBatchSchema)),
  };
}
