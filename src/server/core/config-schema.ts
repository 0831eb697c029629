/**
 * Every environment variable the server reads, as one TypeBox schema: its type, limits, default and a
 * description per variable. `readVariables` validates an env object against it, one variable at a time, so
 * a bad value is reported by name; README's configuration table is generated from the same schema
 * (`npm run docs:config`, and a test that it is current).
 */
import {
  KindGuard,
  type Static,
  type TLiteral,
  type TOptional,
  type TSchema,
  type TString,
  Type,
} from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { BOOK_KEYS, type BookKey, FORMATS } from './config-formats';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

export const MIN_SCRYPT_N = 2 ** 16;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Documentation options every variable carries; `shown` is the README default when `default` is not literal. */
interface Doc {
  description: string;
  shown?: string;
  /** One README row for a family of variables (the per-book ones). */
  row?: string;
}

const text = (format: keyof typeof FORMATS | null, doc: Doc) =>
  Type.Optional(Type.String(format === null ? doc : { ...doc, format: `config-${format}` }));
const integer = (minimum: number, maximum: number, fallback: number, doc: Doc) =>
  Type.Integer({ minimum, maximum, default: fallback, ...doc });
const choice = <T extends string>(values: readonly T[], fallback: T | undefined, doc: Doc) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    { ...doc, ...(fallback === undefined ? {} : { default: fallback }) },
  );
const onOff = (fallback: 'on' | 'off' | undefined, doc: Doc) => choice(['on', 'off'] as const, fallback, doc);

function perBook<P extends string>(
  prefix: P,
  format: keyof typeof FORMATS,
  doc: (key: string) => Doc,
): Record<`${P}${BookKey}`, TOptional<TString>> {
  return Object.fromEntries(
    BOOK_KEYS.map((key) => [`${prefix}${key}`, text(format, { ...doc(key), row: `${prefix}<BOOK>` })]),
  ) as Record<`${P}${BookKey}`, TOptional<TString>>;
}

const BOOKS = BOOK_KEYS.map((key) => `\`${key}\``).join(', ');

export const CONFIG_SCHEMA = Type.Object({
  PORT: integer(0, 65535, 8080, { description: 'listen port' }),
  HOST: Type.String({ default: '127.0.0.1', description: 'listen address' }),
  DATABASE_URL: text('database-url', {
    description: '`sqlite:PATH`, `sqlite::memory:` or `postgres://…`',
    shown: '`sqlite:./data/oddsmate.sqlite`',
  }),
  JWT_SECRET: text('secret', {
    description: 'HS256 key, at least 32 bytes; set it when running more than one process',
    shown: 'generated once into `./data/jwt-secret` (warning logged)',
  }),
  SMTP_URL: text('smtp-url', {
    description: 'nodemailer SMTP URL (`smtp://` or `smtps://`)',
    shown: 'unset → console/outbox transport',
  }),
  MAIL_FROM: Type.String({ default: 'OddsMate <no-reply@oddsmate.local>', description: 'sender' }),
  ODDS_FEED: text('odds-feed', {
    description: '`demo`, `none` (import and push only), `live` (the bookmakers) or `replay:DIR`',
    shown: '`demo`',
  }),
  ODDS_POLL_S: Type.Number({
    minimum: 5,
    maximum: 3600,
    default: 60,
    description: 'live feed: seconds between polls (see [docs/sources.md](docs/sources.md))',
  }),
  ODDS_SOURCES: text('book-list', { description: 'live feed: books to read, comma-separated ids', shown: 'all five' }),
  ...perBook('ODDS_SOURCE_URL_', 'http-url', () => ({
    description: `base URL per book (${BOOKS})`,
    shown: "each book's site",
  })),
  ...perBook('ODDS_LEAGUES_', 'league-ids', () => ({
    description: 'league ids by competition, e.g. `2=20000842,3=20000843`',
    shown: "the book's id table",
  })),
  ...perBook('BOOKING_URL_', 'http-url', () => ({
    description: "base URL of a book's booking-code calls (see [docs/sources.md](docs/sources.md))",
    shown: "each book's site",
  })),
  ODDS_RECORD_DIR: text(null, {
    description: 'save every raw bookmaker answer there (`npm run odds:replay -- DIR`)',
    shown: 'unset',
  }),
  ODDS_EVENT_CALLS: integer(0, 200, 12, {
    description: 'live feed: per-event calls per book and poll interval (matches within 7 days only)',
  }),
  DEMO_SEED: integer(0, Number.MAX_SAFE_INTEGER, 42, { description: 'demo feed determinism' }),
  DEMO_TICK_S: Type.Number({ exclusiveMinimum: 0, default: 30, description: 'demo feed update period in seconds' }),
  INGEST_TOKEN: text('token', {
    description: 'bearer token (16+ characters) for `POST /api/ingest`',
    shown: 'unset → push endpoint disabled',
  }),
  PUBLIC_URL: text('http-url', {
    description: 'the site address; alert e-mail links start with it',
    shown: '`http://localhost:PORT`',
  }),
  VAPID_PUBLIC_KEY: text('vapid-public', {
    description: 'base64url P-256 public key (`npx web-push generate-vapid-keys`)',
    shown: 'unset → no Web Push',
  }),
  VAPID_PRIVATE_KEY: text('vapid-private', {
    description: 'its private key; the three VAPID variables go together',
    shown: 'unset → no Web Push',
  }),
  VAPID_SUBJECT: text('vapid-subject', {
    description: 'a `mailto:` or `https:` contact for push services',
    shown: 'unset → no Web Push',
  }),
  PUSH_SERVICES: text('host-list', {
    description: 'push services Web Push endpoints may point at (comma-separated hosts, `*.` for a domain)',
    shown: 'unset → any public https host',
  }),
  REDIS_URL: text('redis-url', { description: 'shared per-IP rate-limit store', shown: 'unset → in-memory limits' }),
  TRUST_PROXY: text('proxy-list', {
    description: 'proxy IPs/CIDRs (or `loopback`, `linklocal`, `uniquelocal`) whose X-Forwarded-For is trusted',
    shown: 'unset (X-Forwarded-For ignored)',
  }),
  ACCESS_TOKEN_TTL_S: integer(1, Number.MAX_SAFE_INTEGER, 900, { description: 'access token lifetime in seconds' }),
  REFRESH_TOKEN_TTL_S: integer(1, Number.MAX_SAFE_INTEGER, 2_592_000, {
    description: 'refresh token lifetime in seconds',
  }),
  OTP_TTL_S: integer(1, Number.MAX_SAFE_INTEGER, 600, { description: 'one-time code lifetime in seconds' }),
  RATE_LIMITS: onOff('on', {
    description: '`off` disables per-IP limits (never in production; per-account rules stay)',
  }),
  LOG_LEVEL: choice(LOG_LEVELS, 'info', { description: 'pino level (passwords, tokens and codes are redacted)' }),
  CHROME_PATH: Type.String({
    default: '/usr/bin/chromium',
    description: 'browser for prerendering, browser tests and benchmarks',
  }),
  GA4_MEASUREMENT_ID: text('ga4', {
    description: "optional GA4 (set it for the build and the server: the CSP then admits exactly GA4's origins)",
    shown: 'unset',
  }),
  SERVE_WEB: onOff('on', { description: 'serve the built SPA from this process' }),
  WEB_ROOT: Type.String({ default: 'dist/web', description: 'where the built SPA is' }),
  DATA_DIR: Type.String({ default: './data', description: 'SQLite file, generated secret, mail outbox' }),
  SCRYPT_N: integer(MIN_SCRYPT_N, 2 ** 20, MIN_SCRYPT_N, {
    description: `scrypt cost, a power of two (never below ${MIN_SCRYPT_N})`,
  }),
  HEADERS_TIMEOUT_S: integer(1, 3600, 10, {
    description: 'seconds a client may take for its request headers (at most REQUEST_TIMEOUT_S)',
  }),
  REQUEST_TIMEOUT_S: integer(1, 3600, 30, { description: 'seconds a client may take for the whole request' }),
  API_DOCS: onOff(undefined, {
    description: 'serve the OpenAPI document at `/api/docs/json`',
    shown: '`on`; `off` when `NODE_ENV=production`',
  }),
  NODE_ENV: text(null, { description: '`production` turns `API_DOCS` off unless it is set', shown: 'unset' }),
});

