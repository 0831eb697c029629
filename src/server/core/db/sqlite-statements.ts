/**
 * better-sqlite3 behind Kysely with its prepared statements kept. Kysely's SQLite driver asks the
 * database to prepare every statement it runs, and a batch of the ingest runs the same few dozen
 * texts again and again: preparing them anew each time cost about a tenth of a small batch's time.
 * Here a statement prepared once is run again for the same text. The most recently used are kept,
 * up to {@link STATEMENTS_KEPT} texts and {@link KEPT_TEXT_CHARS} characters of text: a prepared
 * statement's memory grows with its text (a 200-row upsert holds about 100 KB), and the many-row
 * inserts differ by row count.
 *
 * Only `all` and `run` reuse a statement: they run it to the end before returning. `iterate` (a
 * streamed query) prepares its own, since a statement being iterated cannot run anything else
 * until its iterator is done.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/** Statements kept prepared at most. */
export const STATEMENTS_KEPT = 512;
/**
 * Characters of text of the statements kept, at most: about 6 MB of SQLite's memory (measured: 200
 * upserts of 1 to 200 rows, 840,000 characters in all, took 9.5 MB).
 */
export const KEPT_TEXT_CHARS = 512 * 1024;

export function keptStatements(
  database: SqliteDatabase.Database,
  limits: { statements?: number; chars?: number } = {},
): KyselySqliteDatabase {
  const maxStatements = limits.statements ?? STATEMENTS_KEPT;
  const maxChars = limits.chars ?? KEPT_TEXT_CHARS;
  const statements = new Map<string, SqliteDatabase.Statement>();
  let chars = 0;
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
        chars += sql.length;
      }
      statements.set(sql, statement);
      while (statements.size > 1 && (statements.size > maxStatements || chars > maxChars)) {
        const oldest = statements.keys().next().value as string;
        statements.delete(oldest);
        chars -= oldest.length;
      }
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
