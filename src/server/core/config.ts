/**
 * Configuration from environment variables only (docs/architecture.md §2), validated once at start.
 * `loadConfig(env)` takes the env object as an argument so tests pass their own; anything bad
 * throws a ConfigError naming the variable, and the server refuses to start.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import {
  type OddsFeed,
  OddsConfigProblem,
  type OddsSourcesConfig,
  BOOK_KEYS,
  oddsFeedOf,
  oddsSourcesOf,
} from './odds-sources-config';

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

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

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

export const MIN_SCRYPT_N = 2 ** 16;
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

type Env = Readonly<Record<string, string | undefined>>;

/** Empty strings count as unset, so `FOO= npm start` behaves like not setting FOO. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^-?\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigError(name, `must be a positive number (got "${raw}")`);
  return value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

function urlWithScheme(env: Env, name: string, schemes: readonly string[]): string | null {
  const raw = read(env, name);
  if (raw === undefined) return null;
  let protocol: string;
  try {
    protocol = new URL(raw).protocol;
  } catch {
    throw new ConfigError(name, `must be a URL (${schemes.join(' or ')})`);
  }
  if (!schemes.includes(protocol.replace(/:$/, ''))) {
    throw new ConfigError(name, `must use ${schemes.map((s) => `${s}://`).join(' or ')}`);
  }
  return raw;
}

function databaseUrl(env: Env, dataDir: string): string {
  const raw = read(env, 'DATABASE_URL');
  if (raw === undefined) return `sqlite:${path.join(dataDir, 'oddsmate.sqlite')}`;
  if (/^sqlite:.+/.test(raw) || /^postgres(ql)?:\/\/.+/.test(raw)) return raw;
  throw new ConfigError('DATABASE_URL', 'must be sqlite:PATH, sqlite::memory: or postgres://…');
}

function trustProxy(env: Env): readonly string[] | false {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined) return false;
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_KEYWORDS.includes(entry) && (family === 0 || !bitsOk || extra !== undefined)) {
      throw new ConfigError(
        'TRUST_PROXY',
        `must list IP addresses or CIDRs separated by commas (bad entry "${entry}")`,
      );
    }
  }
  return Object.freeze(entries);
}

function ga4MeasurementId(env: Env): string | null {
  const raw = read(env, 'GA4_MEASUREMENT_ID');
  if (raw === undefined) return null;
  if (!/^G-[A-Z0-9]+$/.test(raw)) throw new ConfigError('GA4_MEASUREMENT_ID', 'must look like G-XXXXXXXXXX');
  return raw;
}

/** JWT_SECRET, or a secret generated once into DATA_DIR/jwt-secret so restarts keep sessions. */
function jwtSecret(env: Env, dataDir: string, warnings: string[]): string {
  const raw = read(env, 'JWT_SECRET');
  if (raw !== undefined) {
    if (Buffer.byteLength(raw, 'utf8') < 32) throw new ConfigError('JWT_SECRET', 'must be at least 32 bytes long');
    return raw;
  }
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

/** The odds source variables, their problems as ConfigErrors. */
/** All three VAPID variables or none (docs/architecture.md §12); keys are base64url P-256. */
function vapid(env: Env): VapidConfig | null {
  const names = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
  const [publicKey, privateKey, subject] = names.map((name) => read(env, name));
  if (!publicKey && !privateKey && !subject) return null;
  const missing = names.find((name) => !read(env, name));
  if (missing) throw new ConfigError(missing, 'must be set with the other VAPID variables');
  const bytes = (value: string) => (/^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url').length : 0);
  if (bytes(publicKey as string) !== 65) {
    throw new ConfigError('VAPID_PUBLIC_KEY', 'must be an uncompressed P-256 public key in base64url (65 bytes)');
  }
  if (bytes(privateKey as string) !== 32) {
    throw new ConfigError('VAPID_PRIVATE_KEY', 'must be a P-256 private key in base64url (32 bytes)');
  }
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject as string)) {
    throw new ConfigError('VAPID_SUBJECT', 'must be a mailto: or https: URL');
  }
  return { publicKey: publicKey as string, privateKey: privateKey as string, subject: subject as string };
}

const PUSH_SERVICE = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/;

function pushServices(env: Env): readonly string[] | null {
  const given = read(env, 'PUSH_SERVICES');
  if (!given) return null;
  const hosts = given.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  const wrong = hosts.find((h) => !PUSH_SERVICE.test(h));
  if (wrong !== undefined || hosts.length === 0) {
    throw new ConfigError('PUSH_SERVICES', 'must list host names separated by commas (e.g. fcm.googleapis.com,*.push.apple.com)');
  }
  return Object.freeze(hosts);
}