export type ConfigVariables = Static<typeof CONFIG_SCHEMA>;
type Env = Readonly<Record<string, string | undefined>>;
const SCHEMAS: Readonly<Record<string, TSchema>> = CONFIG_SCHEMA.properties;

function literals(schema: TSchema): string[] | null {
  if (!KindGuard.IsUnion(schema) || !schema.anyOf.every((s) => KindGuard.IsLiteral(s))) return null;
  return schema.anyOf.map((s) => String((s as TLiteral).const));
}

function problemOf(schema: TSchema, raw: string): string {
  const format = typeof schema.format === 'string' ? FORMATS[schema.format.replace(/^config-/, '')] : undefined;
  if (format) return format.problem(raw);
  const choices = literals(schema);
  if (choices) return `must be one of ${choices.join(', ')} (got "${raw}")`;
  if (KindGuard.IsInteger(schema))
    return `must be an integer from ${schema.minimum} to ${schema.maximum} (got "${raw}")`;
  if (KindGuard.IsNumber(schema) && schema.exclusiveMinimum === 0) return `must be a positive number (got "${raw}")`;
  if (KindGuard.IsNumber(schema)) return `must be a number from ${schema.minimum} to ${schema.maximum} (got "${raw}")`;
  return 'is not valid';
}

/** One variable: empty counts as unset (`FOO= npm start` is like not setting FOO); numbers must be plain decimals. */
function valueOf(name: string, schema: TSchema, env: Env): unknown {
  const raw = env[name]?.trim();
  if (!raw) return schema.default;
  let value: unknown = raw;
  if (literals(schema)) value = raw.toLowerCase();
  else if (KindGuard.IsInteger(schema) || KindGuard.IsNumber(schema)) {
    value = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  }
  if (!Value.Check(schema, value)) throw new ConfigError(name, problemOf(schema, raw));
  return value;
}

/** The schema's variables read from `env` with defaults applied; the first bad one throws a ConfigError. */
export function readVariables(env: Env): ConfigVariables {
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    const value = valueOf(name, schema, env);
    if (value !== undefined) values[name] = value;
  }
  return values as ConfigVariables;
}

/** README's configuration table (a Markdown table, one row per variable or per-book family). */
export function configTable(): string {
  const rows: string[][] = [['variable', 'default', 'meaning']];
  const seen = new Set<string>();
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    const label = typeof schema.row === 'string' ? schema.row : name;
    if (seen.has(label)) continue;
    seen.add(label);
    const shown = typeof schema.shown === 'string' ? schema.shown : `\`${String(schema.default)}\``;
    rows.push([`\`${label}\``, shown, String(schema.description)]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => [...row[column]!].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell + ' '.repeat(widths[column]! - [...cell].length)).join(' | ')} |`;
  return [line(rows[0]!), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.slice(1).map(line)].join('\n');
}
