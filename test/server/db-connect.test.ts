import { closeSync, mkdtempSync, openSync, readSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import SqliteDatabase from '../../src/server/core/db/sqlite-driver';
import { type Db, connectDatabase, openPostgresPool, withFlushAside } from '../../src/server/core/db/connect';
import { startCheckpoints, walProgress } from '../../src/server/core/db/sqlite-checkpoints';
import { recordFlushes } from './support/file-flushes';
import { databasesUnderTest } from './support/databases';

const postgres = databasesUnderTest().find((d) => d.name === 'postgres');

describe('PostgreSQL pool', () => {
  it('survives an idle connection the server ends instead of crashing the process', async () => {
    const lost: string[] = [];
    const pool = openPostgresPool('postgres://nobody@127.0.0.1:1/none', 2, (error) => lost.push(error.message));
    // What pg does when the server terminates an idle client (e.g. 57P01 on a restart).
    const terminated = new Error('terminating connection due to administrator command');
    expect(() => pool.emit('error', terminated, {})).not.toThrow();
    expect(lost).toEqual(['terminating connection due to administrator command']);
    await pool.end();
  });

  // Opening a connection costs 12–25 ms (a backend, its authentication): a rebuild after a quiet
  // spell opened one for its second read each time.
  (postgres ? it : it.skip)('keeps two connections open however long they idle, and closes the rest', async () => {
    const pool = openPostgresPool(postgres!.url, 10, undefined, 50);
    await Promise.all([1, 2, 3].map(() => pool.query('SELECT pg_sleep(0.05)')));
    expect(pool.totalCount).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect({ open: pool.totalCount, idle: pool.idleCount }).toEqual({ open: 2, idle: 2 });
    const { rows } = await pool.query<{ one: number }>('SELECT 1 AS one');
    expect(rows).toEqual([{ one: 1 }]);
    expect(pool.totalCount).toBe(2);
    await pool.end();
  });

  it('warns by default', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const pool = openPostgresPool('postgres://nobody@127.0.0.1:1/none', 2);
    pool.emit('error', new Error('server closed the connection unexpectedly'), {});
    expect(warn).toHaveBeenCalledWith('database: idle connection lost (server closed the connection unexpectedly)');
    warn.mockRestore();
    await pool.end();
  });
});

describe('SQLite file', () => {
  it('leaves WAL checkpoints to a worker thread: the commit never copies the WAL, yet the file gets the rows', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'oddsmate-wal-')), 'odds.sqlite');
    const db = connectDatabase(`sqlite:${file}`);
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('wal_autocheckpoint')).toBe(0);
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)`.execute(db);
    const empty = statSync(file).size;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 200; i += 1) await sql`INSERT INTO t (body) VALUES (${'x'.repeat(4000)})`.execute(trx);
    });
    // The commit wrote the WAL only; the worker's next checkpoint copies it into the file (page by
    // page: the file grows while the copy runs, so wait for all of it).
    for (let waited = 0; statSync(file).size <= empty + 200 * 4000 && waited < 20_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(statSync(file).size).toBeGreaterThan(empty + 200 * 4000);
    await db.destroy();
  });

  it('runs a big write whose commit leaves the flush to disk to the thread pool, and resolves once it is done', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'oddsmate-wal-')), 'aside.sqlite');
    const db = connectDatabase(`sqlite:${file}`);
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)`.execute(db);
    expect(await synchronous(db)).toBe(FULL);
    const events: string[] = [];
    const opened = recordFlushes(events);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside: unknown;
    const write = withFlushAside(db, async (connection) => {
      inside = await synchronous(connection);
      await connection.transaction().execute(async (trx) => {
        for (let i = 0; i < 50; i += 1) await sql`INSERT INTO t (body) VALUES (${'x'.repeat(4000)})`.execute(trx);
      });
      events.push('committed');
      await held;
      return 'written';
    });
    // Any other statement of the process waits for the connection the write holds, and runs with FULL.
    const other = synchronous(db).then((level) => {
      events.push(`other ${String(level)}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual(['committed']);
    release();
    expect(await write.then((result) => (events.push('resolved'), result))).toBe('written');
    await other;
    opened.mockRestore();
    expect(inside).toBe(NORMAL);
    // The other statement runs once the write lets the connection go, which may be before the flush.
    expect(events.filter((e) => !e.startsWith('other'))).toEqual(['committed', `flushed ${file}-wal`, 'resolved']);
    expect(events.slice(1)).toContain(`other ${FULL}`);
    expect(await sql`SELECT count(*) AS n FROM t`.execute(db)).toMatchObject({ rows: [{ n: 50 }] });
    await db.destroy();
  });

  it('sets FULL back after a big write that fails, whose transaction rolls back', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'oddsmate-wal-')), 'failed.sqlite');
    const db = connectDatabase(`sqlite:${file}`);
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)`.execute(db);
    const failing = withFlushAside(db, (connection) =>
      connection.transaction().execute(async (trx) => {
        await sql`INSERT INTO t (body) VALUES ('x')`.execute(trx);
        throw new Error('disk full');
      }),
    );
    await expect(failing).rejects.toThrow('disk full');
    expect(await synchronous(db)).toBe(FULL);
    expect(await sql`SELECT count(*) AS n FROM t`.execute(db)).toMatchObject({ rows: [{ n: 0 }] });
    await db.destroy();
  });

  it('runs a big write in memory as it is', async () => {
    const db = connectDatabase('sqlite::memory:');
    expect(await withFlushAside(db, async (connection) => connection === db)).toBe(true);
    await db.destroy();
  });

  it('starts the WAL again under steady writes, which the worker alone never catches up with', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'oddsmate-wal-')), 'steady.sqlite');
    const database = new SqliteDatabase(file);
    database.pragma('journal_mode = WAL');
    database.pragma('wal_autocheckpoint = 0');
    database.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
    const checkpoints = startCheckpoints(database, file, { everyMs: 10, restartFrames: 64 });
    try {
      await steadyWrites(database, file);
    } finally {
      checkpoints.stop();
      database.close();
    }
  });
});

/** SQLite's synchronous levels. */
const NORMAL = 1;
const FULL = 2;

async function synchronous(db: Db): Promise<unknown> {
  return Object.values((await sql`PRAGMA synchronous`.execute(db)).rows[0] as object)[0];
}

async function steadyWrites(database: BetterSqlite3.Database, file: string): Promise<void> {
  const insert = database.prepare('INSERT INTO t (body) VALUES (?)');
  // A short transaction every turn for 600 ms: no pause in which the worker alone could catch up.
  let rows = 0;
  for (const until = Date.now() + 600; Date.now() < until; rows += 1) {
    insert.run('x'.repeat(100));
    await new Promise((resolve) => setImmediate(resolve));
  }
  const wal = walProgress(file);
  expect(wal?.frames).toBeGreaterThanOrEqual(wal?.copied ?? Infinity);
  // The WAL header's checkpoint sequence number counts the times the WAL started again.
  const header = Buffer.alloc(16);
  const fd = openSync(`${file}-wal`, 'r');
  readSync(fd, header, 0, 16, 0);
  closeSync(fd);
  expect(header.readUInt32BE(12)).toBeGreaterThanOrEqual(2);
  expect(database.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: rows });
}
