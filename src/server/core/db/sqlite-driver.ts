/**
 * better-sqlite3 in the line the running Node can load. The 12.x line wraps its statements and
 * databases in Node's own object wrapper, whose destructor, from Node 24.19 on, aborts the process
 * (a failed check in `RemoveEnvironmentCleanupHook`) when the garbage collector finalizes one
 * outside a JavaScript context — and the server lets go of statements all the time
 * (sqlite-statements.ts keeps a bounded number). The 13.x line is built on Node-API, which
 * has no such hook, and ships its binaries; it needs Node 22 or later (on Node 20 opening a
 * database crashes). Both are installed, the 13.x line under the alias `better-sqlite3-napi`,
 * with the same API; each loads its native part only when the first database is opened.
 */
import LegacyDatabase from 'better-sqlite3';
import NapiDatabase from 'better-sqlite3-napi';

/** The package that opens databases on a Node of this version ("20.20.2"). */
export function sqliteDriverFor(nodeVersion: string): 'better-sqlite3' | 'better-sqlite3-napi' {
  return Number(nodeVersion.split('.')[0]) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';
}

/** The package this process opens its SQLite databases with. */
export const SQLITE_DRIVER = sqliteDriverFor(process.versions.node);

/** better-sqlite3's `Database` class, from {@link SQLITE_DRIVER}. */
const SqliteDatabase: typeof LegacyDatabase = SQLITE_DRIVER === 'better-sqlite3-napi' ? NapiDatabase : LegacyDatabase;
export default SqliteDatabase;
