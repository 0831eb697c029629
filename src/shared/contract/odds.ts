/** Request and response schemas of the odds routes (docs/architecture.md#http-api). */
import { type Static, Type } from '@sinclair/typebox';
import { Data, Literals, Replies } from './envelope';

/** A country by id (1) or slug (nigeria), as every odds query takes it. */
export const idOrSlug = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: '^[A-Za-z0-9-]+$',
  description: 'Country id (1) or slug (nigeria)',
});
const numericId = (description: string) =>
  Type.String({ minLength: 1, maxLength: 6, pattern: '^[0-9]+$', description });

export const CountryQuery = Type.Object({ country: idOrSlug }, { additionalProperties: false });

export const OddsQuery = Type.Object(
  {
    country: idOrSlug,
    competition: numericId('Competition id'),
    market: numericId('Market id'),
    k: Type.String({
      minLength: 1,
      maxLength: 10,
      pattern: '^[0-9]+$',
      description: 'FNV-1a 32-bit of `${ak}|${country}|${competition}|${market}`, unsigned decimal',
    }),
  },
  { additionalProperties: false },
);

/** Where a country's odds come from: the demo simulator or real bookmakers. */
const EventSourceSchema = Literals('demo', 'live');
const Source = EventSourceSchema;

const OddsPriceSchema = Type.Object({
  selectionTypeId: Type.Integer(),
  value: Type.Union([Type.Number(), Type.Null()]),
  flags: Type.Integer({
    description: 'Bits: Boosted 1, Increased 2, Decreased 4 (a change within the last 60 minutes), Best 8',
  }),
  was: Type.Optional(Type.Number({ description: 'The price before the latest change' })),
  changedAt: Type.Optional(Type.String({ format: 'date-time', description: 'When the current price was set' })),
});

const ProviderOddsSchema = Type.Object({
  providerId: Type.Integer(),
  margin: Type.Union([Type.Number(), Type.Null()]),
  marginPartial: Type.Optional(
    Type.Literal(true, {
      description: 'A boosted selection whose regular price is unknown was left out of the margin',
    }),
  ),
  stale: Type.Optional(
    Type.Literal(true, {
      description:
        "The book's latest read of this league is older than 10 minutes: its prices are shown but count for no Best, sure bet or value bet",
    }),
  ),
  odds: Type.Array(OddsPriceSchema),
});

const MarketOddsSchema = Type.Object({
  marketId: Type.Integer(),
  odds: Type.Array(ProviderOddsSchema),
});

const OddsEventSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  date: Type.String({ format: 'date-time' }),
  competitionId: Type.Integer(),
  markets: Type.Array(MarketOddsSchema),
});

/** The latest price change or confirmation the server saw for the country; null when nothing yet. */
const UpdatedAt = Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
  description: 'The latest price change or confirmation the server saw for the country',
});

const OddsListSchema = Type.Object({ events: Type.Array(OddsEventSchema), source: Source, updatedAt: UpdatedAt });

const SummarySchema = Type.Object({
  competitionIds: Type.Array(Type.Integer()),
  marketIds: Type.Array(Type.Integer()),
  numEvents: Type.Integer(),
  numBookmakers: Type.Integer(),
  numOdds: Type.Integer(),
  source: Source,
  updatedAt: UpdatedAt,
});

/** The path of GET /api/odds/event/:eventId and its history (an unknown id answers 404). */
export const EventParams = Type.Object(
  {
    eventId: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_-]+$',
      description: 'Event id (evt_ + 16 hex characters)',
    }),
  },
  { additionalProperties: false },
);

export const HistoryQuery = Type.Object({ market: numericId('Market id') }, { additionalProperties: false });

/** The windows of the dropping-odds list, in hours. */
export const DROP_WINDOWS_H = [1, 6, 24] as const;

export const DropsQuery = Type.Object(
  {
    country: idOrSlug,
    hours: Type.Union(
      DROP_WINDOWS_H.map((h) => Type.Literal(String(h))),
      { description: 'Window: 1, 6 or 24 hours' },
    ),
  },
  { additionalProperties: false },
);

