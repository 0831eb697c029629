/**
 * The indexes of `price_history`, on both databases: every one of them is written for each history
 * row of every batch, so each must have a reader. The one on `version` had none since the rows
 * since a version are read run by run (history.repository.ts), and a migration drops it.
 */
import { sql } from 'kysely';
import type { Db } from '../../src/server/core/db/connect';
import * as dropped from '../../src/server/core/db/migrations/2026-12-04-0001-price-history-version-dropped';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from './support/databases';

async function historyIndexes(db: Db, kind: TestDatabase['kind']): Promise<string[]> {
  const { rows } =
    kind === 'sqlite'
      ? await sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'price_history'`.execute(db)
      : await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'price_history'`.execute(
          db,
        );
  return rows.map((r) => r.name).sort();
}

describe.each(databasesUnderTest())('price_history indexes on $name', (target) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(target);
  });
  afterEach(async () => {
    await database.drop();
  });

  it('keeps the series and the primary key, and no index on version', async () => {
    const names = await historyIndexes(database.db, database.kind);
    expect(names).toContain('price_history_series');
    expect(names).not.toContain('price_history_version');
    // The primary key's index (SQLite names it after the table).
    expect(names.some((n) => n === 'price_history_pk' || n.startsWith('sqlite_autoindex_price_history'))).toBe(true);
  });

  it('puts the index on version back when the migration is undone, and drops it again', async () => {
    await dropped.down(database.db);
    expect(await historyIndexes(database.db, database.kind)).toContain('price_history_version');
    await dropped.up(database.db);
    expect(await historyIndexes(database.db, database.kind)).not.toContain('price_history_version');
  });
});
