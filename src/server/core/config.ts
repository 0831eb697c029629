/**
 * Configuration from environment variables only, validated once at start by the
 * schema in config-schema.ts. `loadConfig(env)` takes the env object as an argument so tests pass their own;
 * anything bad throws a ConfigError naming the variable, and the server refuses to start. This file turns the
 * validated variables into the AppConfig the server uses and checks the rules that span several variables.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BOOK_KEYS } from './config-formats';
import { ConfigError, type ConfigVariables, type LOG_LEVELS, readVariables } from './config-schema';
import { type OddsFeed, type OddsSourcesConfig, oddsFeedOf, oddsSourcesFrom } from './odds-sources-config';

export { ConfigError, MIN_SCRYPT_N } from './config-schema';
type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string;
  jwtSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  oddsFeed: OddsFeed;
  /** The live collector and replay (ODDS_POLL_S, ODDS_SOURCES, ODDS_SOURCE_URL_*, ODDS_LEAGUES_*, ODDS_RECORD_DIR). */
  oddsSources: OddsSourcesConfig;
  /** `BOOKING_URL_<BOOK>`: base URL of a book's booking calls by book id (bet9ja …); unset = the book's site. */
  bookingUrls: Readonly<Record<string, string>>;
  demoSeed: number;
  demoTickS: number;
  ingestToken: string | null;
  redisUrl: string | null;
  /** Proxy addresses/CIDRs whose X-Forwarded-For is trusted; false trusts nobody. */
  trustProxy: readonly string[] | false;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  otpTtlS: number;
  /** Per-IP limits; the per-account and per-user rules apply whatever this says. */
  rateLimits: boolean;
  logLevel: LogLevel;
  chromePath: string;
  /** GA4 measurement id the web build was made with; adds Google's origins to the CSP. */
  ga4MeasurementId: string | null;
  serveWeb: boolean;
  webRoot: string;
  dataDir: string;
  /** Seconds a client may take to send the request headers / the whole request (slow clients). */
  headersTimeoutS: number;
  requestTimeoutS: number;
  /** Serve the OpenAPI document at /api/docs/json (API_DOCS; on by default except in production). */
  apiDocs: boolean;
  /** scrypt cost N; production never goes below OWASP's 2^16 (tests build configs directly). */
  scryptN: number;
  /** The site's address as people reach it (PUBLIC_URL); links in e-mails start with it. */
  publicUrl: string;
  /** Web Push keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT); null: no push. */
  vapid: VapidConfig | null;
  /** Push endpoints may be plain http on loopback (tests' local push service only; no variable). */
  pushAllowLoopbackHttp: boolean;
  /**
   * PUSH_SERVICES: the push services endpoints may point at (comma-separated host names;
   * `*.example.com` for any host under one), or null (unset): any public https host.
   */
  pushServices: readonly string[] | null;
  /** Things worth telling the operator once a logger exists (e.g. a generated secret). */
  warnings: readonly string[];
}

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** Without JWT_SECRET: a secret generated once into DATA_DIR/jwt-secret so restarts keep sessions. */
function generatedJwtSecret(dataDir: string, warnings: string[]): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    warnings.push(
      `JWT_SECRET is not set; generated a secret into ${file} (set JWT_SECRET when running more than one process)`,
    );
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (Buffer.byteLength(secret, 'utf8') < 32)
    throw new ConfigError('JWT_SECRET', `file ${file} holds fewer than 32 bytes`);
  return secret;
}

/** All three VAPID variables or none; each one's form is checked by the schema. */
function vapid(vars: ConfigVariables): VapidConfig | null {
  const names = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
  const [publicKey, privateKey, subject] = names.map((name) => vars[name]);
  if (!publicKey && !privateKey && !subject) return null;
  const missing = names.find((name) => !vars[name]);
  if (missing) throw new ConfigError(missing, 'must be set with the other VAPID variables');
  return { publicKey: publicKey as string, privateKey: privateKey as string, subject: subject as string };
}

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

function bookingUrls(vars: ConfigVariables): Readonly<Record<string, string>> {
  const urls: Record<string, string> = {};
  for (const key of BOOK_KEYS) {
    const url = vars[`BOOKING_URL_${key}`];
    if (url !== undefined) urls[key.toLowerCase()] = url.replace(/\/+$/, '');
  }
  return Object.freeze(urls);
}

export function loadConfig(env: Env = process.env): AppConfig {
  const vars = readVariables(env);
  const warnings: string[] = [];
  const { feed, replayDir } = oddsFeedOf(vars);
  const dataDir = path.resolve(vars.DATA_DIR);
  const config: AppConfig = {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'oddsmate.sqlite')}`,
    jwtSecret: '',
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM,
    oddsFeed: feed,
    oddsSources: oddsSourcesFrom(vars, replayDir),
    bookingUrls: bookingUrls(vars),
    demoSeed: vars.DEMO_SEED,
    demoTickS: vars.DEMO_TICK_S,
    ingestToken: vars.INGEST_TOKEN ?? null,
    redisUrl: vars.REDIS_URL ?? null,
    trustProxy: vars.TRUST_PROXY === undefined ? false : Object.freeze(listOf(vars.TRUST_PROXY)),
    accessTokenTtlS: vars.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlS: vars.REFRESH_TOKEN_TTL_S,
    otpTtlS: vars.OTP_TTL_S,
    rateLimits: vars.RATE_LIMITS === 'on',
    logLevel: vars.LOG_LEVEL,
    chromePath: vars.CHROME_PATH,
    ga4MeasurementId: vars.GA4_MEASUREMENT_ID ?? null,
    serveWeb: vars.SERVE_WEB === 'on',
    webRoot: path.resolve(vars.WEB_ROOT),
    dataDir,
    scryptN: vars.SCRYPT_N,
    headersTimeoutS: vars.HEADERS_TIMEOUT_S,
    requestTimeoutS: vars.REQUEST_TIMEOUT_S,
    apiDocs: (vars.API_DOCS ?? (vars.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    vapid: vapid(vars),
    pushAllowLoopbackHttp: false,
    pushServices: vars.PUSH_SERVICES === undefined ? null : Object.freeze(listOf(vars.PUSH_SERVICES.toLowerCase())),
    warnings,
  };
  if (config.headersTimeoutS > config.requestTimeoutS) {
    throw new ConfigError('HEADERS_TIMEOUT_S', `must not exceed REQUEST_TIMEOUT_S (${config.requestTimeoutS})`);
  }
  if ((config.scryptN & (config.scryptN - 1)) !== 0) throw new ConfigError('SCRYPT_N', 'must be a power of two');
  config.jwtSecret = vars.JWT_SECRET ?? generatedJwtSecret(dataDir, warnings);
  return Object.freeze({ ...config, warnings: Object.freeze(warnings) });
}
