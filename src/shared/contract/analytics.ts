/**
 * POST /api/analytics/events (docs/architecture.md#http-api): aggregate-only product analytics. Plain enums
 * rather than unions of literals: one clear error per bad field.
 */
import { type Static, Type } from '@sinclair/typebox';
import { COUNTRIES } from '../lookups';
import { Data, ErrorResponses } from './envelope';

const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'user_registration_completed',
  'user_login_success',
  'critical_error',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

const MAX_ANALYTICS_EVENTS = 50;

const AnalyticsEventSchema = Type.Object({
  name: Type.Unsafe<AnalyticsEventName>({ type: 'string', enum: [...ANALYTICS_EVENT_NAMES] }),
  country: Type.Unsafe<number | null>({ type: ['integer', 'null'], enum: [...COUNTRIES.map((c) => c.id), null] }),
  path: Type.String({ maxLength: 2048 }),
  at: Type.String({ format: 'date-time' }),
  code: Type.Optional(Type.String({ maxLength: 64 })),
});

export const AnalyticsEventsBody = Type.Object({
  events: Type.Array(AnalyticsEventSchema, { minItems: 1, maxItems: MAX_ANALYTICS_EVENTS }),
});

export const AnalyticsEventsResponses = {
  202: Data(Type.Object({ accepted: Type.Integer() })),
  ...ErrorResponses,
};

export type AnalyticsEventDto = Static<typeof AnalyticsEventSchema>;
