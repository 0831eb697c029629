import { closeSync, mkdtempSync, openSync, readSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import { connectDatabase, openPostgresPool } from '../../src/server/core/db/connect';
import { startCheckpoints, walProgress } from '../../src/server/core/db/sqlite-checkpoints';

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

async function steadyWrites(database: SqliteDatabase.Database, file: string): Promise<void> {
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
