/**
 * SQL of the live collector: the per-book health rows the collector writes
 * and every API process reads, and the name issues of the books' latest batches. (Withdrawing a
 * failing book's stale prices is an ingest step: ingest/withdrawal.ts, through the odds service.)
 */
import type { Executor } from '../../../core/db/connect';
import type { OddsNameIssuesTable, OddsSourceHealthTable } from './source-health.tables';
import { chunksInTurns } from '../sql-chunks';

export type SourceHealthRow = OddsSourceHealthTable;

export async function writeSourceHealth(db: Executor, row: SourceHealthRow): Promise<void> {
  await db
    .insertInto('odds_source_health')
    .values(row)
    .onConflict((oc) =>
      oc.column('provider_id').doUpdateSet({
        state: row.state,
        last_success_at: row.last_success_at,
        last_error: row.last_error,
        latency_ms: row.latency_ms,
        leagues: row.leagues,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function readSourceHealth(db: Executor): Promise<SourceHealthRow[]> {
  const rows = await db.selectFrom('odds_source_health').selectAll().orderBy('provider_id').execute();
  return rows.map((r) => ({
    provider_id: Number(r.provider_id),
    state: r.state,
    last_success_at: r.last_success_at === null ? null : Number(r.last_success_at),
    last_error: r.last_error,
    latency_ms: r.latency_ms === null ? null : Number(r.latency_ms),
    leagues: r.leagues,
    updated_at: Number(r.updated_at),
  }));
}

export type NameIssueRow = OddsNameIssuesTable;

/**
 * Replaces a provider's name issues of the given competitions with those of its latest batch
 * (so a name fixed in the alias table leaves the report at the next batch).
 */
export async function replaceNameIssues(
  db: Executor,
  providerId: number,
  competitionIds: readonly number[],
  rows: readonly NameIssueRow[],
): Promise<void> {
  if (competitionIds.length === 0) return;
  await db
    .deleteFrom('odds_name_issues')
    .where('provider_id', '=', providerId)
    .where('competition_id', 'in', [...competitionIds])
    .execute();
  for await (const part of chunksInTurns(rows, 200)) await db.insertInto('odds_name_issues').values(part).execute();
}

export async function readNameIssues(db: Executor): Promise<NameIssueRow[]> {
  const rows = await db
    .selectFrom('odds_name_issues')
    .selectAll()
    .orderBy('provider_id')
    .orderBy('kind')
    .orderBy('listings', 'desc')
    .orderBy('name')
    .execute();
  return rows.map((r) => ({
    ...r,
    provider_id: Number(r.provider_id),
    competition_id: Number(r.competition_id),
    listings: Number(r.listings),
    updated_at: Number(r.updated_at),
  }));
}
