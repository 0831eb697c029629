import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { addAnalyticsCount } from '../../../src/server/modules/analytics/analytics.repository';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';

const run = promisify(execFile);
// Each case starts a fresh Node process with tsx, which takes seconds on a busy machine.
jest.setTimeout(60_000);
const SECRET = 'cli-test-secret-cli-test-secret-0123456789';

function analyticsCli(databaseUrl: string, args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/analytics.ts', ...args], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SECRET,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'an-')),
    },
  });
}

describe.each(databasesUnderTest())('npm run analytics -- counts on $name', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'oddsmate-cli-')), 'cli.sqlite');
    database = await createTestDatabase(target, { sqliteUrl: `sqlite:${file}` });
    await addAnalyticsCount(database.db, { day: '2026-11-20', name: 'page_view', country: 0, count: 5 });
    await addAnalyticsCount(database.db, { day: '2026-11-21', name: 'page_view', country: 1, count: 3 });
    await addAnalyticsCount(database.db, { day: '2026-11-21', name: 'page_view', country: 1, count: 2 });
    await addAnalyticsCount(database.db, { day: '2026-11-21', name: 'user_login_success', country: 1, count: 1 });
  });
  afterAll(() => database.drop());

  it('prints the tallies per day, event and country, and a total per event', async () => {
    const { stdout } = await analyticsCli(database.url, ['counts']);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim());
    expect(lines).toEqual([
      '2026-11-20 page_view anonymous 5',
      '2026-11-21 page_view Nigeria 5',
      '2026-11-21 user_login_success Nigeria 1',
      'totals:',
      'page_view 10',
      'user_login_success 1',
    ]);
  });

  it('filters by day and prints JSON', async () => {
    const { stdout } = await analyticsCli(database.url, ['counts', '--since', '2026-11-21', '--json']);
    expect(JSON.parse(stdout)).toEqual([
      { day: '2026-11-21', name: 'page_view', country: 1, count: 5, countryName: 'Nigeria' },
      { day: '2026-11-21', name: 'user_login_success', country: 1, count: 1, countryName: 'Nigeria' },
    ]);
  });

  it('explains its usage and bad arguments with a non-zero exit', async () => {
    await expect(analyticsCli(database.url, ['list'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('usage: npm run analytics -- counts'),
    });
    await expect(analyticsCli(database.url, ['counts', '--since', 'yesterday'])).rejects.toMatchObject({
      stderr: expect.stringContaining('--since: a day as YYYY-MM-DD'),
    });
  });
});
