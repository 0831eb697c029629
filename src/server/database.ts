/**
 * The Kysely `Database` type (one `database.ts`), composed from each module's
 * tables. Times are epoch milliseconds in bigint columns, so SQLite and PostgreSQL store and
 * compare them the same way. Core code imports only this type, never a module.
 */
import type { AccountsTables } from './modules/accounts/accounts.tables';
import type { AlertsTables } from './modules/alerts/alerts.tables';
import type { AnalyticsTables } from './modules/analytics/analytics.tables';
import type { FeedbackTables } from './modules/feedback/feedback.tables';
import type { OddsTables } from './modules/odds/odds.tables';
import type { SourceHealthTables } from './modules/odds/sources/source-health.tables';

export interface Database
  extends AccountsTables, FeedbackTables, AnalyticsTables, OddsTables, SourceHealthTables, AlertsTables {}