function publicUrl(env: Env, port: number): string {
  const given = urlWithScheme(env, 'PUBLIC_URL', ['http', 'https']);
  return (given ?? `http://localhost:${port}`).replace(/\/+$/, '');
}

function oddsFeedAndSources(env: Env): { feed: OddsFeed; sources: OddsSourcesConfig } {
  try {
    const { feed, replayDir } = oddsFeedOf(env);
    return { feed, sources: oddsSourcesOf(env, replayDir) };
  } catch (error) {
    if (error instanceof OddsConfigProblem) throw new ConfigError(error.variable, error.problem);
    throw error;
  }
}

function bookingUrls(env: Env): Readonly<Record<string, string>> {
  const urls: Record<string, string> = {};
  for (const key of BOOK_KEYS) {
    const url = urlWithScheme(env, `BOOKING_URL_${key}`, ['http', 'https']);
    if (url !== null) urls[key.toLowerCase()] = url.replace(/\/+$/, '');
  }
  return Object.freeze(urls);
}

export function loadConfig(env: Env = process.env): AppConfig {
  const warnings: string[] = [];
  const odds = oddsFeedAndSources(env);
  const dataDir = path.resolve(read(env, 'DATA_DIR') ?? 'data');
  const config: AppConfig = {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: read(env, 'HOST') ?? '127.0.0.1',
    databaseUrl: databaseUrl(env, dataDir),
    jwtSecret: '',
    smtpUrl: urlWithScheme(env, 'SMTP_URL', ['smtp', 'smtps']),
    mailFrom: read(env, 'MAIL_FROM') ?? 'OddsMate <no-reply@oddsmate.local>',
    oddsFeed: odds.feed,
    oddsSources: odds.sources,
    bookingUrls: bookingUrls(env),
    demoSeed: integer(env, 'DEMO_SEED', 42, 0),
    demoTickS: positiveNumber(env, 'DEMO_TICK_S', 30),
    ingestToken: read(env, 'INGEST_TOKEN') ?? null,
    redisUrl: urlWithScheme(env, 'REDIS_URL', ['redis', 'rediss']),
    trustProxy: trustProxy(env),
    accessTokenTtlS: integer(env, 'ACCESS_TOKEN_TTL_S', 900, 1),
    refreshTokenTtlS: integer(env, 'REFRESH_TOKEN_TTL_S', 2_592_000, 1),
    otpTtlS: integer(env, 'OTP_TTL_S', 600, 1),
    rateLimits: oneOf(env, 'RATE_LIMITS', ['on', 'off'] as const, 'on') === 'on',
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    chromePath: read(env, 'CHROME_PATH') ?? '/usr/bin/chromium',
    ga4MeasurementId: ga4MeasurementId(env),
    serveWeb: oneOf(env, 'SERVE_WEB', ['on', 'off'] as const, 'on') === 'on',
    webRoot: path.resolve(read(env, 'WEB_ROOT') ?? 'dist/web'),
    dataDir,
    scryptN: integer(env, 'SCRYPT_N', MIN_SCRYPT_N, MIN_SCRYPT_N, 2 ** 20),
    headersTimeoutS: integer(env, 'HEADERS_TIMEOUT_S', 10, 1, 3600),
    requestTimeoutS: integer(env, 'REQUEST_TIMEOUT_S', 30, 1, 3600),
    apiDocs:
      oneOf(env, 'API_DOCS', ['on', 'off'] as const, read(env, 'NODE_ENV') === 'production' ? 'off' : 'on') === 'on',
    publicUrl: '',
    vapid: vapid(env),
    pushAllowLoopbackHttp: false,
    pushServices: pushServices(env),
    warnings,
  };
  config.publicUrl = publicUrl(env, config.port);
  if (config.headersTimeoutS > config.requestTimeoutS) {
    throw new ConfigError('HEADERS_TIMEOUT_S', `must not exceed REQUEST_TIMEOUT_S (${config.requestTimeoutS})`);
  }
  if ((config.scryptN & (config.scryptN - 1)) !== 0) throw new ConfigError('SCRYPT_N', 'must be a power of two');
  if (config.ingestToken !== null && config.ingestToken.length < 16) {
    throw new ConfigError('INGEST_TOKEN', 'must be at least 16 characters long');
  }
  config.jwtSecret = jwtSecret(env, dataDir, warnings);
  return Object.freeze({ ...config, warnings: Object.freeze(warnings) });
}
