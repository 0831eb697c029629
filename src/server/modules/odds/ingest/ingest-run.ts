/** What an ingest run reports back (`POST /api/ingest` → `{ data: { run } }`, the import CLI). */
import type { IngestRunDto } from '@shared/contract/ingest';
import type { IngestRunRow } from '../ingest-runs.repository';
import { iso } from '../../../core/time';

export function runDto(row: IngestRunRow): IngestRunDto {
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    provider: row.provider_id,
    country: row.country_id,
    fetchedAt: row.fetched_at === null ? null : iso(Number(row.fetched_at)),
    startedAt: iso(Number(row.started_at)),
    finishedAt: iso(Number(row.finished_at)),
    version: row.version === null ? null : Number(row.version),
    events: { seen: row.events_seen, created: row.events_created },
    prices: { seen: row.prices_seen, changed: row.prices_changed, withdrawn: row.prices_withdrawn },
    error: row.error,
  };
}
