/**
 * `npm run odds:sources`: the health table gains each book's unmatched and ambiguous listings,
 * and the names themselves are listed below it (what the maintainer adds to the alias table).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ingestBatch } from '../../../src/server/modules/odds/ingest/ingest-pipeline';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';

const run = promisify(execFile);
// Each case starts a fresh Node process with tsx, which takes seconds on a busy machine.
jest.setTimeout(60_000);
const SECRET = 'cli-test-secret-cli-test-secret-0123456789';

function sourcesCli(databaseUrl: string, args: string[] = []) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/odds-sources.ts', ...args], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SECRET,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'os-')),
    },
  });
}

describe.each(databasesUnderTest())('npm run odds:sources on $name', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'oddsmate-cli-')), 'cli.sqlite');
    database = await createTestDatabase(target, { sqliteUrl: `sqlite:${file}` });
    const kickoff = new Date(Date.now() + 24 * 3600_000).toISOString();
    const prices = [{ market: 1, prices: [{ selection: 1, value: 2.5 }] }];
    await ingestBatch(
      database.db,
      {
        provider: 2,
        country: 1,
        fetchedAt: new Date().toISOString(),
        events: [
          { externalId: 'a', competition: 1, home: 'Lds Whites', away: 'Burnley', kickoff, markets: prices },
          { externalId: 'b', competition: 1, home: 'Manchester', away: 'Chelsea', kickoff, markets: prices },
          { externalId: 'c', competition: 3, home: 'US Leece', away: 'Inter', kickoff, markets: prices },
        ],
      },
      { source: 'live', now: () => Date.now() },
    );
  });
  afterAll(() => database.drop());

  it('counts each book’s unmatched and ambiguous listings and lists their names', async () => {
    const { stdout } = await sourcesCli(database.url);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim());
    expect(lines[0]).toBe('book state last success latency events prices unmatched ambiguous last error');
    expect(lines.find((l) => l.startsWith('BetKing'))).toBe('BetKing off never - - 0 1 1');
    expect(lines.find((l) => l.startsWith('SportyBet'))).toBe('SportyBet off never - - 0 0 0');
    expect(lines.slice(lines.indexOf('') + 1)).toEqual([
      'Names matching could not place (add a line to the alias table for each unmatched club):',
      'BetKing unmatched Premier League 1× "Lds Whites" e.g. Lds Whites - Burnley',
      'BetKing ambiguous Premier League 1× "Manchester" (could be: Manchester City, Manchester United) e.g. Manchester - Chelsea',
    ]);
    const json = JSON.parse((await sourcesCli(database.url, ['--json'])).stdout) as {
      sources: Array<{ providerId: number; unmatched: { listings: number }; ambiguous: { listings: number } }>;
    };
    expect(json.sources.map((s) => [s.providerId, s.unmatched.listings, s.ambiguous.listings])).toEqual([
      [1, 0, 0],
      [2, 1, 1],
      [3, 0, 0],
      [4, 0, 0],
      [5, 0, 0],
    ]);
  });
});
