/** SQL for ingest runs: one row per batch, whatever became of it. */
import type { Executor } from '../../core/db/connect';
import type { IngestRunsTable } from './odds.tables';

export type IngestRunRow = IngestRunsTable;

export async function insertIngestRun(db: Executor, row: IngestRunRow): Promise<void> {
  await db.insertInto('ingest_runs').values(row).execute();
}
