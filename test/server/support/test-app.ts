/**
 * Builds the real app for a test: a migrated database (SQLite in memory, or a fresh
 * PostgreSQL database), a real SMTP capture wired through SMTP_URL, and a clock the test can
 * move forward. `close()` undoes all of it.
 */
import os from 'node:os';
import path from 'node:path';
import { type App, type BuildAppOptions, buildApp } from '../../../src/server/app';
import { type AppConfig, loadConfig } from '../../../src/server/core/config';
import type { Db } from '../../../src/server/core/db/connect';
import { createTestDatabase, type DatabaseUnderTest, type TestDatabase } from './databases';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture';

// Server tests start real apps, databases and SMTP servers; on a loaded CI machine that can
// take longer than jest's default 5 s, and a timeout there says nothing about the code.
if (typeof jest !== 'undefined') jest.setTimeout(30_000);

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
/** Small scrypt cost for speed; production refuses anything below 2^16 (see config.ts). */
export const TEST_SCRYPT_N = 2 ** 4;

/** A clock that follows real time plus whatever the test added, so nothing has to sleep. */
export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export function createTestClock(): TestClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}

/**
 * A complete configuration for tests: no web, no odds feed, silent logs, per-IP limits off
 * (tests of limits turn them on), a cheap scrypt. Overrides win.
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    DATABASE_URL: 'sqlite::memory:',
    DATA_DIR: path.join(os.tmpdir(), `oddsmate-test-${process.pid}`),
    SERVE_WEB: 'off',
    ODDS_FEED: 'none',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'silent',
  });
  return Object.freeze({ ...base, scryptN: TEST_SCRYPT_N, ...overrides });
}

export interface TestAppOptions extends Omit<BuildAppOptions, 'db'> {
  /** Which database to run on (default SQLite in memory). */
  database?: DatabaseUnderTest;
  /** Reuse an existing database (e.g. a second app over the same data); the caller drops it. */
  db?: Db;
  /** Skip the SMTP capture and use the outbox (or `mailer`) instead. */
  smtp?: false;
}

export interface TestApp {
  app: App;
  config: AppConfig;
  db: Db;
  /** The real SMTP server the app sends to (absent when `smtp: false`). */
  smtp: SmtpCapture;
  clock: TestClock;
  database: TestDatabase | null;
  close(): Promise<void>;
}

export async function buildTestApp(overrides: Partial<AppConfig> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const { database: target, db: givenDb, smtp: wantSmtp, ...appOptions } = options;
  const smtp = wantSmtp === false ? null : await startSmtpCapture();
  const database = givenDb ? null : await createTestDatabase(target ?? { name: 'sqlite', url: 'sqlite::memory:' });
  const db = givenDb ?? database!.db;
  const config = testConfig({ ...(smtp ? { smtpUrl: smtp.url } : {}), ...overrides });
  const clock = createTestClock();
  const app = await buildApp(config, {
    logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
    now: clock.now,
    ...appOptions,
    db,
  });
  await app.ready();
  return {
    app,
    config,
    db,
    smtp: smtp as SmtpCapture,
    clock,
    database,
    async close() {
      await app.close();
      await database?.drop();
      await smtp?.close();
    },
  };
}
