/**
 * `npm run odds:sources [-- --json]`: each bookmaker's health as the collector last wrote it to
 * DATABASE_URL (the same answer as GET /api/odds/sources), as a table, then the names matching
 * could not place at each book's last read (docs/sources.md, "Matching and aliases").
 */
import { ConfigError, loadConfig } from '../src/server/core/config';
import { connectDatabase } from '../src/server/core/db/connect';
import { migrateToLatest } from '../src/server/core/db/migrate';
import { clubAliasesErrors, clubAliasesFile } from '../src/server/modules/odds/sources/club-aliases';
import { readSourcesHealth } from '../src/server/modules/odds/sources/source-health';
import type { SourceHealthDto } from '../src/shared/contract/sources';

const NAME = 'odds:sources';

function ago(iso: string | null, now: number): string {
  if (iso === null) return 'never';
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  return s < 120 ? `${s} s ago` : s < 7200 ? `${Math.round(s / 60)} min ago` : `${Math.round(s / 3600)} h ago`;
}

export function sourcesTable(sources: readonly SourceHealthDto[], now: number): string {
  const rows = [
    ['book', 'state', 'last success', 'latency', 'events', 'prices', 'unmatched', 'ambiguous', 'last error'],
    ...sources.map((s) => [
      s.name,
      s.state,
      ago(s.lastSuccessAt, now),
      s.latencyMs === null ? '-' : `${s.latencyMs} ms`,
      s.leagues.map((l) => l.events).join('/') || '-',
      String(s.leagues.reduce((n, l) => n + l.prices, 0)),
      String(s.unmatched.listings),
      String(s.ambiguous.listings),
      s.lastError ?? '',
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const LEAGUES: Record<number, string> = { 1: 'Premier League', 2: 'La Liga', 3: 'Serie A', 4: 'Bundesliga' };

/** One line per name matching could not place: book, kind, league, listings, name, what it can mean, an example. */
export function nameIssuesList(sources: readonly SourceHealthDto[]): string {
  const lines = sources.flatMap((s) =>
    (['unmatched', 'ambiguous'] as const).flatMap((kind) =>
      s[kind].names.map((n) => {
        const league = LEAGUES[n.competitionId] ?? `competition ${n.competitionId}`;
        const means = n.candidates.length > 0 ? ` (could be: ${n.candidates.join(', ')})` : '';
        return `${s.name}  ${kind}  ${league}  ${n.listings}×  "${n.name}"${means}  e.g. ${n.example}`;
      }),
    ),
  );
  if (lines.length === 0) return 'Every name of the last reads matched.';
  return [`Names matching could not place (add a line to the alias table for each unmatched club):`, ...lines].join(
    '\n',
  );
}

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const db = connectDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const now = Date.now();
    const sources = await readSourcesHealth(db, now);
    if (process.argv.includes('--json')) console.log(JSON.stringify({ sources }, null, 2));
    else console.log(`${sourcesTable(sources, now)}\n\n${nameIssuesList(sources)}`);
    const unread = clubAliasesErrors();
    if (unread.length > 0) console.error(`alias table ${clubAliasesFile()}: ${unread.join('; ')}`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`${NAME}: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
