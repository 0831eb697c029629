/**
 * The live odds feed's settings (docs/sources.md), built from the variables that
 * config-schema.ts validates: `ODDS_FEED` (`demo`, `none`, `live`, `replay:DIR`), `ODDS_POLL_S`, `ODDS_SOURCES`,
 * `ODDS_SOURCE_URL_<BOOK>`, `ODDS_LEAGUES_<BOOK>`, `ODDS_RECORD_DIR` and `ODDS_EVENT_CALLS`. Core imports no
 * module, so the five books' configuration keys are listed in the schema; the adapters carry the same keys.
 */
import path from 'node:path';
import { BOOK_KEYS } from './config-formats';
import { type ConfigVariables, readVariables } from './config-schema';

export type OddsFeed = 'demo' | 'none' | 'live' | 'replay';

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

type Env = Readonly<Record<string, string | undefined>>;

export function oddsFeedOf(vars: ConfigVariables): { feed: OddsFeed; replayDir: string | null } {
  const raw = vars.ODDS_FEED;
  if (raw === undefined) return { feed: 'demo', replayDir: null };
  const replay = /^replay:(.+)$/i.exec(raw);
  if (replay?.[1]) return { feed: 'replay', replayDir: path.resolve(replay[1].trim()) };
  return { feed: raw.toLowerCase() as OddsFeed, replayDir: null };
}

/** `2=20000842,3=` → {2: '20000842', 3: null}; the schema has checked the pairs. */
function leagueIds(raw: string): Record<number, string | null> {
  const ids: Record<number, string | null> = {};
  for (const pair of raw.split(',')) {
    const match = /^\s*([1-4])\s*[=:]\s*([A-Za-z0-9:._-]*)\s*$/.exec(pair);
    if (match?.[1]) ids[Number(match[1])] = match[2] ? match[2] : null;
  }
  return ids;
}

export function oddsSourcesFrom(vars: ConfigVariables, replayDir: string | null): OddsSourcesConfig {
  const sources =
    vars.ODDS_SOURCES === undefined
      ? BOOK_KEYS.map((key) => key.toLowerCase())
      : [
          ...new Set(
            vars.ODDS_SOURCES.split(',')
              .map((id) => id.trim().toLowerCase())
              .filter(Boolean),
          ),
        ];
  const urls: Record<string, string> = {};
  const leagues: Record<string, Record<number, string | null>> = {};
  for (const key of BOOK_KEYS) {
    const url = vars[`ODDS_SOURCE_URL_${key}`];
    if (url !== undefined) urls[key.toLowerCase()] = url;
    const ids = vars[`ODDS_LEAGUES_${key}`];
    if (ids !== undefined) leagues[key.toLowerCase()] = leagueIds(ids);
  }
  return {
    replayDir,
    pollS: vars.ODDS_POLL_S,
    sources: Object.freeze(sources),
    urls: Object.freeze(urls),
    leagues: Object.freeze(leagues),
    recordDir: vars.ODDS_RECORD_DIR === undefined ? null : path.resolve(vars.ODDS_RECORD_DIR),
    eventCalls: vars.ODDS_EVENT_CALLS,
  };
}

/** The live feed's settings straight from an env object (scripts and tests); a bad variable throws a ConfigError. */
export function oddsSourcesOf(env: Env, replayDir: string | null): OddsSourcesConfig {
  return oddsSourcesFrom(readVariables(env), replayDir);
}
