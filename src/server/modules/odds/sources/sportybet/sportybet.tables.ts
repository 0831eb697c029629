/**
 * SportyBet's ids as data (Sportradar ids): tournaments, and per market id our market and the
 * outcome ids of its selections. Totals ("18") carry their line in the `total=` specifier.
 */
import type { LeagueIds } from '../source-types';

export const SPORTYBET_LEAGUE_IDS: LeagueIds = {
  1: 'sr:tournament:17',
  2: 'sr:tournament:8',
  3: 'sr:tournament:23',
  4: 'sr:tournament:35',
};

/** Success of a call is this `bizCode`, whatever the HTTP status. */
export const SPORTYBET_OK = 10000;

/** Events per page asked for; the league is read page by page until a page is empty. */
export const SPORTYBET_PAGE_SIZE = 100;

export type SportyMarket =
  | { kind: 'fixed'; market: number; outcomes: Readonly<Record<string, number>> }
  | { kind: 'totals'; over: string; under: string };

export const SPORTYBET_MARKETS: Readonly<Record<string, SportyMarket>> = {
  '1': { kind: 'fixed', market: 1, outcomes: { '1': 1, '2': 2, '3': 3 } },
  '10': { kind: 'fixed', market: 8, outcomes: { '9': 16, '10': 17, '11': 18 } },
  '18': { kind: 'totals', over: '12', under: '13' },
  '29': { kind: 'fixed', market: 7, outcomes: { '74': 14, '76': 15 } },
};

/** Request headers of the book's own pages. */
export const SPORTYBET_HEADERS: Readonly<Record<string, string>> = {
  Accept: 'application/json, text/plain, */*',
  Referer: 'https://www.sportybet.com/ng/',
  Origin: 'https://www.sportybet.com',
};
