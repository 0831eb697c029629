/**
 * SQL of the live collector (docs/sources.md): the per-book health rows the collector writes
 * and every API process reads, and the withdrawal of a failing book's stale prices.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../database';
import type { Executor } from '../../../core/db/connect';
import type { CurrentPrice } from '../current-price';
import { insertIngestRun } from '../ingest-runs.repository';
import { bumpOddsVersion, insertHistory, markEventsChanged } from '../odds.repository';
import type { OddsNameIssuesTable, OddsSourceHealthTable } from './source-health.tables';
import { newId } from '../../../core/ids';

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

/**
 * Takes one book's prices of one competition's upcoming matches (every country) off the lists: the rows leave
 * `current_prices` (so the book shows nowhere and never counts as best), each withdrawal is
 * appended to the price history, an applied `live` run records it and the odds version rises
 * so every process rebuilds. Nothing happens (and 0 comes back) when the book has no such prices.
 */
export async function withdrawProviderPrices(
  db: Kysely<Database>,
  options: { provider: number; competition: number; now: number; reason: string },
): Promise<number> {
  const { provider, competition, now } = options;
  return db.transaction().execute(async (trx) => {
    const events = trx
      .selectFrom('events')
      .select('id')
      .where('competition_id', '=', competition)
      .where('kickoff_at', '>', now);
    const rows = await trx
      .selectFrom('current_prices')
      .selectAll()
      .where('provider_id', '=', provider)
      .where('event_id', 'in', events)
      .execute();
    if (rows.length === 0) return 0;
    const version = await bumpOddsVersion(trx, now);
    const runId = newId('run');
    const withdrawn: CurrentPrice[] = rows
      .filter((r) => r.value !== null)
      .map((r) => ({
        eventId: r.event_id,
        marketId: Number(r.market_id),
        providerId: provider,
        selectionId: Number(r.selection_id),
        value: null,
        previousValue: Number(r.value),
        changedAt: now,
        boosted: false,
        regularValue: null,
      }));
    await trx
      .deleteFrom('current_prices')
      .where('provider_id', '=', provider)
      .where('event_id', 'in', events)
      .execute();
    await insertHistory(trx, runId, version, withdrawn);
    await markEventsChanged(
      trx,
      rows.map((r) => r.event_id),
      version,
    );
    await insertIngestRun(trx, {
      id: runId,
      version,
      source: 'live',
      provider_id: provider,
      country_id: null,
      fetched_at: null,
      started_at: now,
      finished_at: now,
      status: 'applied',
      events_seen: new Set(rows.map((r) => r.event_id)).size,
      events_created: 0,
      prices_seen: 0,
      prices_changed: 0,
      prices_withdrawn: withdrawn.length,
      error: options.reason.slice(0, 2000),
    });
    return withdrawn.length;
  });
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
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('odds_name_issues')
      .values(rows.slice(i, i + 200))
      .execute();
  }
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
