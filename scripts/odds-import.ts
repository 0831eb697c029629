/**
 * `npm run odds:import -- FILE…`: imports normalized feed files (each one batch, or an array
 * of batches; format in docs/feed.md) into DATABASE_URL through the odds service, like
 * the demo feed and the push endpoint. Every batch of a file is validated before any is
 * applied, so a bad file changes nothing. Prints one line per batch; exits 1 if any file
 * failed. A running server picks the new prices up within its version poll (2 s).
 */
import { readFile } from 'node:fs/promises';
import { ConfigError, loadConfig } from '../src/server/core/config';
import { connectDatabase } from '../src/server/core/db/connect';
import { migrateToLatest } from '../src/server/core/db/migrate';
import { InvalidBatchError, validateBatch } from '../src/server/modules/odds/feed/feed-validation';
import { BatchRejectedError } from '../src/server/modules/odds/ingest/ingest-pipeline';
import { OddsService } from '../src/server/modules/odds/odds.service';
import type { IngestRunDto } from '../src/shared/contract/ingest';

const NAME = 'odds:import';

function describeRun(run: IngestRunDto): string {
  return (
    `applied ${run.id} (provider ${run.provider}, ${run.events.seen} events, ${run.events.created} new; ` +
    `${run.prices.seen} prices, ${run.prices.changed} changed, ${run.prices.withdrawn} withdrawn)`
  );
}

function problems(error: InvalidBatchError): string {
  return error.details.map((d) => `\n    ${d.field} ${d.message}`).join('');
}

/** True when every batch of the file was applied. */
async function importFile(odds: OddsService, file: string): Promise<boolean> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof SyntaxError ? `not valid JSON (${error.message})` : (error as Error).message;
    console.error(`${file}: ${reason}`);
    return false;
  }
  const batches = Array.isArray(parsed) ? parsed : [parsed];
  if (batches.length === 0) {
    console.error(`${file}: holds an empty list, no batch to import`);
    return false;
  }
  const label = (i: number) => (Array.isArray(parsed) ? `${file}[${i}]` : file);
  let valid = true;
  batches.forEach((batch, i) => {
    try {
      validateBatch(batch);
    } catch (error) {
      if (!(error instanceof InvalidBatchError)) throw error;
      console.error(`${label(i)}: rejected, nothing of this file was imported:${problems(error)}`);
      valid = false;
    }
  });
  if (!valid) return false;
  for (const [i, batch] of batches.entries()) {
    try {
      console.log(`${label(i)}: ${describeRun(await odds.ingest(batch, 'import'))}`);
    } catch (error) {
      if (!(error instanceof BatchRejectedError)) throw error;
      console.error(`${label(i)}: rejected (${error.run.id}):${problems(error)}`);
      return false;
    }
  }
  return true;
}

async function main(): Promise<number> {
  const files = process.argv.slice(2).filter((a) => a !== '--');
  if (files.length === 0) {
    console.error(`usage: npm run ${NAME} -- FILE…  (normalized feed batches as JSON; see docs/feed.md)`);
    return 2;
  }
  const config = loadConfig(process.env);
  const db = connectDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    let failed = 0;
    const odds = new OddsService(db, { now: Date.now, readSide: false });
    for (const file of files) if (!(await importFile(odds, file))) failed += 1;
    if (failed > 0) console.error(`${NAME}: ${failed} of ${files.length} file(s) failed`);
    return failed > 0 ? 1 : 0;
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
