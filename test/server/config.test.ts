import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, MIN_SCRYPT_N } from '../../src/server/core/config';
import { CONFIG_SCHEMA, configTable } from '../../src/server/core/config-schema';

const SECRET = 'x'.repeat(32);
const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'oddsmate-config-'));

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ JWT_SECRET: SECRET, DATA_DIR: tmp(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dataDir = tmp();
    const config = loadConfig({ JWT_SECRET: SECRET, DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: `sqlite:${path.join(dataDir, 'oddsmate.sqlite')}`,
      smtpUrl: null,
      mailFrom: 'OddsMate <no-reply@oddsmate.local>',
      oddsFeed: 'demo',
      demoSeed: 42,
      demoTickS: 30,
      ingestToken: null,
      redisUrl: null,
      trustProxy: false,
      accessTokenTtlS: 900,
      refreshTokenTtlS: 2_592_000,
      otpTtlS: 600,
      rateLimits: true,
      logLevel: 'info',
      chromePath: '/usr/bin/chromium',
      ga4MeasurementId: null,
      serveWeb: true,
      webRoot: path.resolve('dist/web'),
      dataDir,
      scryptN: MIN_SCRYPT_N,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://db.internal/oddsmate',
      JWT_SECRET: SECRET,
      SMTP_URL: 'smtps://user:pass@mail.internal:465',
      MAIL_FROM: 'Odds <odds@example.com>',
      ODDS_FEED: 'none',
      DEMO_SEED: '7',
      DEMO_TICK_S: '0.5',
      INGEST_TOKEN: 'a-long-ingest-token',
      REDIS_URL: 'redis://cache.internal:6379',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.1, loopback, ::1',
      ACCESS_TOKEN_TTL_S: '60',
      REFRESH_TOKEN_TTL_S: '3600',
      OTP_TTL_S: '5',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'debug',
      CHROME_PATH: '/opt/chrome',
      GA4_MEASUREMENT_ID: 'G-ODDS2026',
      SERVE_WEB: 'off',
      WEB_ROOT: 'build/web',
      DATA_DIR: tmp(),
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://db.internal/oddsmate',
      smtpUrl: 'smtps://user:pass@mail.internal:465',
      mailFrom: 'Odds <odds@example.com>',
      oddsFeed: 'none',
      demoSeed: 7,
      demoTickS: 0.5,
      ingestToken: 'a-long-ingest-token',
      redisUrl: 'redis://cache.internal:6379',
      trustProxy: ['10.0.0.0/8', '192.168.1.1', 'loopback', '::1'],
      accessTokenTtlS: 60,
      refreshTokenTtlS: 3600,
      otpTtlS: 5,
      rateLimits: false,
      logLevel: 'debug',
      chromePath: '/opt/chrome',
      ga4MeasurementId: 'G-ODDS2026',
      serveWeb: false,
      webRoot: path.resolve('build/web'),
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT', 'must be an integer from 0 to 65535 (got "eighty")'],
    [{ PORT: '70000' }, 'PORT', 'must be an integer'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL', 'must be sqlite:PATH, sqlite::memory: or postgres://'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET', 'must be at least 32 bytes long'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL', 'must use smtp:// or smtps://'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL', 'must be a URL'],
    [{ ODDS_FEED: 'simulated' }, 'ODDS_FEED', 'must be one of demo, none, live, replay:DIR'],
    [{ DEMO_SEED: '-1' }, 'DEMO_SEED', 'must be an integer'],
    [{ DEMO_TICK_S: '0' }, 'DEMO_TICK_S', 'must be a positive number'],
    [{ INGEST_TOKEN: 'short' }, 'INGEST_TOKEN', 'at least 16 characters'],
    [{ REDIS_URL: 'memcached://x' }, 'REDIS_URL', 'must use redis:// or rediss://'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY', 'bad entry "true"'],
    [{ GA4_MEASUREMENT_ID: 'UA-1234' }, 'GA4_MEASUREMENT_ID', 'must look like G-XXXXXXXXXX'],
    [{ TRUST_PROXY: '10.0.0.0/99' }, 'TRUST_PROXY', 'bad entry "10.0.0.0/99"'],
    [{ ACCESS_TOKEN_TTL_S: '0' }, 'ACCESS_TOKEN_TTL_S', 'must be an integer from 1'],
    [{ REFRESH_TOKEN_TTL_S: '1.5' }, 'REFRESH_TOKEN_TTL_S', 'must be an integer'],
    [{ OTP_TTL_S: 'ten' }, 'OTP_TTL_S', 'must be an integer'],
    [{ RATE_LIMITS: 'maybe' }, 'RATE_LIMITS', 'must be one of on, off'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', 'must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ SERVE_WEB: 'yes' }, 'SERVE_WEB', 'must be one of on, off'],
    [{ SCRYPT_N: '1024' }, 'SCRYPT_N', `must be an integer from ${MIN_SCRYPT_N}`],
    [{ SCRYPT_N: '100000' }, 'SCRYPT_N', 'must be a power of two'],
    [{ HEADERS_TIMEOUT_S: '40' }, 'HEADERS_TIMEOUT_S', 'must not exceed REQUEST_TIMEOUT_S (30)'],
    [{ PUBLIC_URL: 'ftp://odds.example' }, 'PUBLIC_URL', 'must use http:// or https://'],
    [{ API_DOCS: 'sometimes' }, 'API_DOCS', 'must be one of on, off (got "sometimes")'],
    [{ ODDS_POLL_S: '2' }, 'ODDS_POLL_S', 'must be a number from 5 to 3600 (got "2")'],
    [{ ODDS_SOURCES: 'bet9ja,betway' }, 'ODDS_SOURCES', 'must list books among bet9ja, betking'],
    [{ ODDS_SOURCE_URL_BETKING: 'gopher://x' }, 'ODDS_SOURCE_URL_BETKING', 'must use http:// or https://'],
    [{ ODDS_LEAGUES_SPORTYBET: '2=sr:1,9=x' }, 'ODDS_LEAGUES_SPORTYBET', 'bad entry "9=x"'],
    [{ BOOKING_URL_BET9JA: 'bet9ja' }, 'BOOKING_URL_BET9JA', 'must be a URL (http or https)'],
    [{ ODDS_EVENT_CALLS: '201' }, 'ODDS_EVENT_CALLS', 'must be an integer from 0 to 200 (got "201")'],
    [{ VAPID_SUBJECT: 'mailto:ops@oddsmate.example' }, 'VAPID_PUBLIC_KEY', 'with the other VAPID variables'],
    [{ VAPID_PRIVATE_KEY: 'short' }, 'VAPID_PRIVATE_KEY', 'P-256 private key in base64url (32 bytes)'],
  ])('rejects %p naming %s', (env, variable, problem) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(`Invalid configuration: ${variable} `);
    expect(error.message).toContain(problem);
  });

  it('reads PUSH_SERVICES as a list of push service hosts, and refuses anything else', () => {
    expect(loadConfig({ JWT_SECRET: SECRET, DATA_DIR: tmp() }).pushServices).toBeNull();
    const config = loadConfig({
      JWT_SECRET: SECRET,
      DATA_DIR: tmp(),
      PUSH_SERVICES: 'FCM.googleapis.com, *.push.apple.com',
    });
    expect(config.pushServices).toEqual(['fcm.googleapis.com', '*.push.apple.com']);
    for (const wrong of ['https://fcm.googleapis.com', 'localhost', '*', 'fcm.googleapis.com/path']) {
      expect(errorOf({ PUSH_SERVICES: wrong }).message).toContain('Invalid configuration: PUSH_SERVICES');
    }
  });

  it('never echoes the secret it rejects', () => {
    expect(errorOf({ JWT_SECRET: 'hunter2-secret' }).message).not.toContain('hunter2');
    expect(errorOf({ INGEST_TOKEN: 'hunter2' }).message).not.toContain('hunter2');
  });

  it('reads the live feed variables, with per-book URLs and league ids', () => {
    const config = loadConfig({
      JWT_SECRET: SECRET,
      DATA_DIR: tmp(),
      ODDS_FEED: 'Replay:recordings/one',
      ODDS_POLL_S: '7.5',
      ODDS_SOURCES: 'SportyBet, bet9ja, sportybet',
      ODDS_SOURCE_URL_BET9JA: 'http://127.0.0.1:9000/bet9ja',
      ODDS_LEAGUES_SPORTYBET: '2=sr:tournament:17, 3=',
      BOOKING_URL_BETKING: 'https://booking.example/',
      ODDS_EVENT_CALLS: '0',
    });
    expect(config.oddsFeed).toBe('replay');
    expect(config.oddsSources).toEqual({
      replayDir: path.resolve('recordings/one'),
      pollS: 7.5,
      sources: ['sportybet', 'bet9ja'],
      urls: { bet9ja: 'http://127.0.0.1:9000/bet9ja' },
      leagues: { sportybet: { 2: 'sr:tournament:17', 3: null } },
      recordDir: null,
      eventCalls: 0,
    });
    expect(config.bookingUrls).toEqual({ betking: 'https://booking.example' });
  });

  it('turns the API document off by default in production only', () => {
    const base = { JWT_SECRET: SECRET, DATA_DIR: tmp() };
    expect(loadConfig(base).apiDocs).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', API_DOCS: 'ON' }).apiDocs).toBe(true);
  });

  it('describes every variable, and README carries the table generated from the schema', () => {
    for (const [name, schema] of Object.entries(CONFIG_SCHEMA.properties)) {
      expect([name, typeof schema.description]).toEqual([name, 'string']);
    }
    const readme = readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
    expect(readme).toContain(`<!-- config-table:start -->\n\n${configTable()}\n\n<!-- config-table:end -->`);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ JWT_SECRET: SECRET, DATA_DIR: tmp(), PORT: '', SMTP_URL: ' ' })).toMatchObject({
      port: 8080,
      smtpUrl: null,
    });
  });

  it('generates the JWT secret once into DATA_DIR, private, and warns about it', () => {
    const dataDir = tmp();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(first.jwtSecret).toBe(readFileSync(file, 'utf8'));
    expect(Buffer.byteLength(first.jwtSecret)).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.warnings.join('\n')).toContain('JWT_SECRET is not set');
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.warnings).toEqual([]);
  });
});
