import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { connectDatabase, openPostgresPool } from '../../src/server/core/db/connect';

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
    // The commit wrote the WAL only; the worker's next checkpoint copies it into the file.
    for (let waited = 0; statSync(file).size <= empty && waited < 20_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(statSync(file).size).toBeGreaterThan(empty + 200 * 4000);
    await db.destroy();
  });
});
