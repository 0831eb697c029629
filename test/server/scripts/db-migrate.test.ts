import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrations } from '../../../src/server/core/db/migrations/index';
import { createTestDatabase, databasesUnderTest } from '../support/databases';

const run = promisify(execFile);
// Each case starts a fresh Node process with tsx, which takes seconds on a busy machine.
jest.setTimeout(60_000);

function migrate(databaseUrl: string) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'migrate-test-secret-migrate-test-secret-01',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mig-')),
    },
  });
}

describe.each(databasesUnderTest())('npm run db:migrate on $name', (target) => {
  it('applies every migration once, then reports the database up to date', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'oddsmate-migrate-')), 'm.sqlite');
    const database = await createTestDatabase(target, { migrate: false, sqliteUrl: `sqlite:${file}` });
    try {
      const first = await migrate(database.url);
      for (const name of Object.keys(migrations)) expect(first.stdout).toContain(`db:migrate: applied ${name}`);
      const second = await migrate(database.url);
      expect(second.stdout).toBe('db:migrate: already up to date\n');
      const users = await database.db.selectFrom('users').selectAll().execute();
      expect(users).toEqual([]);
    } finally {
      await database.drop();
    }
  });

  it('fails with a message naming the variable on a bad DATABASE_URL', async () => {
    await expect(migrate('mysql://nope')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Invalid configuration: DATABASE_URL'),
    });
  });
});
