/**
 * better-sqlite3 behind Kysely with its prepared statements kept. Kysely's SQLite driver asks the
 * database to prepare every statement it runs, and a batch of the ingest runs the same few dozen
 * texts again and again: preparing them anew each time cost about a tenth of a small batch's time.
 * Here a statement prepared once is run again for the same text, the most recently used
 * {@link STATEMENTS_KEPT} of them kept.
 *
 * Only `all` and `run` reuse a statement: they run it to the end before returning. `iterate` (a
 * streamed query) prepares its own, since a statement being iterated cannot run anything else
 * until its iterator is done.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct statement texts kept prepared (a process runs a few hundred: many-row inserts differ by row count). */
export const STATEMENTS_KEPT = 512;

export function keptStatements(database: SqliteDatabase.Database, kept = STATEMENTS_KEPT): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last: the first in the map is the one to let go.
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= kept) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      const prepared = statement;
      return {
        reader: prepared.reader,
        all: (parameters) => prepared.all(parameters),
        run: (parameters) => prepared.run(parameters),
        iterate: (parameters) => database.prepare(sql).iterate(parameters),
      };
    },
  };
}
