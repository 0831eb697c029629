// `npm run feedback -- list [--since 2026-11-01] [--limit 50] [--json]`: prints the stored
// feedback, oldest first, for the team. Feedback is anonymous: there is no one to print.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/core/config';
import { connectDatabase } from '../src/server/core/db/connect';
import { migrateToLatest } from '../src/server/core/db/migrate';
import { listFeedback } from '../src/server/modules/feedback/feedback.repository';

const USAGE = 'usage: npm run feedback -- list [--since YYYY-MM-DD] [--limit N] [--json]';

/**
 * Feedback is text anyone logged in typed: control characters (ESC, BEL, CR, the C1 set with
 * its one-byte CSI) would drive the operator's terminal, and bidirectional controls (U+202A–202E
 * embeddings and overrides, U+2066–2069 isolates, U+200E/200F/061C marks) would reorder what
 * the operator reads. They are printed escaped (`\x1b`, `\u202e`), and a backslash as `\\`,
 * so what shows is exactly what was stored; newlines stay lines.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\\\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function escapeForTerminal(line: string): string {
  return line.replace(UNSAFE, (c) => {
    if (c === '\\') return '\\\\';
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { since: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
  });
  if (positionals[0] !== 'list' || positionals.length > 1) throw new Error(USAGE);
  const since = values.since === undefined ? undefined : Date.parse(values.since);
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (since !== undefined && Number.isNaN(since)) throw new Error(`--since: not a date (${values.since})`);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) throw new Error('--limit: a positive integer');

  const config = loadConfig(process.env);
  const db = connectDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const rows = await listFeedback(db, { since, limit });
    if (values.json) {
      const out = rows.map((r) => ({ at: new Date(r.created_at).toISOString(), message: r.message }));
      console.log(JSON.stringify(out, null, 2));
      return;
    }
    for (const row of rows) {
      const lines = row.message.split('\n').map(escapeForTerminal);
      console.log(`${new Date(row.created_at).toISOString()}  ${lines[0]}`);
      for (const line of lines.slice(1)) console.log(`${' '.repeat(26)}${line}`);
    }
    console.log(`${rows.length} message${rows.length === 1 ? '' : 's'}`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`feedback: ${message}`);
  process.exit(1);
});
