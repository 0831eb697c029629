/** Wire data of alerts and notifications (docs/architecture.md#http-api). */
import type { AlertDto, NotificationDto } from '../../../src/shared/contract/alerts';
import { EVENT_ID } from '../match/match-support';

export function alertDto(overrides: Partial<AlertDto> = {}): AlertDto {
  return {
    id: 'a1',
    eventId: EVENT_ID,
    name: 'Arsenal vs Chelsea',
    date: '2026-11-28T15:00:00Z',
    marketId: 1,
    selectionTypeId: 1,
    providerId: null,
    atLeast: 2.5,
    dropPct: null,
    includeBoosted: false,
    status: 'active',
    createdAt: '2026-11-27T10:00:00Z',
    firedAt: null,
    firedValue: null,
    firedProviderId: null,
    ...overrides,
  };
}

export function notificationDto(overrides: Partial<NotificationDto> = {}): NotificationDto {
  return {
    id: 'n1',
    alertId: 'a1',
    eventId: EVENT_ID,
    name: 'Arsenal vs Chelsea',
    marketId: 1,
    selectionTypeId: 1,
    providerId: 2,
    value: 2.55,
    bestValue: null,
    bestProviderId: null,
    at: '2026-11-27T14:05:00Z',
    read: false,
    ...overrides,
  };
}
