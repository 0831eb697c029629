/** The live collector's source health (docs/sources.md), merged into `Database` in src/server/database.ts. */

export interface OddsSourceHealthTable {
  provider_id: number;
  /** 'ok' | 'degraded' | 'down' | 'off' as the collector last judged it. */
  state: string;
  last_success_at: number | null;
  last_error: string | null;
  latency_ms: number | null;
  /** JSON: [{competitionId, events, prices, fetchedAt}]. */
  leagues: string;
  updated_at: number;
}

export interface SourceHealthTables {
  odds_source_health: OddsSourceHealthTable;
}
