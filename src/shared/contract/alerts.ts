/**
 * Favourite teams, price alerts, notifications and their delivery (docs/architecture.md#http-api, #alerts):
 * request and response schemas of the /api/users/me/… watchlist calls and of the one-click
 * e-mail unsubscribe. Limits come from src/shared/constants.ts.
 */
import { type Static, Type } from '@sinclair/typebox';
import { FAVOURITE_TEAMS_MAX, FAVOURITE_TEAM_MAX_LENGTH, ALERT_DROP_PCT_MAX } from '../constants';
import { FEED_LIMITS } from './ingest';
import { Data, ErrorResponses, NoContent } from './envelope';

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const EventId = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'Event id (evt_ + 16 hex characters)',
});
const Id = (description: string) => Type.Integer({ minimum: 1, maximum: 999_999, description });
const Price = Type.Number({ exclusiveMinimum: 1, maximum: FEED_LIMITS.maxPrice, description: 'Decimal odds' });

// ---- favourites ----

/** Team names as the odds lists spell them; trimmed and deduplicated by the server. */
export const FavouritesBody = Type.Object(
  {
    teams: Type.Array(Type.String({ minLength: 1, maxLength: FAVOURITE_TEAM_MAX_LENGTH }), {
      maxItems: FAVOURITE_TEAMS_MAX,
    }),
  },
  { additionalProperties: false },
);
const FavouritesSchema = Type.Object({ teams: Type.Array(Type.String()) });
export const FavouritesResponse = { 200: Data(FavouritesSchema), ...ErrorResponses };

// ---- alerts ----

/** At least one of `atLeast` / `dropPct` (checked by the service: 400 otherwise). */
export const CreateAlertBody = Type.Object(
  {
    eventId: EventId,
    marketId: Id('Market id'),
    selectionTypeId: Id('Selection id; must belong to the market'),
    providerId: Type.Optional(Nullable(Id('Bookmaker id; absent or null = any book'))),
    atLeast: Type.Optional(Nullable(Price)),
    dropPct: Type.Optional(
      Nullable(
        Type.Number({
          exclusiveMinimum: 0,
          maximum: ALERT_DROP_PCT_MAX,
          description: 'Fires when a price falls by at least this percentage from its price at creation',
        }),
      ),
    ),
    includeBoosted: Type.Optional(Type.Boolean({ description: 'Boosted prices count (default false)' })),
  },
  { additionalProperties: false },
);

export const AlertStatusSchema = Type.Union([Type.Literal('active'), Type.Literal('fired'), Type.Literal('ended')]);

export const AlertSchema = Type.Object({
  id: Type.String(),
  eventId: Type.String(),
  /** The match ("Home v Away") and its kick-off, for lists that outlive the odds snapshot. */
  name: Type.String(),
  date: Time,
  marketId: Type.Integer(),
  selectionTypeId: Type.Integer(),
  providerId: Nullable(Type.Integer()),
  atLeast: Nullable(Type.Number()),
  dropPct: Nullable(Type.Number()),
  includeBoosted: Type.Boolean(),
  status: AlertStatusSchema,
  createdAt: Time,
  firedAt: Nullable(Time),
  firedValue: Nullable(Type.Number()),
  firedProviderId: Nullable(Type.Integer()),
});

export const AlertParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);
export const AlertResponse = { 201: Data(Type.Object({ alert: AlertSchema })), ...ErrorResponses };
export const AlertsResponse = { 200: Data(Type.Object({ alerts: Type.Array(AlertSchema) })), ...ErrorResponses };

// ---- notifications ----

