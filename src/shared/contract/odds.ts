/** Request and response schemas of the odds routes (ARCHITECTURE §3). */
import { type Static, Type } from '@sinclair/typebox';
import { Data, ErrorResponses } from './envelope';

const idOrSlug = Type.String({
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
const EventSourceSchema = Type.Union([Type.Literal('demo'), Type.Literal('live')]);
const Source = EventSourceSchema;

const OddsPriceSchema = Type.Object({
  selectionTypeId: Type.Integer(),
  value: Type.Union([Type.Number(), Type.Null()]),
  flags: Type.Integer({ description: 'Bits: Boosted 1, Increased 2, Decreased 4, Best 8' }),
});

const ProviderOddsSchema = Type.Object({
  providerId: Type.Integer(),
  margin: Type.Union([Type.Number(), Type.Null()]),
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

const OddsListSchema = Type.Object({ events: Type.Array(OddsEventSchema), source: Source });

const SummarySchema = Type.Object({
  competitionIds: Type.Array(Type.Integer()),
  marketIds: Type.Array(Type.Integer()),
  numEvents: Type.Integer(),
  numBookmakers: Type.Integer(),
  numOdds: Type.Integer(),
  source: Source,
});

export const OddsListResponse = Data(OddsListSchema);
export const SummaryResponse = Data(SummarySchema);

/** Response schemas by status of the odds routes (304 carries no body). */
export const OddsListResponses = { 200: OddsListResponse, ...ErrorResponses };
export const SummaryResponses = { 200: SummaryResponse, ...ErrorResponses };

export type EventSource = Static<typeof EventSourceSchema>;
export type OddsPriceDto = Static<typeof OddsPriceSchema>;
export type ProviderOddsDto = Static<typeof ProviderOddsSchema>;
export type MarketOddsDto = Static<typeof MarketOddsSchema>;
export type OddsEventDto = Static<typeof OddsEventSchema>;
export type OddsListDto = Static<typeof OddsListSchema>;
export type SummaryDto = Static<typeof SummarySchema>;
