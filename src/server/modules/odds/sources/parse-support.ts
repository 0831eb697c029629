/**
 * The rules every book's parser shares: reading an answer (error pages, HTTP errors, broken
 * JSON), prices (suspended, placeholder ≤ 1.00, bad), over/under lines (0.5–4.5 only),
 * kick-offs to UTC, "Home - Away" names, boosted prices, and assembling the normalized batch
 * with counted problems. Nothing here throws on a strange answer.
 */
import type { FeedBatch, FeedEvent, FeedMarket } from '@shared/contract/ingest';
import { MARKETS, marketSelections, overUnderLine } from '@shared/lookups';
import { clubDirectory, type ClubDirectory } from './club-aliases';
import type {
  BookAnswer,
  BoostedPrice,
  EventDetail,
  LeagueIds,
  ParseContext,
  ParseResult,
  Problem,
  ProblemCode,
  ReadEvent,
  RequestOptions,
} from './source-types';

/** Limits of the feed batch (shared/contract/ingest FEED_LIMITS) the parser keeps to. */
const MAX_PRICE = 10_000;
const MAX_TEXT = 100;
const MAX_EVENTS = 2000;
const MAX_EXAMPLES = 5;

export class ProblemLog {
  private readonly byCode = new Map<ProblemCode, Problem>();

  add(code: ProblemCode, example?: string): void {
    let problem = this.byCode.get(code);
    if (!problem) this.byCode.set(code, (problem = { code, count: 0, examples: [] }));
    problem.count += 1;
    if (example !== undefined && problem.examples.length < MAX_EXAMPLES) problem.examples.push(example.slice(0, 200));
  }

  count(code: ProblemCode): number {
    return this.byCode.get(code)?.count ?? 0;
  }

  list(): Problem[] {
    return [...this.byCode.values()];
  }
}

// ---------------------------------------------------------------------------------------------
// Answers

const HTML = /^\s*(<!doctype html|<html|<head|<body|<\?xml)/i;

/**
 * The answer's JSON, or undefined with the reason logged: `blocked` for 401/403 and HTML
 * challenge pages, `http-error` for other error statuses, `invalid-json` for a body that does
 * not parse. With `statusIgnored` (SportyBet: its JSON says whether the call worked) a JSON
 * body is read whatever the status.
 */
export function readJsonAnswer(answer: BookAnswer, log: ProblemLog, statusIgnored = false): unknown {
  const body = typeof answer.body === 'string' ? answer.body : '';
  const status = Number.isInteger(answer.status) ? answer.status : 0;
  const isHtml = HTML.test(body) || /text\/html/i.test(headerValue(answer, 'content-type') ?? '');
  let json: unknown;
  let parsed = false;
  if (!isHtml && body.trim() !== '') {
    try {
      json = JSON.parse(body);
      parsed = true;
    } catch {
      parsed = false;
    }
  }
  if (parsed && (statusIgnored || (status >= 200 && status < 300))) return json;
  const empty = body.trim() === '';
  if (status === 401 || status === 403 || (isHtml && status < 400) || (empty && status >= 200 && status < 300)) {
    // An anti-bot answer: the book is refusing us (an outage of the book), never an empty league.
    log.add('blocked', `HTTP ${status}${isHtml ? ', HTML page' : empty ? ', empty body' : ''}`);
  } else if (status >= 400 || status < 200) {
    log.add('http-error', `HTTP ${status}`);
  } else {
    log.add('invalid-json', body.slice(0, 60));
  }
  return undefined;
}

export function headerValue(answer: BookAnswer, name: string): string | undefined {
  const headers = answer.headers ?? {};
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    return Array.isArray(value) ? value.join(', ') : (value as string | undefined);
  }
  return undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** An id as text: a non-blank string or a finite number; undefined otherwise. */
export function idText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '' && value.trim().length <= MAX_TEXT) return value.trim();
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Prices and lines

export type PriceReading = { kind: 'price'; value: number } | { kind: 'suspended' | 'placeholder' | 'bad' };

const NO_PRICE = new Set(['', '-', '–', '—', 'n/a', 'na', 'null', 'suspended', 'susp', 'x']);