export const NotificationSchema = Type.Object({
  id: Type.String(),
  alertId: Type.String(),
  eventId: Type.String(),
  /** The match, "Home v Away". */
  name: Type.String(),
  marketId: Type.Integer(),
  selectionTypeId: Type.Integer(),
  /** The book that moved and its price. */
  providerId: Type.Integer(),
  value: Type.Number(),
  /** The best current price of the selection when it fired; null when not known (older notifications). */
  bestValue: Nullable(Type.Number()),
  /** The book of `bestValue`: `providerId` itself when the book that moved held the best price. */
  bestProviderId: Nullable(Type.Integer()),
  at: Time,
  read: Type.Boolean(),
});

export const NotificationsResponse = {
  200: Data(Type.Object({ notifications: Type.Array(NotificationSchema), unread: Type.Integer({ minimum: 0 }) })),
  ...ErrorResponses,
};

export const NOTIFICATIONS_READ_MAX_IDS = 200;

/** `{ ids }` marks those read, `{ all: true }` marks every one read. */
export const ReadNotificationsBody = Type.Union([
  Type.Object(
    {
      ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: NOTIFICATIONS_READ_MAX_IDS,
      }),
    },
    { additionalProperties: false },
  ),
  Type.Object({ all: Type.Literal(true) }, { additionalProperties: false }),
]);
export const ReadNotificationsResponse = {
  200: Data(Type.Object({ unread: Type.Integer({ minimum: 0 }) })),
  ...ErrorResponses,
};

// ---- delivery settings ----

export const AlertSettingsSchema = Type.Object(
  { inApp: Type.Boolean(), email: Type.Boolean(), push: Type.Boolean() },
  { additionalProperties: false },
);
export const AlertSettingsBody = Type.Object(AlertSettingsSchema.properties, { additionalProperties: false });
export const AlertSettingsResponse = {
  200: Data(
    Type.Object({
      settings: AlertSettingsSchema,
      /** The VAPID public key for `PushManager.subscribe`; null when push is not configured. */
      vapidPublicKey: Nullable(Type.String()),
    }),
  ),
  ...ErrorResponses,
};

// ---- push subscriptions ----

/** The server itself sends only to https endpoints (docs/architecture.md#alerts). */
const Endpoint = Type.String({ minLength: 1, maxLength: 1000, pattern: '^https?://' });
/** The browser's `PushSubscription.toJSON()`; `expirationTime` is accepted and ignored. */
export const PushSubscriptionBody = Type.Object(
  {
    endpoint: Endpoint,
    expirationTime: Type.Optional(Nullable(Type.Number())),
    keys: Type.Object(
      {
        p256dh: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_=-]+$' }),
        auth: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_=-]+$' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export const DeletePushSubscriptionBody = Type.Object({ endpoint: Endpoint }, { additionalProperties: false });
export const PushSubscribedResponse = { 201: Data(Type.Object({})), ...ErrorResponses };
export const AlertsNoContentResponse = { 204: NoContent, ...ErrorResponses };

// ---- one-click unsubscribe (no bearer: the signed token in the e-mail's link) ----

export const UnsubscribeQuery = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 512, pattern: '^[A-Za-z0-9_.-]+$' }) },
  { additionalProperties: false },
);
/** GET answers a small HTML page (text/html); POST (RFC 8058 one-click) this JSON. */
export const UnsubscribePage = Type.String({ description: 'HTML page confirming alert e-mails are off' });
export const UnsubscribeResponse = { 200: Data(Type.Object({})), ...ErrorResponses };
export const UnsubscribePageResponse = { 200: UnsubscribePage, ...ErrorResponses };

export type FavouritesDto = Static<typeof FavouritesSchema>;
export type CreateAlertRequest = Static<typeof CreateAlertBody>;
export type AlertDto = Static<typeof AlertSchema>;
export type AlertStatus = Static<typeof AlertStatusSchema>;
export type NotificationDto = Static<typeof NotificationSchema>;
export type ReadNotificationsRequest = Static<typeof ReadNotificationsBody>;
export type AlertSettingsDto = Static<typeof AlertSettingsSchema>;
export type PushSubscriptionRequest = Static<typeof PushSubscriptionBody>;
