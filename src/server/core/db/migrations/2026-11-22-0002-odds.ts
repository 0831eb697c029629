/**
 * Odds: lookups (seeded with the ids of docs/product.md#entities as they stand today; later changes get their
 * own migration), events and providers' ids for them, current prices, append-only price
 * history, ingest runs and the odds version row. Plain types only so it runs on SQLite and
 * PostgreSQL alike; times are epoch milliseconds.
 */
import type { Kysely } from 'kysely';

const COMPETITIONS = [
  { id: 1, name: 'Premier League', flag: 'ENG' },
  { id: 2, name: 'La Liga', flag: 'ESP' },
  { id: 3, name: 'Serie A', flag: 'ITA' },
  { id: 4, name: 'Bundesliga', flag: 'DE' },
];
const PROVIDERS = [
  { id: 1, name: 'Bet9Ja' },
  { id: 2, name: 'BetKing' },
  { id: 3, name: 'SportyBet' },
  { id: 4, name: 'NairaBet' },
  { id: 5, name: '1XBet' },
];
const MARKETS = [
  { id: 1, name: '1X2', selections: '1,2,3' },
  { id: 2, name: 'OU0.5', selections: '4,5' },
  { id: 3, name: 'OU1.5', selections: '6,7' },
  { id: 4, name: 'OU2.5', selections: '8,9' },
  { id: 5, name: 'OU3.5', selections: '10,11' },
  { id: 6, name: 'OU4.5', selections: '12,13' },
  { id: 7, name: 'BTTS', selections: '14,15' },
  { id: 8, name: 'DC', selections: '16,17,18' },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('competitions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('flag', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('providers')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('markets')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('selections', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('competitions').values(COMPETITIONS).execute();
  await db.insertInto('providers').values(PROVIDERS).execute();
  await db.insertInto('markets').values(MARKETS).execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('country_id', 'integer', (c) => c.notNull())
    .addColumn('competition_id', 'integer', (c) => c.notNull().references('competitions.id'))
    .addColumn('home', 'text', (c) => c.notNull())
    .addColumn('away', 'text', (c) => c.notNull())
    .addColumn('home_key', 'text', (c) => c.notNull())
    .addColumn('away_key', 'text', (c) => c.notNull())
    .addColumn('kickoff_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_country_kickoff').on('events').columns(['country_id', 'kickoff_at']).execute();
  await db.schema
    .createIndex('events_competition_kickoff')
    .on('events')
    .columns(['competition_id', 'kickoff_at'])
    .execute();

  await db.schema
    .createTable('event_external_ids')
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id'))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_external_ids_pk', ['provider_id', 'external_id'])
    .execute();
  await db.schema.createIndex('event_external_ids_event').on('event_external_ids').column('event_id').execute();

  await db.schema
    .createTable('current_prices')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.id'))
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id'))
    .addColumn('selection_id', 'integer', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .addColumn('previous_value', 'double precision')
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .addColumn('boosted', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('current_prices_pk', ['event_id', 'market_id', 'provider_id', 'selection_id'])
    .execute();

  await db.schema
    .createTable('price_history')
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('provider_id', 'integer', (c) => c.notNull())
    .addColumn('selection_id', 'integer', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .addColumn('boosted', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('price_history_pk', ['run_id', 'event_id', 'market_id', 'provider_id', 'selection_id'])
    .execute();
  await db.schema
    .createIndex('price_history_price_time')
    .on('price_history')
    .columns(['event_id', 'market_id', 'provider_id', 'selection_id', 'changed_at'])
    .execute();

  await db.schema
    .createTable('ingest_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'integer')
    .addColumn('country_id', 'integer')
    .addColumn('fetched_at', 'bigint')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('events_seen', 'integer', (c) => c.notNull())
    .addColumn('events_created', 'integer', (c) => c.notNull())
    .addColumn('prices_seen', 'integer', (c) => c.notNull())
    .addColumn('prices_changed', 'integer', (c) => c.notNull())
    .addColumn('prices_withdrawn', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('ingest_runs_started').on('ingest_runs').column('started_at').execute();

  await db.schema
    .createTable('odds_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('odds_version').values({ id: 1, version: 0, updated_at: 0 }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'odds_version',
    'ingest_runs',
    'price_history',
    'current_prices',
    'event_external_ids',
    'events',
    'markets',
    'providers',
    'competitions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
