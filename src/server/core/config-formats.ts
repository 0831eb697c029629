/**
 * The value formats of the configuration variables (config-schema.ts): each one's check, registered with
 * TypeBox as `config-<name>`, and the problem a ConfigError states when it fails (never echoing a secret).
 */
import { isIP } from 'node:net';
import { FormatRegistry } from '@sinclair/typebox';

/** `ODDS_SOURCE_URL_<key>`, `ODDS_LEAGUES_<key>`, `BOOKING_URL_<key>`, and the ids `ODDS_SOURCES` accepts (lower case). */
export const BOOK_KEYS = ['BET9JA', 'BETKING', 'SPORTYBET', 'NAIRABET', 'ONEXBET'] as const;
export type BookKey = (typeof BOOK_KEYS)[number];
const BOOK_IDS = BOOK_KEYS.map((key) => key.toLowerCase());

/** A format: the check TypeBox runs, and what the error says when it fails (never echoing secrets). */
interface Format {
  test(value: string): boolean;
  problem(value: string): string;
}

const listOf = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

function urlProblem(schemes: readonly string[]) {
  const protocolOf = (value: string) => {
    try {
      return new URL(value).protocol.replace(/:$/, '');
    } catch {
      return null;
    }
  };
  return {
    test: (value: string) => schemes.includes(protocolOf(value) ?? ''),
    problem: (value: string) =>
      protocolOf(value) === null
        ? `must be a URL (${schemes.join(' or ')})`
        : `must use ${schemes.map((s) => `${s}://`).join(' or ')}`,
  };
}

const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];
function proxyEntryOk(entry: string): boolean {
  if (PROXY_KEYWORDS.includes(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
  return family !== 0 && bitsOk && extra === undefined;
}

const PUSH_SERVICE = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const LEAGUE_PAIR = /^\s*([1-4])\s*[=:]\s*([A-Za-z0-9:._-]*)\s*$/;
const base64urlBytes = (value: string) => (/^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url').length : 0);

export const FORMATS: Record<string, Format> = {
  'database-url': {
    test: (value) => /^sqlite:.+/.test(value) || /^postgres(ql)?:\/\/.+/.test(value),
    problem: () => 'must be sqlite:PATH, sqlite::memory: or postgres://…',
  },
  secret: {
    test: (value) => Buffer.byteLength(value, 'utf8') >= 32,
    problem: () => 'must be at least 32 bytes long',
  },
  token: { test: (value) => value.length >= 16, problem: () => 'must be at least 16 characters long' },
  'smtp-url': urlProblem(['smtp', 'smtps']),
  'redis-url': urlProblem(['redis', 'rediss']),
  'http-url': urlProblem(['http', 'https']),
  'odds-feed': {
    test: (value) => /^(demo|none|live)$/i.test(value) || /^replay:.*\S/i.test(value),
    problem: (value) => `must be one of demo, none, live, replay:DIR (got "${value}")`,
  },
  'book-list': {
    test: (value) => listOf(value).length > 0 && listOf(value).every((id) => BOOK_IDS.includes(id.toLowerCase())),
    problem: (value) => `must list books among ${BOOK_IDS.join(', ')} (got "${value}")`,
  },
  'league-ids': {
    test: (value) => value.split(',').every((pair) => pair.trim() === '' || LEAGUE_PAIR.test(pair)),
    problem: (value) =>
      'must list competition=leagueId pairs separated by commas, competitions 1–4 ' +
      `(bad entry "${value
        .split(',')
        .find((pair) => pair.trim() !== '' && !LEAGUE_PAIR.test(pair))
        ?.trim()}")`,
  },
  'proxy-list': {
    test: (value) => listOf(value).every(proxyEntryOk),
    problem: (value) =>
      `must list IP addresses or CIDRs separated by commas (bad entry "${listOf(value).find((e) => !proxyEntryOk(e))}")`,
  },
  'host-list': {
    test: (value) => listOf(value).length > 0 && listOf(value).every((host) => PUSH_SERVICE.test(host.toLowerCase())),
    problem: () => 'must list host names separated by commas (e.g. fcm.googleapis.com,*.push.apple.com)',
  },
  ga4: { test: (value) => /^G-[A-Z0-9]+$/.test(value), problem: () => 'must look like G-XXXXXXXXXX' },
  'vapid-public': {
    test: (value) => base64urlBytes(value) === 65,
    problem: () => 'must be an uncompressed P-256 public key in base64url (65 bytes)',
  },
  'vapid-private': {
    test: (value) => base64urlBytes(value) === 32,
    problem: () => 'must be a P-256 private key in base64url (32 bytes)',
  },
  'vapid-subject': {
    test: (value) => /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value),
    problem: () => 'must be a mailto: or https: URL',
  },
};
for (const [name, format] of Object.entries(FORMATS)) FormatRegistry.Set(`config-${name}`, format.test);
