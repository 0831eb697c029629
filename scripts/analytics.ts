// `npm run analytics -- counts [--since 2026-11-01] [--json]`: prints the first-party analytics
// tallies (per day, event and country; nothing per person is stored) and a total per event.
import { parseArgs } from 'node:util';
import { countryName } from '../src/shared/lookups';
import { ConfigError, loadConfig } from '../src/server/core/config';
import { connectDatabase } from '../src/server/core/db/connect';
import { migrateToLatest } from '../src/server/core/db/migrate';
import { listAnalyticsCounts } from '../src/server/modules/analytics/analytics.repository';

const USAGE = 'usage: npm run analytics -- counts [--since YYYY-MM-DD] [--json]';

/** Anonymous events are tallied under country 0. */
const countryLabel = (id: number) => (id === 0 ? 'anonymous' : countryName(id));

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { since: { type: 'string' }, json: { type: 'boolean' } },
  });
  if (positionals[0] !== 'counts' || positionals.length > 1) throw new Error(USAGE);
  if (values.since !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.since)) {
    throw new Error(`--since: a day as YYYY-MM-DD (got ${values.since})`);
  }
  const config = loadConfig(process.env);
  const db = connectDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const rows = (await listAnalyticsCounts(db)).filter((r) => values.since === undefined || r.day >= values.since!);
    if (values.json) {
      console.log(
        JSON.stringify(
          rows.map((r) => ({ ...r, countryName: countryLabel(r.country) })),
          null,
          2,
        ),
      );
      return;
    }
    for (const r of rows) {
      console.log(
        `${r.day}  ${r.name.padEnd(28)} ${countryLabel(r.country).padEnd(10)} ${String(r.count).padStart(7)}`,
      );
    }
    const totals = new Map<string, number>();
    for (const r of rows) totals.set(r.name, (totals.get(r.name) ?? 0) + r.count);
    console.log(rows.length === 0 ? 'no events recorded' : 'totals:');
    for (const [name, count] of [...totals].sort()) console.log(`  ${name.padEnd(28)} ${String(count).padStart(18)}`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`analytics: ${message}`);
  process.exit(1);
});