/** A decimal price: missing or "-" is a suspended outcome, ≤ 1.00 a placeholder, anything else unreadable is bad. */
export function readPrice(raw: unknown): PriceReading {
  if (raw === null || raw === undefined) return { kind: 'suspended' };
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string') {
    const text = raw.trim();
    if (NO_PRICE.has(text.toLowerCase())) return { kind: 'suspended' };
    if (!/^\d+([.,]\d+)?$/.test(text)) return { kind: 'bad' };
    value = Number(text.replace(',', '.'));
  } else return { kind: 'bad' };
  if (!Number.isFinite(value)) return { kind: 'bad' };
  if (value <= 1) return { kind: 'placeholder' };
  if (value > MAX_PRICE) return { kind: 'bad' };
  return { kind: 'price', value };
}

/** A goal line from "2.5", 2.5 or "total=2.5"; undefined when unreadable. */
export function readLine(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const match = /(-?\d+(?:[.,]\d+)?)/.exec(raw);
  if (!match?.[1]) return undefined;
  const value = Number(match[1].replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/** Our over/under market of a goal line (0.5 → 2 … 4.5 → 6) with its over and under selections. */
export function overUnderMarket(line: number): { market: number; over: number; under: number } | undefined {
  const market = MARKETS.find((m) => overUnderLine(m.id) === line);
  if (!market) return undefined;
  const [over, under] = market.selections;
  return over !== undefined && under !== undefined ? { market: market.id, over, under } : undefined;
}

/** The selection of a totals outcome at a line, or why there is none. */
export function totalsSelection(
  line: number | undefined,
  side: 'over' | 'under',
): { market: number; selection: number } | 'line-ignored' {
  const ou = line === undefined ? undefined : overUnderMarket(line);
  if (!ou) return 'line-ignored';
  return { market: ou.market, selection: side === 'over' ? ou.over : ou.under };
}

const BOOST = /enhanced|boost/i;

/** Whether a market or outcome name advertises a boosted ("Enhanced", "Boost") price. */
export function namesBoost(...names: unknown[]): boolean {
  return names.some((n) => typeof n === 'string' && BOOST.test(n));
}

// ---------------------------------------------------------------------------------------------
// Kick-offs

function iso(ms: number): string | undefined {
  if (!Number.isFinite(ms)) return undefined;
  const year = new Date(ms).getUTCFullYear();
  return year >= 2000 && year <= 2100 ? new Date(ms).toISOString() : undefined;
}

/**
 * "YYYY-MM-DD HH:mm(:ss)" or ISO 8601 to UTC. A time without an offset is read at the given
 * offset (West Africa Time, +01:00, for the Nigerian books); one with its own offset keeps it.
 */
export function kickoffFromText(raw: unknown, defaultOffset = '+01:00'): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim().replace(' ', 'T');
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
  if (!match?.[1]) return undefined;
  const offset = match[2] ? match[2].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : defaultOffset;
  return iso(Date.parse(`${match[1]}${offset}`));
}

/** Epoch milliseconds (number or digits) to UTC. */
export function kickoffFromEpochMs(raw: unknown): string | undefined {
  const value = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  return typeof value === 'number' ? iso(value) : undefined;
}

/** Epoch seconds (number or digits) to UTC. */
export function kickoffFromEpochSeconds(raw: unknown): string | undefined {
  const value = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  return typeof value === 'number' ? iso(value * 1000) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Names

/** A team name trimmed and single-spaced, or undefined when blank or too long for the feed. */
export function teamName(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const name = raw.trim().replace(/\s+/g, ' ');
  return name !== '' && name.length <= MAX_TEXT ? name : undefined;
}

/** "Home - Away" (or "Home vs Away", "Home v Away") split on the first separator. */
export function splitTeams(raw: unknown): [string, string] | undefined {
  if (typeof raw !== 'string') return undefined;
  const match = /^(.+?)\s+(?:-|–|vs\.?|v)\s+(.+)$/i.exec(raw.trim());
  const home = teamName(match?.[1]);
  const away = teamName(match?.[2]);
  return home && away ? [home, away] : undefined;
}

// ---------------------------------------------------------------------------------------------
// League ids and requests

/** The book's table with configured ids laid over it: a string replaces, null or "" removes, undefined keeps. */
export function leagueIdsWith(defaults: LeagueIds, overrides?: RequestOptions['leagueIds']): Record<number, string> {
  const merged: Record<number, string> = {};
  const competitions = new Set([...Object.keys(defaults), ...Object.keys(overrides ?? {})].map(Number));
  for (const competition of competitions) {
    const override = overrides?.[competition];
    const id = override === undefined ? defaults[competition] : override;
    if (typeof id === 'string' && id.trim() !== '') merged[competition] = id.trim();
  }
  return merged;
}

/**
 * League ids from configuration text, "1=20000841,2=20000842" (competition id = the book's
 * league id); an id left empty ("3=") removes that league. Pairs that cannot be read are skipped.
 */
export function parseLeagueIds(text: string | undefined): Record<number, string | null> {
  const ids: Record<number, string | null> = {};
  for (const pair of (text ?? '').split(',')) {
    const match = /^\s*(\d+)\s*[=:]\s*(\S*)\s*$/.exec(pair);
    if (!match?.[1]) continue;
    ids[Number(match[1])] = match[2] ? match[2] : null;
  }
  return ids;
}

/** Base URL without a trailing slash. */
export function baseUrlOf(options: RequestOptions | undefined, fallback: string): string {
  return (options?.baseUrl ?? fallback).replace(/\/+$/, '');
}

export const JSON_HEADERS: Readonly<Record<string, string>> = { Accept: 'application/json, text/plain, */*' };

// ---------------------------------------------------------------------------------------------
// Assembling the batch

interface Quote {
  value: number;
  boosted: boolean;
  regular?: number;
  ref?: string;
}

const MAX_REF = 200;

/** A price's booking reference (docs/sources.md, per book), or undefined when blank or too long for the feed. */
function refText(ref: string | undefined): string | undefined {
  return ref !== undefined && ref !== '' && ref.length <= MAX_REF ? ref : undefined;
}

/** The digits N of a Sportradar match id given as N, "N" or "sr:match:N"; undefined otherwise. */
export function sportradarIdOf(raw: unknown): string | undefined {
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : typeof raw === 'string' ? raw : '';
  const match = /^\s*(?:sr:match:)?(\d{1,12})\s*$/.exec(text);
  return match?.[1] !== undefined && Number(match[1]) > 0 ? match[1] : undefined;
}

/** Prices of one event, market by market; a boosted price wins over the regular one of its selection. */
export class EventPrices {
  private readonly markets = new Map<number, Map<number, Quote>>();

  constructor(private readonly log: ProblemLog) {}

  /** A market the book lists for the event: reported even when every price of it is skipped. */
  list(market: number): void {
    if (!this.markets.has(market)) this.markets.set(market, new Map());
  }

  /** Reads one outcome's price; skipped prices are counted under their reason. */
  add(
    market: number,
    selection: number,
    raw: unknown,
    options: { boosted?: boolean; where?: string; ref?: string } = {},
  ): void {
    this.list(market);
    const reading = readPrice(raw);
    const where = options.where ?? `market ${market}`;
    if (reading.kind !== 'price') {
      if (reading.kind === 'suspended') this.log.add('suspended', where);
      else if (reading.kind === 'placeholder') this.log.add('placeholder-price', `${where}: ${String(raw)}`);
      else this.log.add('bad-price', `${where}: ${JSON.stringify(raw) ?? 'undefined'}`);
      return;
    }
    const prices = this.markets.get(market) as Map<number, Quote>;
    const earlier = prices.get(selection);
    const ref = refText(options.ref);
    if (options.boosted) {
      prices.set(selection, {
        value: reading.value,
        boosted: true,
        regular: earlier?.boosted ? earlier.regular : earlier?.value,
        ref,
      });
    } else if (earlier?.boosted) {
      earlier.regular = reading.value;
    } else {
      prices.set(selection, { value: reading.value, boosted: false, ref });
    }
  }

  build(externalId: string, boosts: BoostedPrice[]): FeedMarket[] {
    return [...this.markets.entries()]
      .sort(([a], [b]) => a - b)
      .map(([market, prices]) => ({
        market,
        prices: marketSelections(market)
          .filter((selection) => prices.has(selection))
          .map((selection) => {
            const p = prices.get(selection) as Quote;
            const ref = p.ref !== undefined ? { ref: p.ref } : {};
            if (!p.boosted) return { selection, value: p.value, ...ref };
            boosts.push({
              externalId,
              market,
              selection,
              value: p.value,
              ...(p.regular !== undefined ? { regularValue: p.regular } : {}),
            });
            // The regular price rides along when the book quotes one below the boost (margins use it).
            return p.regular !== undefined && p.regular < p.value
              ? { selection, value: p.value, boosted: true, regularValue: p.regular, ...ref }
              : { selection, value: p.value, boosted: true, ...ref };
          }),
      }));
  }
}

export interface EventDraft {
  externalId: unknown;
  /** The Sportradar match id as the book writes it (digits, or `sr:match:N`); dropped when unreadable. */
  sportradarId?: unknown;
  home: unknown;
  away: unknown;
  /** Kick-off already converted to UTC ISO 8601, undefined when unreadable. */
  kickoff: string | undefined;
  prices: EventPrices;
}

/** Collects events into one valid batch; drops (and counts) events the pipeline would reject. */
export class BatchBuilder {
  readonly log = new ProblemLog();
  private readonly events: FeedEvent[] = [];
  private readonly names: ReadEvent[] = [];
  private readonly boosts: BoostedPrice[] = [];
  private readonly seen = new Set<string>();
  private readonly clubs: ClubDirectory;

  constructor(
    private readonly provider: number,
    private readonly context: ParseContext,
    clubs?: ClubDirectory,
  ) {
    this.clubs = clubs ?? clubDirectory();
  }

  prices(): EventPrices {
    return new EventPrices(this.log);
  }

  add(draft: EventDraft): void {
    const externalId = idText(draft.externalId);
    if (externalId === undefined) return this.log.add('malformed-item', 'event without an id');
    const home = teamName(draft.home);
    const away = teamName(draft.away);
    if (!home || !away) return this.log.add('missing-team', `event ${externalId}`);
    if (!draft.kickoff) return this.log.add('bad-kickoff', `event ${externalId}`);
    if (this.seen.has(externalId)) return this.log.add('duplicate-event', `event ${externalId}`);
    const competition = this.context.competition;
    const homeName = this.clubs.canonical(home, competition) ?? home;
    const awayName = this.clubs.canonical(away, competition) ?? away;
    if (homeName === awayName) return this.log.add('missing-team', `event ${externalId}: one team twice`);
    if (this.events.length >= MAX_EVENTS) return this.log.add('malformed-item', `event ${externalId}: batch full`);
    this.seen.add(externalId);
    const sportradarId = sportradarIdOf(draft.sportradarId);
    this.events.push({
      externalId,
      competition,
      ...(sportradarId !== undefined ? { sportradarId } : {}),
      home: homeName,
      away: awayName,
      kickoff: draft.kickoff,
      markets: draft.prices.build(externalId, this.boosts),
    });
    this.names.push({ externalId, home, away });
  }

  result(ok: boolean, hasMore = false): ParseResult {
    const fetched = new Date(this.context.fetchedAt);
    const batch: FeedBatch = {
      provider: this.provider as FeedBatch['provider'],
      country: (this.context.country ?? 1) as FeedBatch['country'],
      fetchedAt: Number.isFinite(fetched.getTime()) ? fetched.toISOString() : new Date().toISOString(),
      events: ok ? this.events : [],
    };
    return {
      ok,
      batch,
      problems: this.log.list(),
      boosts: ok ? this.boosts : [],
      names: ok ? this.names : [],
      hasMore: ok && hasMore,
    };
  }
}

/** A per-event call's answer read as a one-event batch → what it adds to that event of the list. */
export function eventDetailOf(result: ParseResult, externalId: string): EventDetail {
  const event = result.batch.events.find((e) => e.externalId === externalId);
  const problems = result.problems;
  if (!result.ok) return { ok: false, externalId, markets: [], problems, boosts: [] };
  if (!event) {
    const log = new ProblemLog();
    for (const p of problems) for (let i = 0; i < p.count; i += 1) log.add(p.code, p.examples[i]);
    log.add('unexpected-shape', `the answer does not hold event ${externalId}`);
    return { ok: false, externalId, markets: [], problems: log.list(), boosts: [] };
  }
  return {
    ok: true,
    externalId,
    ...(event.sportradarId !== undefined ? { sportradarId: event.sportradarId } : {}),
    markets: event.markets,
    problems,
    boosts: result.boosts.filter((b) => b.externalId === externalId),
  };
}
