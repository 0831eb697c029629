/**
 * A local HTTP server (node:http) that answers like the five bookmakers at the exact paths and
 * queries the adapters request (list calls per league and page, at the book's other path too,
 * and per-event calls). Point every ODDS_SOURCE_URL_<BOOK> at it. Two sets of answers:
 *
 * - `set: 'real'` (`scripts/odds-fixture-server.ts`): the books' real answers of
 *   test/fixtures/books/<book>/real/, listed by that folder's manifest.json (entries
 *   `{ call: "list", competition, page?, file, readAt }`, `{ call: "event", competition, eventId,
 *   file, readAt }`, `{ call: "path", path, file }` for any other call such as a menu; `file`
 *   relative to real/). Each answer's kick-offs move by the time since its `readAt` (whole
 *   minutes), so its matches are as far ahead as when it was read. A book without real/manifest.json
 *   is served from its hand-made set. A list answer marked `"otherCompetitions": true` holds
 *   matches of competitions other than the league it is listed under (a capture whose request
 *   was not that league's); with `leagueAnswersOnly` it is left out and that league answers the
 *   book's empty league, as the book's own league call would never list those matches.
 * - `set: 'hand-made'` (default; the collector tests): test/fixtures/books/<book>/manifest.json,
 *   every kick-off moved by `shiftMs` (the fixtures are dated May 2025).
 *
 * - `fail(book, answer)` makes one book answer badly (a status and body, a timeout, a Retry-After)
 *   until `fail(book, null)`; `hits` counts requests per book and `maxInFlight` the most at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { BOOK_ADAPTERS } from '../../src/server/modules/odds/sources';
import type { BookAdapter, BookId, BookRequest } from '../../src/server/modules/odds/sources';

export const BOOK_FIXTURES = path.join(__dirname, '../../test/fixtures/books');

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
  /** Fail only requests whose path and query contain this (e.g. one of a book's two paths). */
  pathIncludes?: string;
}

interface Route {
  book: BookId;
  /** Absolute path of the answer's file. */
  file: string;
  status: number;
  contentType: string;
  event: boolean;
  /** Kick-off shift of this answer: fixed, or by the time since the answer was read. */
  readAt?: number;
}

interface RealAnswer {
  call: 'list' | 'event' | 'path';
  competition?: number;
  page?: number;
  eventId?: string;
  path?: string;
  file: string;
  readAt?: string;
  status?: number;
  served?: boolean;
  'content-type'?: string;
  /** The answer lists matches of other competitions than `competition` (see leagueAnswersOnly). */
  otherCompetitions?: boolean;
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
  /** Per-event calls per book (not in `hits`), and each book's requests (path and headers) in order. */
  eventHits: Record<string, number>;
  requests: Record<string, Array<{ url: string; headers: http.IncomingHttpHeaders }>>;
  fail(book: BookId, answer: FailingAnswer | null): void;
  close(): Promise<void>;
}

