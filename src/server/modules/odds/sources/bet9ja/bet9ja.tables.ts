/**
 * Bet9ja's ids as data: league groups and the keys of an event's `O` price object. A maintainer
 * with a real recording corrects them here (league ids can also be overridden by configuration).
 */
import type { LeagueIds } from '../source-types';

/** `GROUPID` per competition (1 Premier League, 2 La Liga, 3 Serie A, 4 Bundesliga). */
export const BET9JA_LEAGUE_IDS: LeagueIds = { 1: '170880', 2: '180928', 3: '167856', 4: '180923' };

/** Fixed `O` keys → our market and selection (1X2, double chance, both teams to score). */
export const BET9JA_OUTCOMES: Readonly<Record<string, { market: number; selection: number }>> = {
  S_1X2_1: { market: 1, selection: 1 },
  S_1X2_X: { market: 1, selection: 2 },
  S_1X2_2: { market: 1, selection: 3 },
  S_GGNG_Y: { market: 7, selection: 14 },
  S_GGNG_N: { market: 7, selection: 15 },
  S_DC_1X: { market: 8, selection: 16 },
  S_DC_12: { market: 8, selection: 17 },
  S_DC_X2: { market: 8, selection: 18 },
};

/** Over/under keys: `S_OU@{line}_O` and `S_OU@{line}_U`. */
export const BET9JA_TOTALS = /^S_OU@([^_]+)_(O|U)$/;

/**
 * `v_cache_version` the book's own pages send with the mobile path (the release of its web
 * client); the server answers whatever the value, so an old one only costs a cache miss.
 */
export const BET9JA_CACHE_VERSION = '1.274.3.186';

/** Request headers of the book's own pages. */
export const BET9JA_HEADERS: Readonly<Record<string, string>> = {
  Accept: 'application/json, text/plain, */*',
  Referer: 'https://sports.bet9ja.com/',
  Origin: 'https://sports.bet9ja.com',
};
