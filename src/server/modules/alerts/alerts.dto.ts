/** Rows of the alerts tables as the API and the index see them. */
import type { AlertDto, AlertSettingsDto, NotificationDto } from '@shared/contract/alerts';
import { iso, isoOrNull } from '../../core/time';
import type { IndexedAlert } from './alert-index';
import type { AlertRow } from './alerts.repository';
import type { NotificationRow, SettingsRow } from './delivery.repository';
import { DEFAULT_SETTINGS } from './watchlist.repository';

export function alertDto(row: AlertRow): AlertDto {
  return {
    id: row.id,
    eventId: row.event_id,
    name: row.event_name,
    date: iso(row.kickoff_at),
    marketId: row.market_id,
    selectionTypeId: row.selection_id,
    providerId: row.provider_id,
    atLeast: row.at_least,
    dropPct: row.drop_pct,
    includeBoosted: row.include_boosted === 1,
    status: row.status,
    createdAt: iso(row.created_at),
    firedAt: isoOrNull(row.fired_at),
    firedValue: row.fired_value,
    firedProviderId: row.fired_provider_id,
  };
}

export function notificationDto(row: NotificationRow): NotificationDto {
  return {
    id: row.id,
    alertId: row.alert_id,
    eventId: row.event_id,
    name: row.event_name,
    marketId: row.market_id,
    selectionTypeId: row.selection_id,
    providerId: row.provider_id,
    value: row.value,
    bestValue: row.best_value,
    bestProviderId: row.best_provider_id,
    at: iso(row.created_at),
    read: row.read_at !== null,
  };
}

export function settingsDto(row: Pick<SettingsRow, 'in_app' | 'email' | 'push'> | undefined): AlertSettingsDto {
  const s = row ?? DEFAULT_SETTINGS;
  return { inApp: s.in_app === 1, email: s.email === 1, push: s.push === 1 };
}

export function indexed(row: AlertRow): IndexedAlert {
  const reference = new Map<number, number>();
  try {
    for (const [provider, value] of Object.entries(JSON.parse(row.reference_prices) as Record<string, number>)) {
      reference.set(Number(provider), value);
    }
  } catch {
    // A damaged reference only disables the drop rule of that alert.
  }
  return {
    id: row.id,
    userId: row.user_id,
    eventId: row.event_id,
    eventName: row.event_name,
    marketId: row.market_id,
    selectionId: row.selection_id,
    providerId: row.provider_id,
    atLeast: row.at_least,
    dropPct: row.drop_pct,
    includeBoosted: row.include_boosted === 1,
    reference,
    createdAt: row.created_at,
    kickoffAt: row.kickoff_at,
  };
}
