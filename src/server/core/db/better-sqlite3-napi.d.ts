/** better-sqlite3's Node-API line, installed under an alias beside the older line (sqlite-driver.ts). */
declare module 'better-sqlite3-napi' {
  import Database from 'better-sqlite3';

  export = Database;
}
