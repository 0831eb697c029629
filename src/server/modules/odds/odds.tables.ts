/**
 * Odds table interfaces, merged into `Database` in src/server/database.ts.
 * Times are epoch milliseconds (bigint columns), booleans are 0/1 integers, so SQLite and
 * PostgreSQL store and compare them alike.
 */
import type { EventStatus, IngestSource, IngestStatus } from '@shared/contract/ingest';
import type { Generated } from 'kysely';
import type { EventSource } from '@shared/contract/odds';

/** Lookup rows, seeded by the odds migration from docs/product.md#entities. */
interface CompetitionsTable {
  id: number;
  name: string;
  flag: string;
}

interface ProvidersTable {
  id: number;
  name: string;
}

interface MarketsTable {
  id: number;
  name: string;
  /** Selection ids in column order, comma-separated ("1,2,3"). */
  selections: string;
}

export interface EventsTable {
  /** `evt_` + 16 hex characters; the wire id. */
  id: string;
  country_id: number;
  competition_id: number;
  home: string;
  away: string;
  /** Normalized team keys the matcher compares (see matching/team-names.ts). */
  home_key: string;
  away_key: string;
  kickoff_at: number;
  /** The match's Sportradar id (digits) where a book gave it: it decides identity. */
  sportradar_id: string | null;
  status: EventStatus;
  /** 'demo' when the demo simulator created the event; the API labels such data. */
  source: EventSource;
  created_at: number;
  updated_at: number;
}

/** A provider's own id for an event, mapped to the matched event. */
interface EventExternalIdsTable {
  provider_id: number;
  external_id: string;
  event_id: string;
  created_at: number;
}

/** One row per (event, market, provider, selection); `value` null means withdrawn. */
interface CurrentPricesTable {
  event_id: string;
  market_id: number;
  provider_id: number;
  selection_id: number;
  value: number | null;
  /** The last real price before the current one (null when there was none). */
  previous_value: number | null;
  /** When the value last changed (the feed's fetchedAt, never later than ingestion). */
  changed_at: number;
  boosted: number;
  /** Beside a boosted price: the regular price it replaces, when the feed says. */
  regular_value: number | null;
  /** What the book needs to book the price; never published. */
  ref: string | null;
}

/** Append-only: one row per change of value or boost, written in the run that saw it. */
interface PriceHistoryTable {
  run_id: string;
  event_id: string;
  market_id: number;
  provider_id: number;
  selection_id: number;
  value: number | null;
  boosted: number;
  changed_at: number;
  /** Odds version of the batch that wrote the row: orders changes dated alike (0 when unknown). */
  version: number;
}

export interface IngestRunsTable {
  id: string;
  /** Odds version this run produced; null unless applied. */
  version: number | null;
  source: IngestSource;
  provider_id: number | null;
  country_id: number | null;
  fetched_at: number | null;
  started_at: number;
  finished_at: number;
  status: IngestStatus;
  events_seen: number;
  events_created: number;
  prices_seen: number;
  prices_changed: number;
  prices_withdrawn: number;
  error: string | null;
}

/**
 * A single row (id 1) whose version rises with every applied batch. Taking it first in an
 * ingest transaction serializes writers, and API processes poll it to know when to rebuild.
 */
interface OddsVersionTable {
  id: number;
  version: number;
  updated_at: number;
}

/**
 * One row per country: the latest moment an applied batch changed or confirmed prices of it
 * (the lists' `updatedAt`).
 */
interface OddsCountryUpdatesTable {
  country_id: number;
  updated_at: number;
}

/** When each book's latest applied read of a league was made (fresh prices). */
interface OddsBookReadsTable {
  provider_id: number;
  country_id: number;
  competition_id: number;
  read_at: number;
}

/** The odds version of the last batch that listed an event or changed its prices (the snapshot's delta). */
interface EventsVersionColumn {
  odds_version: Generated<number>;
}

export interface OddsTables {
  competitions: CompetitionsTable;
  providers: ProvidersTable;
  markets: MarketsTable;
  events: EventsTable & EventsVersionColumn;
  event_external_ids: EventExternalIdsTable;
  current_prices: CurrentPricesTable;
  price_history: PriceHistoryTable;
  ingest_runs: IngestRunsTable;
  odds_version: OddsVersionTable;
  odds_country_updates: OddsCountryUpdatesTable;
  odds_book_reads: OddsBookReadsTable;
}
