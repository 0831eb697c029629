/**
 * The live odds feed's variables (docs/architecture.md §2, docs/sources.md), read by config.ts:
 * `ODDS_FEED` (`demo`, `none`, `live`, `replay:DIR`), `ODDS_POLL_S`, `ODDS_SOURCES`,
 * `ODDS_SOURCE_URL_<BOOK>`, `ODDS_LEAGUES_<BOOK>`, `ODDS_RECORD_DIR` and `ODDS_EVENT_CALLS`. Core imports no module,
 * so the five books' configuration keys are listed here; the adapters carry the same keys.
 */
import path from 'node:path';

export type OddsFeed = 'demo' | 'none' | 'live' | 'replay';

/** `ODDS_SOURCE_URL_<key>` / `ODDS_LEAGUES_<key>`, and the ids `ODDS_SOURCES` accepts (lower case). */
export const BOOK_KEYS = ['BET9JA', 'BETKING', 'SPORTYBET', 'NAIRABET', 'ONEXBET'] as const;

export interface OddsSourcesConfig {
  /** `ODDS_FEED=replay:DIR`: the recording to play; null otherwise. */
  replayDir: string | null;
  pollS: number;
  /** Books to poll, lower-case ids (bet9ja … onexbet); all five by default. */
  sources: readonly string[];
  /** Base URL overrides by book id. */
  urls: Readonly<Record<string, string>>;
  /** League id overrides by book id: competition → league id (null removes the league). */
  leagues: Readonly<Record<string, Readonly<Record<number, string | null>>>>;
  /** `ODDS_RECORD_DIR`: every raw answer is saved here; null = no recording. */
  recordDir: string | null;
  /** `ODDS_EVENT_CALLS`: per-event calls per book within one poll interval (0 = none). */
  eventCalls: number;
}

/** Per-event calls per book and poll interval when ODDS_EVENT_CALLS is not set. */
export const DEFAULT_EVENT_CALLS = 12;

type Env = Readonly<Record<string, string | undefined>>;

/** Raised as the ConfigError of config.ts by the caller (kept free of it to avoid an import cycle). */
export class OddsConfigProblem extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
  ) {
    super(`${variable} ${problem}`);
  }
}

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export function oddsFeedOf(env: Env): { feed: OddsFeed; replayDir: string | null } {
  const raw = read(env, 'ODDS_FEED');
  if (raw === undefined) return { feed: 'demo', replayDir: null };
  const replay = /^replay:(.+)$/i.exec(raw);
  if (replay?.[1]) return { feed: 'replay', replayDir: path.resolve(replay[1].trim()) };
  const feed = raw.toLowerCase();
  if (feed === 'demo' || feed === 'none' || feed === 'live') return { feed, replayDir: null };
  throw new OddsConfigProblem('ODDS_FEED', `must be one of demo, none, live, replay:DIR (got "${raw}")`);
}

function leagueIds(env: Env, name: string): Record<number, string | null> | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  const ids: Record<number, string | null> = {};
  for (const pair of raw.split(',')) {
    if (pair.trim() === '') continue;
    const match = /^\s*([1-4])\s*[=:]\s*([A-Za-z0-9:._-]*)\s*$/.exec(pair);
    if (!match?.[1]) {
      throw new OddsConfigProblem(
        name,
        `must list competition=leagueId pairs separated by commas, competitions 1–4 (bad entry "${pair.trim()}")`,
      );
    }
    ids[Number(match[1])] = match[2] ? match[2] : null;
  }
  return ids;
}

export function oddsSourcesOf(env: Env, replayDir: string | null): OddsSourcesConfig {
  const pollRaw = read(env, 'ODDS_POLL_S');
  let pollS = 60;
  if (pollRaw !== undefined) {
    pollS = Number(pollRaw);
    if (!/^\d+(\.\d+)?$/.test(pollRaw) || pollS < 5 || pollS > 3600) {
      throw new OddsConfigProblem('ODDS_POLL_S', `must be a number of seconds from 5 to 3600 (got "${pollRaw}")`);
    }
  }
  const ids = BOOK_KEYS.map((k) => k.toLowerCase());
  let sources: string[] = ids;
  const sourcesRaw = read(env, 'ODDS_SOURCES');
  if (sourcesRaw !== undefined) {
    sources = sourcesRaw
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const bad = sources.find((s) => !ids.includes(s));
    if (bad !== undefined || sources.length === 0) {
      throw new OddsConfigProblem('ODDS_SOURCES', `must list books among ${ids.join(', ')} (got "${sourcesRaw}")`);
    }
    sources = [...new Set(sources)];
  }
  const urls: Record<string, string> = {};
  const leagues: Record<string, Record<number, string | null>> = {};
  for (const key of BOOK_KEYS) {
    const name = `ODDS_SOURCE_URL_${key}`;
    const url = read(env, name);
    if (url !== undefined) {
      let protocol = '';
      try {
        protocol = new URL(url).protocol;
      } catch {
        protocol = '';
      }
      if (protocol !== 'http:' && protocol !== 'https:') {
        throw new OddsConfigProblem(name, `must be an http:// or https:// URL (got "${url}")`);
      }
      urls[key.toLowerCase()] = url;
    }
    const ids = leagueIds(env, `ODDS_LEAGUES_${key}`);
    if (ids) leagues[key.toLowerCase()] = ids;
  }
  const recordDir = read(env, 'ODDS_RECORD_DIR');
  const eventCallsRaw = read(env, 'ODDS_EVENT_CALLS');
  const eventCalls = eventCallsRaw === undefined ? DEFAULT_EVENT_CALLS : Number(eventCallsRaw);
  if (eventCallsRaw !== undefined && (!/^\d+$/.test(eventCallsRaw) || eventCalls > 200)) {
    throw new OddsConfigProblem('ODDS_EVENT_CALLS', `must be a whole number from 0 to 200 (got "${eventCallsRaw}")`);
  }
  return {
    replayDir,
    pollS,
    sources: Object.freeze(sources),
    urls: Object.freeze(urls),
    leagues: Object.freeze(leagues),
    recordDir: recordDir === undefined ? null : path.resolve(recordDir),
    eventCalls,
  };
}
