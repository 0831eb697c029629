/**
 * Request and response schemas of the bettor tools' lists (docs/architecture.md#http-api):
 * GET /api/odds/surebets and GET /api/odds/value. The arithmetic is in `src/shared/betting`.
 */
import { type Static, Type } from '@sinclair/typebox';
import { DEVIG_METHODS } from '../betting/devig';
import { BOOKS_PARAM_PATTERN } from '../my-books';
import { Data, Replies } from './envelope';
import { EVENT_MARKET_FIELDS, EVENT_PRICE_FIELDS, idOrSlug } from './odds';

const country = idOrSlug;

/** "My books only" (docs/api.md): the lists computed over these books alone. */
const books = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 39,
    pattern: BOOKS_PARAM_PATTERN,
    description: 'Provider ids joined by commas (1,3): only these books count; an unknown id answers UNKNOWN_BOOKMAKER',
  }),
);

export const SurebetsQuery = Type.Object(
  {
    country,
    boosts: Type.Optional(
      Type.Union([Type.Literal('0'), Type.Literal('1')], {
        description: '1 to let boosted prices make a sure bet (default 0: boosted prices left out)',
      }),
    ),
    books,
  },
  { additionalProperties: false },
);

export const ValueQuery = Type.Object(
  {
    country,
    method: Type.Optional(
      Type.Union(
        DEVIG_METHODS.map((m) => Type.Literal(m)),
        { description: 'How each book is de-vigged (default multiplicative)' },
      ),
    ),
    min: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 6,
        pattern: '^[0-9]{1,3}(\\.[0-9]{1,2})?$',
        description: 'Minimum edge in percent, inclusive, 0 to 999.99 with at most 2 decimals (default 2)',
      }),
    ),
    books,
  },
  { additionalProperties: false },
);

const SurebetLegSchema = Type.Object({
  selectionTypeId: Type.Integer(),
  providerId: Type.Integer({ description: 'The book with the best price (the lowest id on a tie)' }),
  value: Type.Number(),
});

const SurebetSchema = Type.Object({
  ...EVENT_MARKET_FIELDS,
  profitPct: Type.Number({ description: '(1 / Σ 1/best − 1) × 100, 2 decimals' }),
  legs: Type.Array(SurebetLegSchema, { description: 'One per selection, in selection order' }),
});

const SurebetsSchema = Type.Object({ surebets: Type.Array(SurebetSchema) });

const ValueBetSchema = Type.Object({
  ...EVENT_PRICE_FIELDS,
  value: Type.Number({ description: 'The offered price (never a boosted one)' }),
  fairValue: Type.Number({ description: '1 / fair probability, 2 decimals' }),
  edgePct: Type.Number({ description: '(value × fair probability − 1) × 100, 2 decimals' }),
  checkPrice: Type.Boolean({
    description: 'Edge above 25 %: implausible (most likely a wrong or stale price); listed after every plausible one',
  }),
});

const ValueBetsSchema = Type.Object({ values: Type.Array(ValueBetSchema) });

export const SurebetsResponse = Data(SurebetsSchema);
export const ValueBetsResponse = Data(ValueBetsSchema);

/** Response schemas by status (304 carries no body). */
export const SurebetsResponses = Replies(SurebetsResponse);
export const ValueBetsResponses = Replies(ValueBetsResponse);

export type SurebetDto = Static<typeof SurebetSchema>;
export type SurebetsDto = Static<typeof SurebetsSchema>;
export type ValueBetDto = Static<typeof ValueBetSchema>;
export type ValueBetsDto = Static<typeof ValueBetsSchema>;
