/** Request and response schemas of the odds routes (ARCHITECTURE §3). */
import { Type } from '@sinclair/typebox';
import { Data } from '../../routes/schemas';

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

const Source = Type.Union([Type.Literal('demo'), Type.Literal('live')]);

const OddsEvent = Type.Object({
  id: Type.String(),
  name: Type.String(),
  date: Type.String({ format: 'date-time' }),
  competitionId: Type.Integer(),
  markets: Type.Array(
    Type.Object({
      marketId: Type.Integer(),
      odds: Type.Array(
        Type.Object({
          providerId: Type.Integer(),
          margin: Type.Union([Type.Number(), Type.Null()]),
          odds: Type.Array(
            Type.Object({
              selectionTypeId: Type.Integer(),
              value: Type.Union([Type.Number(), Type.Null()]),
              flags: Type.Integer({ description: 'Bits: Boosted 1, Increased 2, Decreased 4, Best 8' }),
            }),
          ),
        }),
      ),
    }),
  ),
});

export const OddsListResponse = Data(Type.Object({ events: Type.Array(OddsEvent), source: Source }));

export const SummaryResponse = Data(
  Type.Object({
    competitionIds: Type.Array(Type.Integer()),
    marketIds: Type.Array(Type.Integer()),
    numEvents: Type.Integer(),
    numBookmakers: Type.Integer(),
    numOdds: Type.Integer(),
    source: Source,
  }),
);
