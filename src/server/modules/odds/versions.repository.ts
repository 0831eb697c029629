/**
 * SQL of what orders and dates the odds (only repositories hold SQL): the
 * odds version every batch raises, each country's latest update, when each book last read each
 * league, and which runs produced which versions.
 */
import type { Executor } from '../../core/db/connect';

export async function readOddsVersion(db: Executor): Promise<number> {
  const row = await db.selectFrom('odds_version').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * Raises the odds version and returns it. Run first in an ingest transaction: the row lock
 * (PostgreSQL) or write lock (SQLite) it takes serializes concurrent batches, so each diff
 * sees the prices the previous batch committed.
 */
export async function bumpOddsVersion(trx: Executor, now: number): Promise<number> {
  const row = await trx
    .updateTable('odds_version')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * Records that an applied batch changed or confirmed prices of a country at `at`: the
 * country's `updatedAt` moves forward, never back.
 */
export async function touchCountryUpdate(db: Executor, countryId: number, at: number): Promise<void> {
  await db
    .insertInto('odds_country_updates')
    .values({ country_id: countryId, updated_at: at })
    .onConflict((oc) =>
      oc
        .column('country_id')
        .doUpdateSet((eb) => ({ updated_at: eb.ref('excluded.updated_at') }))
        .where('odds_country_updates.updated_at', '<', at),
    )
    .execute();
}

/** Each country's latest change or confirmation of prices (epoch ms); countries without any are absent. */
export async function findCountryUpdates(db: Executor): Promise<Map<number, number>> {
  const rows = await db.selectFrom('odds_country_updates').select(['country_id', 'updated_at']).execute();
  return new Map(rows.map((r) => [Number(r.country_id), Number(r.updated_at)]));
}

/** Records that a book read these leagues of a country at `at` (forward only). */
export async function touchBookReads(
  db: Executor,
  providerId: number,
  countryId: number,
  competitionIds: readonly number[],
  at: number,
): Promise<void> {
  const rows = [...new Set(competitionIds)].map((competitionId) => ({
    provider_id: providerId,
    country_id: countryId,
    competition_id: competitionId,
    read_at: at,
  }));
  if (rows.length === 0) return;
  await db
    .insertInto('odds_book_reads')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['provider_id', 'country_id', 'competition_id'])
        .doUpdateSet((eb) => ({ read_at: eb.ref('excluded.read_at') }))
        .where('odds_book_reads.read_at', '<', at),
    )
    .execute();
}

/** Key of a book's league in {@link findBookReads}' map. */
export const bookReadKey = (providerId: number, countryId: number, competitionId: number) =>
  `${providerId}|${countryId}|${competitionId}`;

/** When each book last read each league (epoch ms), by {@link bookReadKey}. */
export async function findBookReads(db: Executor): Promise<Map<string, number>> {
  const rows = await db.selectFrom('odds_book_reads').selectAll().execute();
  return new Map(
    rows.map((r) => [
      bookReadKey(Number(r.provider_id), Number(r.country_id), Number(r.competition_id)),
      Number(r.read_at),
    ]),
  );
}

/** Providers whose applied batches (or withdrawals) produced odds versions after `version`. */
export async function findProvidersAfter(db: Executor, version: number): Promise<number[]> {
  const rows = await db
    .selectFrom('ingest_runs')
    .select('provider_id')
    .distinct()
    .where('version', '>', version)
    .where('provider_id', 'is not', null)
    .execute();
  return rows.map((r) => Number(r.provider_id));
}

/** When each batch (or withdrawal) of odds versions in (`after`, `upTo`] committed: version → finished_at. */
export async function findCommitTimes(db: Executor, after: number, upTo: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('ingest_runs')
    .select(['version', 'finished_at'])
    .where('version', '>', after)
    .where('version', '<=', upTo)
    .execute();
  return new Map(rows.map((r) => [Number(r.version), Number(r.finished_at)]));
}
