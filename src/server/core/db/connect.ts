/**
 * Opens the database named by DATABASE_URL: SQLite through better-sqlite3 (WAL, foreign
 * keys, busy timeout) or PostgreSQL through a pg Pool. `dialectOf(db)` tells repositories
 * which one they talk to, for the rare statement that differs.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../database';

export type DialectName = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

const INT8_OID = 20;

function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** PATH of `sqlite:PATH`, or `:memory:`. */
function sqlitePath(url: string): string {
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  return file === ':memory:' ? file : path.resolve(file);
}

function openSqlite(url: string): SqliteDialect {
  const file = sqlitePath(url);
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  if (file !== ':memory:') database.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a crash of the process or the machine.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database });
}

/**
 * The pg Pool. An idle client whose connection the server ends (a restart, a failover, an
 * administrator) makes the pool emit 'error'; without a listener that error would crash the
 * process. The pool has already discarded that client and opens a new one on the next query.
 */
export function openPostgresPool(
  url: string,
  poolSize: number,
  onIdleError: (error: Error) => void = (error) => console.warn(`database: idle connection lost (${error.message})`),
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Times and counts are bigint columns; they fit a JS number, so read them as numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as never,
    },
  });
  pool.on('error', onIdleError);
  return pool;
}

function openPostgres(url: string, poolSize: number): PostgresDialect {
  return new PostgresDialect({ pool: openPostgresPool(url, poolSize) });
}

export function connectDatabase(url: string, options: { poolSize?: number } = {}): Db {
  const dialect = isPostgresUrl(url) ? openPostgres(url, options.poolSize ?? 10) : openSqlite(url);
  return new Kysely<Database>({ dialect });
}

/** Works for the root instance and for transactions alike. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
