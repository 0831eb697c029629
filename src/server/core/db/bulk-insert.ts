/**
 * Many-row inserts of the ingest's hot path (current prices, price history) as one prepared text
 * per table and row count. Kysely's query builder makes a node per value and compiles the whole
 * tree on every call, which for a batch's thousands of values costs more than SQLite takes to run
 * the statement; here the text of an n-row insert is made once per process and the values are
 * passed as a flat parameter list through Kysely's public `executeQuery`. Only fixed identifiers
 * reach the text: every value is a bound parameter.
 */
import { CompiledQuery } from 'kysely';
import { type Executor, dialectOf } from './connect';

/** A fixed insert: its table, its columns in order, and an optional upsert on a key. */
export interface BulkInsert {
  table: string;
  columns: readonly string[];
  /** On a row whose key exists: set these columns from the inserted row instead. */
  upsert?: { key: readonly string[]; set: readonly string[] };
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Texts made so far, by dialect, statement and row count (a few hundred at most: counts ≤ chunk size). */
const texts = new Map<string, string>();

function insertText(statement: BulkInsert, rows: number, dialect: 'sqlite' | 'postgres'): string {
  const cacheKey = `${dialect}|${statement.table}|${statement.columns.join(',')}|${rows}`;
  const cached = texts.get(cacheKey);
  if (cached !== undefined) return cached;
  const width = statement.columns.length;
  const tuples: string[] = [];
  for (let r = 0; r < rows; r += 1) {
    const marks: string[] = [];
    for (let c = 1; c <= width; c += 1) marks.push(dialect === 'postgres' ? `$${r * width + c}` : '?');
    tuples.push(`(${marks.join(', ')})`);
  }
  let text = `insert into ${quote(statement.table)} (${statement.columns.map(quote).join(', ')}) values ${tuples.join(', ')}`;
  if (statement.upsert) {
    const sets = statement.upsert.set.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(', ');
    text += ` on conflict (${statement.upsert.key.map(quote).join(', ')}) do update set ${sets}`;
  }
  texts.set(cacheKey, text);
  return text;
}

/** Inserts `rows` (each one value per column, in the statement's order) in one statement. */
export async function bulkInsert(db: Executor, statement: BulkInsert, rows: readonly unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  const parameters: unknown[] = [];
  for (const row of rows) {
    if (row.length !== statement.columns.length) {
      throw new Error(`${statement.table}: a row has ${row.length} values for ${statement.columns.length} columns`);
    }
    for (const value of row) parameters.push(value);
  }
  await db.executeQuery(CompiledQuery.raw(insertText(statement, rows.length, dialectOf(db)), parameters));
}
