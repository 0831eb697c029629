/**
 * Opens the database named by DATABASE_URL: SQLite through better-sqlite3 (sqlite-driver.ts: the
 * line the running Node can load; WAL checkpointed by a worker thread, foreign keys, busy timeout,
 * prepared statements kept) or PostgreSQL through a pg Pool. `dialectOf(db)` tells repositories
 * which one they talk to, for the rare statement that differs.
 */
import { mkdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type Transaction, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../database';
import { startCheckpoints } from './sqlite-checkpoints';
import SqliteDatabase from './sqlite-driver';
import { keptStatements } from './sqlite-statements';

export type DialectName = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/** The database or an open transaction: what a repository function runs its SQL on. */
export type Executor = Db | Transaction<Database>;

/** Work that follows a transaction once it committed (what memory holds of rows it changed). */
export type AfterCommit = () => void;

const INT8_OID = 20;
/** SQLite's page cache per connection, in KiB (the operating system caches the file besides). */
const CACHE_KIB = 512;

function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** PATH of `sqlite:PATH`, or `:memory:`. */
function sqlitePath(url: string): string {
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  return file === ':memory:' ? file : path.resolve(file);
}

/** The WAL file of each SQLite database opened on a file, by its Kysely instance. */
const walFiles = new WeakMap<Db, string>();

/**
 * Runs a big write (an ingest batch's transaction) so that its commit does not wait for the disk
 * on the event loop, and resolves once what it wrote is on disk. better-sqlite3 commits on the
 * thread that serves requests, and with synchronous = FULL that commit flushes the WAL there:
 * for a batch of thousands of prices, tens of ms (docs/architecture.md#data-flow). Here the
 * work runs on a connection of its own (the process's one SQLite connection, held until the end,
 * so no other transaction commits meanwhile) set to synchronous = NORMAL, which is set back to FULL
 * before the connection is let go; then the WAL is flushed in the thread pool. What the work wrote is
 * acknowledged (this resolves) only once that flush is done: as durable as before. On PostgreSQL
 * and in memory, the work runs as it is.
 */
export async function withFlushAside<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  const wal = walFiles.get(db);
  if (!wal) return work(db);
  const result = await db.connection().execute(async (connection) => {
    await sql`PRAGMA synchronous = NORMAL`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`PRAGMA synchronous = FULL`.execute(connection);
    }
  });
  await flushWal(wal);
  return result;
}

/** Flushes a WAL file to disk in the thread pool (none there yet: nothing to flush). */
async function flushWal(wal: string): Promise<void> {
  let handle;
  try {
    handle = await open(wal, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

function openSqlite(url: string): SqliteDialect {
  const file = sqlitePath(url);
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  // FULL: an acknowledged write survives a crash of the process or the machine.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  if (file !== ':memory:') {
    database.pragma('journal_mode = WAL');
    // A small page cache: a big transaction's changed pages reach the WAL during its statements,
    // which hand the event loop back between them, rather than all in its commit, which cannot.
    database.pragma(`cache_size = -${CACHE_KIB}`);
    database.pragma('wal_autocheckpoint = 0');
    const checkpoints = startCheckpoints(database, file);
    const close = database.close.bind(database);
    database.close = () => {
      checkpoints.stop();
      return close();
    };
  }
  return new SqliteDialect({ database: keptStatements(database) });
}

/**
 * Connections a pool keeps open however long they idle. Opening one costs a PostgreSQL backend
 * and its authentication (12–25 ms measured on a 2-core machine), and a snapshot rebuild reads over
 * two at once: with every idle connection closed after {@link IDLE_CLOSE_MS}, as pg's pool does by
 * default, a rebuild after a quiet spell (books read once a minute) opened one each time: the first
 * reads of a rebuild after a 1-event batch took 18–34 ms instead of 8–10.
 */
const KEPT_CONNECTIONS = 2;
/** How long a connection beyond the kept ones may idle before it closes (pg's default). */
const IDLE_CLOSE_MS = 10_000;

/**
 * The pg Pool. When the server ends a connection (a restart, a failover, an administrator's
 * pg_terminate_backend), the pg Client emits 'error'; an 'error' event without a listener
 * kills the process. The pool listens only on idle clients, so every client gets its own
 * listener the moment it connects: a checked-out client's query fails with the error (the
 * request answers 503, see `isDatabaseUnavailable`), and the pool drops the broken client
 * when it is released and opens a new one on the next query.
 */
export function openPostgresPool(
  url: string,
  poolSize: number,
  onIdleError: (error: Error) => void = (error) => console.warn(`database: idle connection lost (${error.message})`),
  idleTimeoutMillis = IDLE_CLOSE_MS,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // The connections above the kept ones close after idling this long; the kept ones stay open.
    min: Math.min(KEPT_CONNECTIONS, poolSize),
    idleTimeoutMillis,
    // A database that does not answer fails requests (503) rather than holding them forever.
    connectionTimeoutMillis: 5_000,
    // Times and counts are bigint columns; they fit a JS number, so read them as numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as never,
    },
  });
  pool.on('error', onIdleError);
  pool.on('connect', (client) => {
    // Idle: the pool's listener above reports it. Checked out: the running query rejects with
    // the same error and its request reports it; this listener only keeps the process alive.
    client.on('error', () => undefined);
  });
  return pool;
}

/** SQLSTATE classes and codes that mean "the database is away", not "the statement is wrong". */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-4]|53300|55000|3D000)$/;
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed|terminating connection|database is locked|SQLITE_BUSY/i;

/**
 * Whether an error means the database cannot be reached or dropped the connection (answered
 * 503 SERVICE_UNAVAILABLE), as opposed to a failing statement (500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
  if (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}

function openPostgres(url: string, poolSize: number): PostgresDialect {
  return new PostgresDialect({ pool: openPostgresPool(url, poolSize) });
}

export function connectDatabase(url: string, options: { poolSize?: number } = {}): Db {
  if (isPostgresUrl(url)) return new Kysely<Database>({ dialect: openPostgres(url, options.poolSize ?? 10) });
  const db = new Kysely<Database>({ dialect: openSqlite(url) });
  const file = sqlitePath(url);
  if (file !== ':memory:') walFiles.set(db, `${file}-wal`);
  return db;
}

/** Works for the root instance and for transactions alike. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
