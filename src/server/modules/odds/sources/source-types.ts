/**
 * The contract between a bookmaker adapter and whoever drives it (the collector, a replay,
 * a test): per league a request (URL and headers), and a parser from the book's answer
 * (status, headers, body text) to the normalized feed batch every source produces, plus what
 * the batch cannot carry — counted problems, the regular price behind a boosted one, and
 * whether a paged league has more pages.
 *
 * A parser never throws: on a strange answer it returns what it could read and says what it
 * skipped and why.
 */
import type { FeedBatch, FeedMarket } from '@shared/contract/ingest';

export type { FeedBatch, FeedEvent, FeedMarket } from '@shared/contract/ingest';

/** Folder and configuration name of each book; `ODDS_SOURCE_URL_<envKey>` names its base URL. */
export type BookId = 'bet9ja' | 'betking' | 'sportybet' | 'nairabet' | 'onexbet';

/** A book's league ids by our competition id (1 Premier League, 2 La Liga, 3 Serie A, 4 Bundesliga); null = not known. */
export type LeagueIds = Readonly<Record<number, string | null>>;

export interface BookRequest {
  /** Our competition id this request reads. */
  competition: number;
  /** The book's own id of that league. */
  leagueId: string;
  url: string;
  headers: Readonly<Record<string, string>>;
  /** Page number for paged books (SportyBet, from 1); 1 otherwise. */
  page: number;
  /**
   * The same call at the book's other path (Bet9ja: desktop beside mobile), asked when `url` is
   * refused (403, an HTML challenge, an empty body); the collector then keeps to the path that answered.
   */
  fallbackUrl?: string;
}

/** One listed event whose per-event call is wanted (the id the book's list gave it). */
export interface EventRef {
  competition: number;
  externalId: string;
}

/**
 * What a per-event call adds to an event of the list: its markets (replacing the list's market
 * of the same id, the per-event call being the fuller one) and the Sportradar id where the call
 * carries it. `ok: false` when the answer as a whole was unusable (then `markets` is empty).
 */
export interface EventDetail {
  ok: boolean;
  externalId: string;
  sportradarId?: string;
  markets: FeedMarket[];
  problems: Problem[];
  boosts: BoostedPrice[];
}

export interface RequestOptions {
  /** Base URL (scheme, host, optional path prefix); the adapter's default when left out. */
  baseUrl?: string;
  /** League ids that replace the adapter's table entry by entry (configuration). */
  leagueIds?: Readonly<Record<number, string | null | undefined>>;
  /** Extra or replacing request headers (User-Agent, Accept-Language … are the collector's). */
  headers?: Readonly<Record<string, string>>;
}

/** One answer as the transport saw it; the body is the raw text, however broken. */
export interface BookAnswer {
  status: number;
  headers?: Readonly<Record<string, string | readonly string[] | undefined>>;
  body: string;
}

export interface ParseContext {
  /** Our competition id of the request this answers. */
  competition: number;
  /** When the answer was received; the batch's fetchedAt. */
  fetchedAt: Date | string | number;
  /** Country id of the batch: the book's own (its definition's) unless the caller names another. */
  country: number;
}

/** What a caller of an adapter gives: the country is the book's unless named. */
export type AnswerContext = Omit<ParseContext, 'country'> & { country?: number };

/**
 * The problems vocabulary. `error-answer`, `blocked`, `http-error`, `invalid-json` and
 * `unexpected-shape` mean the answer as a whole was not usable (`ok: false`); the others
 * count items or prices skipped inside a usable answer.
 */
export const PROBLEM_CODES = {
  blocked: 'The book refused the request (403, an HTML challenge page or an empty body instead of JSON)',
  'http-error': 'The answer had an HTTP error status (4xx/5xx) and no usable body',
  'invalid-json': 'The body is not JSON (empty, truncated or another format)',
  'error-answer': "The book's own JSON says the call failed (SportyBet bizCode, Bet9ja R, 1xBet Success)",
  'unexpected-shape': 'JSON, but without the container of events this book documents',
  'malformed-item': 'An event that is not an object or lacks its id; dropped',
  'pseudo-event': 'An entry the book lists beside its matches that is not a match (1xBet DI aggregates); dropped',
  'missing-team': 'An event whose home or away team cannot be read, or names one team twice; dropped',
  'bad-kickoff': 'An event whose kick-off cannot be read as a date; dropped',
  'duplicate-event': 'An event id seen twice in one answer; the later one dropped',
  'unknown-market': 'A market or outcome this book sends that is not one of our eight; ignored',
  'bad-price': 'A price that is not a finite number, or above the feed maximum; skipped',
  'placeholder-price': 'A price at or below 1.00 (a placeholder, not a price); skipped',
  suspended: 'An outcome or market the book marks suspended, inactive or without a price; skipped',
  'line-ignored': 'An over/under line other than 0.5–4.5; ignored',
} as const;
export type ProblemCode = keyof typeof PROBLEM_CODES;

export interface Problem {
  code: ProblemCode;
  count: number;
  /** The first few things counted, for a log line or the source health page. */
  examples: string[];
}

/** A boosted price and, when the book also quotes it, the regular price (kept for margins). */
export interface BoostedPrice {
  externalId: string;
  market: number;
  selection: number;
  value: number;
  regularValue?: number;
}

/** The raw names behind each event of the batch (the batch carries canonical club names when known). */
export interface ReadEvent {
  externalId: string;
  home: string;
  away: string;
}

export interface ParseResult {
  /** False when the answer as a whole was an error: the book is failing, not an empty league. */
  ok: boolean;
  /** Always a valid batch for the feed pipeline; no events when nothing could be read. */
  batch: FeedBatch;
  problems: Problem[];
  boosts: BoostedPrice[];
  names: ReadEvent[];
  /** Paged books: ask for the next page (this one had events). */
  hasMore: boolean;
}

export interface BookAdapter {
  readonly id: BookId;
  /** Provider id of @shared/lookups. */
  readonly provider: number;
  /** The country whose prices the book's answers give (the batches' `country`). */
  readonly country: number;
  readonly name: string;
  /** `ODDS_SOURCE_URL_<envKey>` overrides the base URL. */
  readonly envKey: string;
  readonly defaultBaseUrl: string;
  /** The book's league ids (data); configuration overrides them through RequestOptions.leagueIds. */
  readonly leagueIds: LeagueIds;
  /** Whether the book pages its league lists (SportyBet). */
  readonly paged: boolean;
  /** One request per league with a known id (first page for paged books). */
  requests(options?: RequestOptions): BookRequest[];
  /** The request of one league (and page); undefined when the league has no id. */
  request(competition: number, options?: RequestOptions & { page?: number }): BookRequest | undefined;
  parse(answer: BookAnswer, context: AnswerContext): ParseResult;
  /** The headers the book's own pages send (Referer, Origin, Accept), already in every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The book's JSON says whether a call worked whatever the HTTP status (SportyBet's bizCode):
   * a JSON body with a 5xx is handed to the parser instead of retried (429 is still retried).
   */
  readonly statusInBody?: boolean;
  /**
   * Books whose list call lacks markets (Bet9ja BTTS, NairaBet totals and BTTS): the per-event
   * call of one listed event, and its parser. Left out by books whose list call is complete.
   */
  eventRequest?(event: EventRef, options?: RequestOptions): BookRequest | undefined;
  parseEvent?(answer: BookAnswer, context: AnswerContext & { externalId: string }): EventDetail;
}
