/** The alerts tables, merged into `Database` in src/server/database.ts. */
import type { AlertStatus } from '@shared/contract/alerts';

interface FavouriteTeamsTable {
  user_id: string;
  position: number;
  team: string;
}

export interface AlertsTable {
  id: string;
  user_id: string;
  event_id: string;
  event_name: string;
  kickoff_at: number;
  market_id: number;
  selection_id: number;
  provider_id: number | null;
  at_least: number | null;
  drop_pct: number | null;
  include_boosted: number;
  /** JSON object providerId → price when the alert was created. */
  reference_prices: string;
  status: AlertStatus;
  created_at: number;
  fired_at: number | null;
  fired_value: number | null;
  fired_provider_id: number | null;
  ended_at: number | null;
}

export type EmailState = 'pending' | 'sent' | 'off';

export interface AlertNotificationsTable {
  id: string;
  user_id: string;
  alert_id: string;
  event_id: string;
  event_name: string;
  market_id: number;
  selection_id: number;
  provider_id: number;
  value: number;
  /** The best current price of the selection when it fired (null: none known, or fired before it was kept). */
  best_value: number | null;
  /** The book of `best_value`; the mover's own when it was the best. */
  best_provider_id: number | null;
  created_at: number;
  in_app: number;
  read_at: number | null;
  email_state: EmailState;
}

export interface AlertSettingsTable {
  user_id: string;
  in_app: number;
  email: number;
  push: number;
  last_mail_at: number | null;
  updated_at: number;
}

export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

export interface AlertsTables {
  favourite_teams: FavouriteTeamsTable;
  alerts: AlertsTable;
  alert_notifications: AlertNotificationsTable;
  alert_settings: AlertSettingsTable;
  push_subscriptions: PushSubscriptionsTable;
}
