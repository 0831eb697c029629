/**
 * Booking codes (docs/api.md, "Booking codes"): load a bookmaker's code into our matches and
 * markets, and create a code at a bookmaker for a slip. Request and response schemas of
 * GET /api/booking/:provider/:code and POST /api/booking/:provider.
 */
import { type Static, Type } from '@sinclair/typebox';
import { Data, ErrorResponses, Literals, Replies } from './envelope';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** Longest code any book hands out is far below this; the book's own pattern is checked by the server. */
export const BOOKING_CODE_MAX_LENGTH = 20;
/** One slip of the app holds at most this many legs (the books cap theirs near it too). */
export const BOOKING_LEGS_MAX = 30;

const ProviderParam = Type.String({ pattern: '^[0-9]{1,3}$', description: 'Bookmaker id (1 Bet9Ja … 5 1XBet)' });

export const BookingLoadParams = Type.Object({
  provider: ProviderParam,
  code: Type.String({
    minLength: 1,
    maxLength: BOOKING_CODE_MAX_LENGTH,
    description: "The booking code as the book shows it; checked against that book's pattern",
  }),
});

export const BookingCreateParams = Type.Object({ provider: ProviderParam });

/** Why a leg of a loaded code maps to none of our matches or markets (docs/api.md). */
const UnmappedReasonSchema = Literals('match_not_found', 'market_not_compared', 'unavailable');
export type UnmappedReason = Static<typeof UnmappedReasonSchema>;

const LoadedLegSchema = Type.Object({
  eventId: Nullable(Type.String()),
  home: Type.String(),
  away: Type.String(),
  kickoff: Nullable(Type.String({ format: 'date-time' })),
  market: Nullable(Type.Integer()),
  selection: Nullable(Type.Integer()),
  /** The price the code was made with (null when the book no longer gives one). */
  price: Nullable(Type.Number()),
  /** What the book calls the leg ("1X2 · Home"), plain text, for unmapped legs. */
  label: Type.String(),
  matched: Type.Boolean(),
  reason: Type.Optional(UnmappedReasonSchema),
});
export type LoadedLegDto = Static<typeof LoadedLegSchema>;

const LoadedCodeSchema = Type.Object({
  provider: Type.Integer(),
  code: Type.String(),
  /** When the code dies: its earliest kick-off. */
  expiresAt: Nullable(Type.String({ format: 'date-time' })),
  legs: Type.Array(LoadedLegSchema),
});
export type LoadedCodeDto = Static<typeof LoadedCodeSchema>;

export const BookingLoadResponses = Replies(Data(LoadedCodeSchema));

const LegRef = {
  eventId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'Event id' }),
  market: Type.Integer({ minimum: 1, maximum: 999, description: 'Market id' }),
  selection: Type.Integer({ minimum: 1, maximum: 999, description: 'Selection id of the market' }),
};

export const BookingCreateBody = Type.Object(
  {
    legs: Type.Array(Type.Object(LegRef, { additionalProperties: false }), {
      minItems: 1,
      maxItems: BOOKING_LEGS_MAX,
    }),
  },
  { additionalProperties: false },
);
export type BookingCreateBodyDto = Static<typeof BookingCreateBody>;

/** Why a leg of a slip was left out of a created code. */
const SkipReasonSchema = Literals('not_offered', 'suspended', 'started', 'needs_live_prices');
export type SkipReason = Static<typeof SkipReasonSchema>;

const BookedLegSchema = Type.Object({ ...LegRef, price: Type.Number() });
const SkippedLegSchema = Type.Object({ ...LegRef, reason: SkipReasonSchema });

const CreatedCodeSchema = Type.Object({
  provider: Type.Integer(),
  code: Type.String(),
  /** The book's own link that opens the slip. */
  url: Type.String(),
  legs: Type.Array(BookedLegSchema),
  skipped: Type.Array(SkippedLegSchema),
});
export type CreatedCodeDto = Static<typeof CreatedCodeSchema>;

export const BookingCreateResponses = { 201: Data(CreatedCodeSchema), ...ErrorResponses };