const KICKOFF_KEYS: Record<string, 'utc' | 'iso' | 'ms' | 's'> = {
  STARTDATE: 'utc',
  STARTDATEUTC: 'utc',
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
      } else if (kind === 'utc' && typeof v === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(v)) {
        // Bet9ja's times are UTC without an offset (docs/sources.md §Bet9ja).
        const at = new Date(Date.parse(`${v.replace(' ', 'T')}Z`) + shiftMs);
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

const pathOf = (url: string) => url.slice('http://x'.length);

/** Routes of a book's hand-made set (manifest.json beside the files). */
function handMadeRoutes(adapter: BookAdapter): Map<string, Route> {
  const folder = path.join(BOOK_FIXTURES, adapter.id);
  const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as {
    answers: ManifestAnswer[];
  };
  const routes = new Map<string, Route>();
  for (const answer of manifest.answers) {
    if (answer.competition === undefined) continue;
    const request = adapter.request(answer.competition, { baseUrl: 'http://x', page: answer.page ?? 1 });
    if (!request) continue;
    const route: Route = {
      book: adapter.id,
      file: path.join(folder, answer.file),
      status: answer.status,
      contentType: answer['content-type'] ?? 'application/json',
      event: false,
    };
    routes.set(pathOf(request.url), route);
    if (request.fallbackUrl) routes.set(pathOf(request.fallbackUrl), route);
  }
  return routes;
}

/** Routes of a book's real answers (real/manifest.json); undefined when the book has none. */
function realRoutes(adapter: BookAdapter, leagueAnswersOnly: boolean): Map<string, Route> | undefined {
  const folder = path.join(BOOK_FIXTURES, adapter.id, 'real');
  const file = path.join(folder, 'manifest.json');
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { answers: RealAnswer[] };
  const routes = new Map<string, Route>();
  for (const answer of manifest.answers) {
    if (answer.served === false) continue;
    const readAt = answer.readAt === undefined ? undefined : Date.parse(answer.readAt);
    const elsewhere = leagueAnswersOnly && answer.call === 'list' && answer.otherCompetitions === true;
    const route: Route = {
      book: adapter.id,
      file: elsewhere ? path.join(BOOK_FIXTURES, adapter.id, 'empty-league.json') : path.join(folder, answer.file),
      status: answer.status ?? 200,
      contentType: answer['content-type'] ?? 'application/json',
      event: answer.call === 'event',
      ...(readAt !== undefined && Number.isFinite(readAt) ? { readAt } : {}),
    };
    let request: BookRequest | undefined;
    if (answer.call === 'list' && answer.competition !== undefined) {
      request = adapter.request(answer.competition, { baseUrl: 'http://x', page: answer.page ?? 1 });
    } else if (answer.call === 'event' && answer.eventId !== undefined) {
      request = adapter.eventRequest?.(
        { competition: answer.competition ?? 1, externalId: answer.eventId },
        { baseUrl: 'http://x' },
      );
    } else if (answer.call === 'path' && answer.path !== undefined) {
      routes.set(answer.path, route);
    }
    if (!request) continue;
    routes.set(pathOf(request.url), route);
    if (request.fallbackUrl) routes.set(pathOf(request.fallbackUrl), route);
  }
  return routes;
}

/** The path (without query) of each book's calls, to tell whose a request is when no route matches. */
function bookPaths(): Array<{ book: BookId; path: string; event: boolean }> {
  const out: Array<{ book: BookId; path: string; event: boolean }> = [];
  for (const a of BOOK_ADAPTERS) {
    const list = a.requests({ baseUrl: 'http://x' })[0];
    const event = a.eventRequest?.({ competition: 1, externalId: '1' }, { baseUrl: 'http://x' });
    for (const [url, isEvent] of [
      [list?.url, false],
      [list?.fallbackUrl, false],
      [event?.url, true],
      [event?.fallbackUrl, true],
    ] as const) {
      if (url) out.push({ book: a.id, path: pathOf(url).split('?')[0] ?? '', event: isEvent });
    }
  }
  return out;
}

export async function startBookFixtureServer(
  options: {
    shiftMs?: number;
    port?: number;
    set?: 'real' | 'hand-made';
    now?: () => number;
    /** With the real set: answers marked `otherCompetitions` are replaced by the book's empty league. */
    leagueAnswersOnly?: boolean;
  } = {},
): Promise<BookFixtureServer> {
  const routes = new Map<string, Route>();
  for (const adapter of BOOK_ADAPTERS) {
    const real = options.set === 'real' ? realRoutes(adapter, options.leagueAnswersOnly ?? false) : undefined;
    const own = real ?? handMadeRoutes(adapter);
    for (const [key, route] of own) routes.set(key, route);
  }
  const known = bookPaths();
  const whose = (url: string): { book: BookId; event: boolean } | undefined => {
    const route = routes.get(url);
    if (route) return route;
    return known.find((k) => k.path === url.split('?')[0]);
  };
  const now = options.now ?? Date.now;
  const failing = new Map<string, FailingAnswer>();
  const hits: Record<string, number> = {};
  const eventHits: Record<string, number> = {};
  const requests: Record<string, Array<{ url: string; headers: http.IncomingHttpHeaders }>> = {};
  const inFlight: Record<string, number> = {};
  const maxInFlight: Record<string, number> = {};
  const lastHeaders: Record<string, http.IncomingHttpHeaders> = {};
  const hanging = new Set<http.ServerResponse>();
  const read = (file: string) => readFileSync(file, 'utf8');

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const target = whose(url);
    if (!target) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const { book } = target;
    if (target.event) eventHits[book] = (eventHits[book] ?? 0) + 1;
    else hits[book] = (hits[book] ?? 0) + 1;
    (requests[book] ??= []).push({ url, headers: req.headers });
    lastHeaders[book] = req.headers;
    inFlight[book] = (inFlight[book] ?? 0) + 1;
    maxInFlight[book] = Math.max(maxInFlight[book] ?? 0, inFlight[book]);
    const done = () => {
      inFlight[book] = (inFlight[book] ?? 1) - 1;
    };
    res.on('close', done);
    const failure = failing.get(book);
    if (failure && (failure.pathIncludes === undefined || url.includes(failure.pathIncludes))) {
      if (failure.times !== undefined) {
        failure.times -= 1;
        if (failure.times <= 0) failing.delete(book);
      }
      if (failure.hang) {
        hanging.add(res);
        return;
      }
      const body = failure.body ?? (failure.file ? read(path.join(BOOK_FIXTURES, book, failure.file)) : '');
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
    const shift =
      route.readAt !== undefined ? Math.floor((now() - route.readAt) / 60_000) * 60_000 : (options.shiftMs ?? 0);
    const body = shiftKickoffs(read(route.file), shift);
    res.writeHead(route.status, { 'content-type': route.contentType });
    setTimeout(() => res.end(body), 5);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    eventHits,
    requests,
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

/** The environment that points the five books at a fixture server (their own league ids apply). */
export function fixtureServerEnv(url: string): Record<string, string> {
  return Object.fromEntries(BOOK_ADAPTERS.map((adapter) => [`ODDS_SOURCE_URL_${adapter.envKey}`, url]));
}
