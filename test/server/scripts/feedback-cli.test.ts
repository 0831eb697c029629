import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { insertFeedback } from '../../../src/server/modules/feedback/feedback.repository';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';

const run = promisify(execFile);
// Each case starts a fresh Node process with tsx, which takes seconds on a busy machine.
jest.setTimeout(60_000);
const SECRET = 'cli-test-secret-cli-test-secret-0123456789';

function feedbackCli(databaseUrl: string, args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/feedback.ts', ...args], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SECRET,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'fb-')),
    },
  });
}

describe.each(databasesUnderTest())('npm run feedback -- list on $name', (target) => {
  let database: TestDatabase;
  let url: string;
  beforeAll(async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'oddsmate-cli-')), 'cli.sqlite');
    database = await createTestDatabase(target, { sqliteUrl: `sqlite:${file}` });
    url = database.url;
    await insertFeedback(database.db, 'Second thought\nwith two lines', Date.parse('2026-11-21T10:00:00Z'));
    await insertFeedback(database.db, 'First!', Date.parse('2026-11-20T09:00:00Z'));
  });
  afterAll(() => database.drop());

  it('prints every message, oldest first, with its time', async () => {
    const { stdout } = await feedbackCli(url, ['list']);
    expect(stdout).toBe(
      [
        '2026-11-20T09:00:00.000Z  First!',
        '2026-11-21T10:00:00.000Z  Second thought',
        `${' '.repeat(26)}with two lines`,
        '2 messages',
        '',
      ].join('\n'),
    );
  });

  it('filters by --since and prints JSON with --json', async () => {
    const { stdout } = await feedbackCli(url, ['list', '--since', '2026-11-21', '--json']);
    expect(JSON.parse(stdout)).toEqual([{ at: '2026-11-21T10:00:00.000Z', message: 'Second thought\nwith two lines' }]);
  });

  it('explains its usage on a wrong command', async () => {
    await expect(feedbackCli(url, ['delete'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('usage: npm run feedback -- list'),
    });
  });
});
