/**
 * Many rows of a hot read, fetched as one JSON value: the database folds the selected columns of
 * every row into one array of arrays (`json_group_array(json_array(…))` on SQLite,
 * `json_agg(json_build_array(…))` on PostgreSQL), and the rows are rebuilt from it here.
 *
 * Why: better-sqlite3 makes every row an object property by property through its native
 * binding, which for the ingest's read of a book's current prices (hundreds of rows, ten columns)
 * cost more than SQLite took to find them; one text parsed by `JSON.parse` costs less than half of
 * that. Both databases write numbers so that they read back exactly (the shortest text that
 * round-trips), text as JSON strings and NULL as null, so a row reads the same as a plain
 * select's. Integer and real columns come back as numbers, as the plain select gives them here.
 */
import { type SelectQueryBuilder, type Selectable, sql } from 'kysely';
import type { Database } from '../../database';
import { type Executor, dialectOf } from './connect';

/** The columns `columns` of `table`, as a plain select of them would give each row. */
export type RowOf<T extends keyof Database, C extends keyof Selectable<Database[T]>> = Pick<Selectable<Database[T]>, C>;

/**
 * Runs `query` (its FROM, joins and WHERE; it must select nothing itself) for the columns
 * `columns` of `table`, in one row of one JSON value, and returns the rows.
 */
export async function selectRows<T extends keyof Database & string, C extends keyof Selectable<Database[T]> & string>(
  db: Executor,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any FROM clause that names `table`
  query: SelectQueryBuilder<Database, any, object>,
  table: T,
  columns: readonly C[],
): Promise<Array<RowOf<T, C>>> {
  const list = sql.join(columns.map((c) => sql.ref(`${table}.${c}`)));
  const folded =
    dialectOf(db) === 'postgres'
      ? sql<unknown>`json_agg(json_build_array(${list}))`
      : sql<unknown>`json_group_array(json_array(${list}))`;
  const row = (await query.select(folded.as('rows')).executeTakeFirst()) as { rows?: unknown } | undefined;
  const value = row?.rows;
  // PostgreSQL's driver parses json itself and aggregates no row to NULL; SQLite gives the text.
  const tuples = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as unknown[][];
  const out: Array<RowOf<T, C>> = new Array(tuples.length);
  for (let r = 0; r < tuples.length; r += 1) {
    const tuple = tuples[r] as unknown[];
    const record: Record<string, unknown> = {};
    for (let c = 0; c < columns.length; c += 1) record[columns[c] as string] = tuple[c];
    out[r] = record as RowOf<T, C>;
  }
  return out;
}
