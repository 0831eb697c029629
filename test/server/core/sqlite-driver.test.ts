/**
 * The SQLite driver in the line the running Node can load (docs/architecture.md#runtime): 12.x on
 * Node 20, the Node-API line (13.x) from Node 22 on, where 12.x's statements abort the process when
 * the garbage collector finalizes them on Node 24.19 and later.
 */
import SqliteDatabase, { SQLITE_DRIVER, sqliteDriverFor } from '../../../src/server/core/db/sqlite-driver';

describe('the SQLite driver', () => {
  it('is the 12.x line on Node 20 and the Node-API line from Node 22 on', () => {
    expect(sqliteDriverFor('20.20.2')).toBe('better-sqlite3');
    expect(sqliteDriverFor('21.7.3')).toBe('better-sqlite3');
    expect(sqliteDriverFor('22.0.0')).toBe('better-sqlite3-napi');
    expect(sqliteDriverFor('24.19.0')).toBe('better-sqlite3-napi');
    expect(sqliteDriverFor('26.1.0')).toBe('better-sqlite3-napi');
    expect(SQLITE_DRIVER).toBe(sqliteDriverFor(process.versions.node));
  });

  it("opens databases with this Node's line and runs statements made and dropped", () => {
    const database = new SqliteDatabase(':memory:');
    try {
      database.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
      // Statements made and dropped, as the kept-statements cache drops its oldest.
      for (let i = 0; i < 500; i += 1) database.prepare(`INSERT INTO t (body) VALUES ('row ${i}')`).run();
      expect(database.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 500 });
      const { version } = database.prepare('SELECT sqlite_version() AS version').get() as { version: string };
      expect(version).toMatch(/^3\.\d+\.\d+$/);
    } finally {
      database.close();
    }
  });
});
