/**
 * A local HTTP server (node:http) that answers like the five bookmakers, from the recorded-shape
 * fixtures of test/fixtures/books/<book>/: each league's answer at the exact path and query the
 * adapter requests. Point every ODDS_SOURCE_URL_<BOOK> at it. Used by the collector tests and by
 * `node --import tsx scripts/odds-fixture-server.ts` (then `ODDS_FEED=live npm start`).
 *
 * - `shiftMs` moves every kick-off (the fixtures are dated May 2025) so the matches are upcoming.
 * - `fail(book, answer)` makes one book answer badly (a status and body, a timeout, a Retry-After)
 *   until `fail(book, null)`; `hits` counts requests per book and `maxInFlight` the most at once.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { BOOK_ADAPTERS } from '../../src/server/modules/odds/sources';
import type { BookAdapter, BookId } from '../../src/server/modules/odds/sources';

export const BOOK_FIXTURES = path.join(__dirname, '../../test/fixtures/books');

/** League ids the fixtures stand for where the adapters know none (BetKing, 1xBet): pass them as ODDS_LEAGUES_<BOOK>. */
export const FIXTURE_LEAGUE_IDS: Readonly<Record<string, Record<number, string>>> = {
  betking: { 2: '20000842', 3: '20000843', 4: '20000844' },
  onexbet: { 2: '127733', 3: '110163', 4: '96463' },
};

export interface FailingAnswer {
  status?: number;
  /** Fixture file of the book's folder, or a literal body. */
  file?: string;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Never answer (the client's timeout decides). */
  hang?: boolean;
  /** Fail only this many requests, then answer normally again. */
  times?: number;
}

interface Route {
  book: BookId;
  file: string;
  status: number;
  contentType: string;
}

interface ManifestAnswer {
  competition?: number;
  file: string;
  status: number;
  page?: number;
  'content-type'?: string;
}

export interface BookFixtureServer {
  url: string;
  hits: Record<string, number>;
  maxInFlight: Record<string, number>;
  /** Request headers of each book's last request. */
  lastHeaders: Record<string, http.IncomingHttpHeaders>;
  fail(book: BookId, answer: FailingAnswer | null): void;
  close(): Promise<void>;
}

const KICKOFF_KEYS: Record<string, 'wat' | 'iso' | 'ms' | 's'> = {
  STARTDATE: 'wat',
  ItemDate: 'iso',
  startDate: 'iso',
  estimateStartTime: 'ms',
  S: 's',
};

/** Moves every kick-off of a fixture body by `shiftMs` (bodies that are not JSON are left alone). */
export function shiftKickoffs(body: string, shiftMs: number): string {
  if (shiftMs === 0) return body;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return body;
  }
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const kind = KICKOFF_KEYS[key];
      if (kind === 'ms' && typeof v === 'number') out[key] = v + shiftMs;
      else if (kind === 's' && typeof v === 'number') out[key] = v + Math.round(shiftMs / 1000);
      else if (kind === 'iso' && typeof v === 'string' && Number.isFinite(Date.parse(v))) {
        out[key] = new Date(Date.parse(v) + shiftMs).toISOString();
      } else if (kind === 'wat' && typeof v === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(v)) {
        const at = new Date(Date.parse(`${v.replace(' ', 'T')}+01:00`) + shiftMs + 3600_000);
        out[key] = at.toISOString().slice(0, 19).replace('T', ' ');
      } else out[key] = walk(v);
    }
    return out;
  };
  return JSON.stringify(walk(json));
}

/** The fixtures were read on this day: kick-offs run from five days before it to a week after. */
export const FIXTURE_DAY = Date.parse('2025-05-08T12:00:00Z');

/** The shift (whole minutes) that makes `now` the fixtures' reading time, so their upcoming matches are upcoming. */
export function shiftToNow(now: number): number {
  return Math.floor((now - FIXTURE_DAY) / 60_000) * 60_000;
}

