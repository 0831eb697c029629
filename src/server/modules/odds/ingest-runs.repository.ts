/** SQL for ingest runs: one row per batch, whatever became of it. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../database';
import type { IngestRunsTable } from './odds.tables';

type Executor = Kysely<Database> | Transaction<Database>;

export type IngestRunRow = IngestRunsTable;

export async function insertIngestRun(db: Executor, row: IngestRunRow): Promise<void> {
  await db.insertInto('ingest_runs').values(row).execute();
}

/** When a bookmaker's batch for a country was read: the latest applied batch at or after `since`. */
export interface BookFetch {
  providerId: number;
  countryId: number;
  /** The batch's fetchedAt, never later than when it was ingested (a feed clock ahead counts as now). */
  fetchedAt: number;
}

/**
 * The latest read of each bookmaker and country among the applied batches that started at or
 * after `since` and produced an odds version up to `maxVersion` (the snapshot's, so a batch
 * committed after it is not counted). Runs without a fetchedAt (a collector's withdrawal) are left out.
 */
export async function findLatestFetches(db: Executor, since: number, maxVersion: number): Promise<BookFetch[]> {
  const rows = await db
    .selectFrom('ingest_runs')
    .select(['provider_id', 'country_id', 'fetched_at', 'started_at'])
    .where('started_at', '>=', since)
    .where('status', '=', 'applied')
    .where('version', '<=', maxVersion)
    .where('provider_id', 'is not', null)
    .where('country_id', 'is not', null)
    .where('fetched_at', 'is not', null)
    .execute();
  const latest = new Map<string, BookFetch>();
  for (const row of rows) {
    const fetch = {
      providerId: Number(row.provider_id),
      countryId: Number(row.country_id),
      fetchedAt: Math.min(Number(row.fetched_at), Number(row.started_at)),
    };
    const key = `${fetch.providerId}|${fetch.countryId}`;
    const seen = latest.get(key);
    if (!seen || fetch.fetchedAt > seen.fetchedAt) latest.set(key, fetch);
  }
  return [...latest.values()];
}
