/**
 * The databases server tests run on: SQLite in memory always, PostgreSQL too when
 * TEST_DATABASE_URL is set (CI points it at the local server). Each PostgreSQL test database
 * is a fresh, uniquely named database, dropped again, so test files never see each other.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type Db } from '../../../src/server/core/db/connect';
import { migrateToLatest } from '../../../src/server/core/db/migrate';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseUnderTest {
  name: DatabaseKind;
  /** For PostgreSQL: the server URL whose database is used only to create fresh ones. */
  url: string;
}

export interface TestDatabase {
  kind: DatabaseKind;
  /** URL of this very database (for child processes and scripts). */
  url: string;
  db: Db;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

export function databasesUnderTest(): DatabaseUnderTest[] {
  const list: DatabaseUnderTest[] = [{ name: 'sqlite', url: 'sqlite::memory:' }];
  const postgres = process.env.TEST_DATABASE_URL?.trim();
  if (postgres) list.push({ name: 'postgres', url: postgres });
  return list;
}

async function withAdmin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** An empty database of the given kind; `migrate: true` (default) applies every migration. */
export async function createTestDatabase(
  target: DatabaseUnderTest,
  options: { migrate?: boolean; sqliteUrl?: string } = {},
): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  if (target.name === 'sqlite') {
    const url = options.sqliteUrl ?? target.url;
    const db = connectDatabase(url);
    if (migrate) await migrateToLatest(db);
    return { kind: 'sqlite', url, db, drop: () => db.destroy() };
  }
  const name = `oddsmate_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(target.url, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(target.url);
  url.pathname = `/${name}`;
  const db = connectDatabase(url.toString(), { poolSize: 5 });
  if (migrate) await migrateToLatest(db);
  return {
    kind: 'postgres',
    url: url.toString(),
    db,
    drop: async () => {
      await db.destroy();
      await withAdmin(target.url, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