function routesOf(adapter: BookAdapter): Map<string, Route> {
  const manifest = JSON.parse(readFileSync(path.join(BOOK_FIXTURES, adapter.id, 'manifest.json'), 'utf8')) as {
    answers: ManifestAnswer[];
  };
  const leagueIds = FIXTURE_LEAGUE_IDS[adapter.id];
  const routes = new Map<string, Route>();
  for (const answer of manifest.answers) {
    if (answer.competition === undefined) continue;
    const request = adapter.request(answer.competition, { baseUrl: 'http://x', leagueIds, page: answer.page ?? 1 });
    if (!request) continue;
    routes.set(request.url.slice('http://x'.length), {
      book: adapter.id,
      file: answer.file,
      status: answer.status,
      contentType: answer['content-type'] ?? 'application/json',
    });
  }
  return routes;
}

export async function startBookFixtureServer(
  options: { shiftMs?: number; port?: number } = {},
): Promise<BookFixtureServer> {
  const routes = new Map<string, Route>();
  for (const adapter of BOOK_ADAPTERS) for (const [key, route] of routesOf(adapter)) routes.set(key, route);
  const bookOfPath = (url: string): BookId | undefined =>
    routes.get(url)?.book ??
    BOOK_ADAPTERS.find((a) => {
      const first = a.requests({ baseUrl: 'http://x' })[0]?.url.slice('http://x'.length) ?? '';
      return first !== '' && url.split('?')[0] === first.split('?')[0];
    })?.id;
  const failing = new Map<string, FailingAnswer>();
  const hits: Record<string, number> = {};
  const inFlight: Record<string, number> = {};
  const maxInFlight: Record<string, number> = {};
  const lastHeaders: Record<string, http.IncomingHttpHeaders> = {};
  const hanging = new Set<http.ServerResponse>();
  const read = (book: string, file: string) => readFileSync(path.join(BOOK_FIXTURES, book, file), 'utf8');

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const book = bookOfPath(url);
    if (!book) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    hits[book] = (hits[book] ?? 0) + 1;
    lastHeaders[book] = req.headers;
    inFlight[book] = (inFlight[book] ?? 0) + 1;
    maxInFlight[book] = Math.max(maxInFlight[book] ?? 0, inFlight[book]);
    const done = () => {
      inFlight[book] = (inFlight[book] ?? 1) - 1;
    };
    res.on('close', done);
    const failure = failing.get(book);
    if (failure) {
      if (failure.times !== undefined) {
        failure.times -= 1;
        if (failure.times <= 0) failing.delete(book);
      }
      if (failure.hang) {
        hanging.add(res);
        return;
      }
      const body = failure.body ?? (failure.file ? read(book, failure.file) : '');
      res.writeHead(failure.status ?? 500, {
        'content-type': failure.contentType ?? (failure.file?.endsWith('.html') ? 'text/html' : 'application/json'),
        ...failure.headers,
      });
      // A moment's delay lets concurrent requests overlap, so in-flight limits are observable.
      setTimeout(() => res.end(body), 5);
      return;
    }
    const route = routes.get(url);
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    const body = shiftKickoffs(read(book, route.file), options.shiftMs ?? 0);
    res.writeHead(route.status, { 'content-type': route.contentType });
    setTimeout(() => res.end(body), 5);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    maxInFlight,
    lastHeaders,
    fail(book, answer) {
      if (answer) failing.set(book, { ...answer });
      else failing.delete(book);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The environment that points the five books (and their league ids) at a fixture server. */
export function fixtureServerEnv(url: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const adapter of BOOK_ADAPTERS) {
    env[`ODDS_SOURCE_URL_${adapter.envKey}`] = url;
    const ids = FIXTURE_LEAGUE_IDS[adapter.id];
    if (ids) {
      env[`ODDS_LEAGUES_${adapter.envKey}`] = Object.entries(ids)
        .map(([c, id]) => `${c}=${id}`)
        .join(',');
    }
  }
  return env;
}
