import SqliteDatabase from '../../../src/server/core/db/sqlite-driver';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { keptStatements } from '../../../src/server/core/db/sqlite-statements';

interface Tables {
  t: { id: number; body: string };
}

/** Kysely on an in-memory SQLite whose prepared statements are kept, counting what it prepares. */
function open(limits?: { statements?: number; chars?: number }) {
  const database = new SqliteDatabase(':memory:');
  const prepared: string[] = [];
  const prepare = database.prepare.bind(database);
  database.prepare = ((source: string) => {
    prepared.push(source);
    return prepare(source);
  }) as typeof database.prepare;
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: keptStatements(database, limits) }) });
  return { db, prepared };
}

describe('kept SQLite statements', () => {
  it('prepares a text once however often it runs, with its own parameters each time', async () => {
    const { db, prepared } = open();
    await sql`create table t (id integer primary key, body text not null)`.execute(db);
    for (let i = 1; i <= 5; i += 1)
      await db
        .insertInto('t')
        .values({ id: i, body: `row ${i}` })
        .execute();
    const bodies: string[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const row = await db.selectFrom('t').select('body').where('id', '=', i).executeTakeFirstOrThrow();
      bodies.push(row.body);
    }
    expect(bodies).toEqual(['row 1', 'row 2', 'row 3', 'row 4', 'row 5']);
    expect(prepared.filter((s) => s.startsWith('insert'))).toHaveLength(1);
    expect(prepared.filter((s) => s.startsWith('select'))).toHaveLength(1);
    await db.destroy();
  });

  it('keeps only the most recently used texts', async () => {
    const { db, prepared } = open({ statements: 2 });
    const run = (n: number) => sql.raw(`select ${n} as n`).execute(db);
    await run(1);
    await run(2);
    await run(1); // kept: 1 is now the most recently used
    await run(3); // lets 2 go
    await run(1);
    await run(2); // prepared again
    expect(prepared).toEqual(['select 1 as n', 'select 2 as n', 'select 3 as n', 'select 2 as n']);
    await db.destroy();
  });

  it('keeps no more text than its budget, letting the least recently used go first', async () => {
    // Each text is 13 characters: a budget of 30 holds two of them.
    const { db, prepared } = open({ chars: 30 });
    const run = (n: number) => sql.raw(`select ${n} as n`).execute(db);
    for (const n of [1, 2, 1, 3, 2, 1]) await run(n);
    // 3 lets 2 go (1 was used since); 2 again lets 1 go; 1 again is prepared anew.
    expect(prepared).toEqual(['select 1 as n', 'select 2 as n', 'select 3 as n', 'select 2 as n', 'select 1 as n']);
    await db.destroy();
  });

  it('runs a text again while an iteration of it is still being read', () => {
    // Kysely holds its one SQLite connection for a stream, so this asks the kept statements directly.
    const database = new SqliteDatabase(':memory:');
    database.exec('create table t (id integer primary key); insert into t values (1), (2), (3)');
    const statements = keptStatements(database);
    const text = 'select id from t order by id';
    const seen: Array<[number, number]> = [];
    for (const row of statements.prepare(text).iterate([]) as Iterable<{ id: number }>) {
      seen.push([row.id, statements.prepare(text).all([]).length]);
    }
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    statements.close();
  });

  it('sees a column added after the statement was kept', async () => {
    const { db } = open();
    await sql`create table t (id integer primary key, body text not null)`.execute(db);
    await db.insertInto('t').values({ id: 1, body: 'one' }).execute();
    const all = () => sql<Record<string, unknown>>`select * from t`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, body: 'one' }]);
    await sql`alter table t add column extra integer default 7`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, body: 'one', extra: 7 }]);
    await db.destroy();
  });
});
