/** SQL for analytics: per-day counts by event name and country, nothing per person. */
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/connect';
import type { AnalyticsDailyTable } from './analytics.tables';

type AnalyticsCount = Selectable<AnalyticsDailyTable>;

/** Adds `count` to the day's tally; one statement that works on SQLite and PostgreSQL. */
export async function addAnalyticsCount(db: Db, row: AnalyticsCount): Promise<void> {
  await db
    .insertInto('analytics_daily')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['day', 'name', 'country']).doUpdateSet((eb) => ({
        count: eb('analytics_daily.count', '+', eb.ref('excluded.count')),
      })),
    )
    .execute();
}

export async function listAnalyticsCounts(db: Db): Promise<AnalyticsCount[]> {
  return db.selectFrom('analytics_daily').selectAll().orderBy('day').orderBy('name').orderBy('country').execute();
}
