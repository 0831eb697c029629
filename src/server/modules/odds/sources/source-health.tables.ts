/** The live collector's source health, merged into `Database` in src/server/database.ts. */

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

/** Names of a book's last batch per competition that matching could not place. */
export interface OddsNameIssuesTable {
  provider_id: number;
  competition_id: number;
  /** 'unmatched' (the alias table does not know the name) | 'ambiguous' (two clubs or two matches). */
  kind: string;
  /** The book's spelling. */
  name: string;
  /** Listings of that batch carrying the name. */
  listings: number;
  /** JSON list: the clubs or matches an ambiguous name can mean; [] for unmatched. */
  candidates: string;
  /** One listing as the book named it, "Home - Away". */
  example: string;
  updated_at: number;
}

export interface SourceHealthTables {
  odds_source_health: OddsSourceHealthTable;
  odds_name_issues: OddsNameIssuesTable;
}