/** A price's opening: the first price the server saw from that bookmaker for that selection. */
const OpeningPriceSchema = Type.Object({
  marketId: Type.Integer(),
  providerId: Type.Integer(),
  selectionTypeId: Type.Integer(),
  value: Type.Number(),
  at: Type.String({ format: 'date-time' }),
});

const EventDetailSchema = Type.Object({ event: OddsEventSchema, opening: Type.Array(OpeningPriceSchema) });

const HistoryPointSchema = Type.Object({ at: Type.String({ format: 'date-time' }), value: Type.Number() });

/** One bookmaker's price of one selection over time: oldest first, one point per change. */
const PriceSeriesSchema = Type.Object({
  providerId: Type.Integer(),
  selectionTypeId: Type.Integer(),
  points: Type.Array(HistoryPointSchema),
});

const HistorySchema = Type.Object({ series: Type.Array(PriceSeriesSchema) });

/** The match and market a row of a list is about (drops, sure bets, value). */
export const EVENT_MARKET_FIELDS = {
  eventId: Type.String(),
  name: Type.String(),
  date: Type.String({ format: 'date-time' }),
  competitionId: Type.Integer(),
  marketId: Type.Integer(),
};

/** …and the selection at one bookmaker. */
export const EVENT_PRICE_FIELDS = {
  ...EVENT_MARKET_FIELDS,
  selectionTypeId: Type.Integer(),
  providerId: Type.Integer(),
};

const PriceDropSchema = Type.Object({
  ...EVENT_PRICE_FIELDS,
  from: Type.Number({ description: 'Highest price in the window (a price set before it counts at its start)' }),
  to: Type.Number({ description: 'Current price' }),
  changePct: Type.Number({ description: '(to / from − 1) × 100, 2 decimals' }),
  at: Type.String({ format: 'date-time', description: 'When the current price was set' }),
});

const DropsSchema = Type.Object({ drops: Type.Array(PriceDropSchema) });

export const OddsListResponse = Data(OddsListSchema);
export const SummaryResponse = Data(SummarySchema);
export const EventDetailResponse = Data(EventDetailSchema);
export const HistoryResponse = Data(HistorySchema);
export const DropsResponse = Data(DropsSchema);

/** Response schemas by status of the odds routes (304 carries no body). */
export const OddsListResponses = Replies(OddsListResponse);
export const SummaryResponses = Replies(SummaryResponse);
export const EventDetailResponses = Replies(EventDetailResponse);
export const HistoryResponses = Replies(HistoryResponse);
export const DropsResponses = Replies(DropsResponse);

/**
 * `GET /api/odds/pulse`: what an open dashboard asks on each poll instead of the odds, summary,
 * sources and notifications calls. Versions, not data: the client asks again only for what changed,
 * and an unchanged pulse is a 304.
 */
const PulseSchema = Type.Object({
  odds: Type.Integer({ description: 'Odds version of the prices served; a change means some list changed' }),
  summary: Type.String({ description: "The summary answer's ETag; empty while odds are loading" }),
  sources: Type.String({ description: "A tag of the books' health answer (GET /api/odds/sources)" }),
  unread: Type.Integer({ minimum: 0, description: 'Unread notifications (the bell)' }),
});
export const PulseResponses = Replies(Data(PulseSchema));
export type PulseDto = Static<typeof PulseSchema>;

export type EventSource = Static<typeof EventSourceSchema>;
export type OddsPriceDto = Static<typeof OddsPriceSchema>;
export type ProviderOddsDto = Static<typeof ProviderOddsSchema>;
export type MarketOddsDto = Static<typeof MarketOddsSchema>;
export type OddsEventDto = Static<typeof OddsEventSchema>;
export type OddsListDto = Static<typeof OddsListSchema>;
export type SummaryDto = Static<typeof SummarySchema>;
export type OpeningPriceDto = Static<typeof OpeningPriceSchema>;
export type EventDetailDto = Static<typeof EventDetailSchema>;
export type PriceSeriesDto = Static<typeof PriceSeriesSchema>;
export type HistoryDto = Static<typeof HistorySchema>;
export type PriceDropDto = Static<typeof PriceDropSchema>;
export type DropsDto = Static<typeof DropsSchema>;
export type DropWindowH = (typeof DROP_WINDOWS_H)[number];
