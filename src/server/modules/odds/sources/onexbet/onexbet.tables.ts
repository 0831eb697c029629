/**
 * 1xBet's ids as data (1xBet): championships, and the (`G` group, `T` type)
 * pairs of the list call. A maintainer who sees a reassigned id corrects it here;
 * `npm run odds:leagues -- onexbet` compares the championships with the book's own menu.
 */
import type { LeagueIds } from '../source-types';

/** Championships (`LI` of the menu): Premier League, La Liga, Serie A, Bundesliga. */
export const ONEXBET_LEAGUE_IDS: LeagueIds = { 1: '88637', 2: '127733', 3: '110163', 4: '96463' };

/** 1xBet's sport id of football in its menu (`Value[].I`). */
export const ONEXBET_FOOTBALL = 1;

/** The menu's championship name (`L`) of each of our competitions. */
export const ONEXBET_MENU_NAMES: Readonly<Record<number, readonly string[]>> = {
  1: ['England. Premier League'],
  2: ['Spain. La Liga', 'Spain. Primera Division'],
  3: ['Italy. Serie A'],
  4: ['Germany. Bundesliga'],
};

export type OneXType =
  { kind: 'fixed'; market: number; selection: number } | { kind: 'totals'; side: 'over' | 'under' };

/** `<G>/<T>` → our market and selection; totals (G17) take their line from `P`. */
export const ONEXBET_TYPES: Readonly<Record<string, OneXType>> = {
  '1/1': { kind: 'fixed', market: 1, selection: 1 },
  '1/2': { kind: 'fixed', market: 1, selection: 2 },
  '1/3': { kind: 'fixed', market: 1, selection: 3 },
  '8/4': { kind: 'fixed', market: 8, selection: 16 },
  '8/5': { kind: 'fixed', market: 8, selection: 17 },
  '8/6': { kind: 'fixed', market: 8, selection: 18 },
  '17/9': { kind: 'totals', side: 'over' },
  '17/10': { kind: 'totals', side: 'under' },
  '19/180': { kind: 'fixed', market: 7, selection: 14 },
  '19/181': { kind: 'fixed', market: 7, selection: 15 },
};

/** The request headers 1xBet's own pages send (its site's Referer). */
export const ONEXBET_HEADERS: Readonly<Record<string, string>> = {
  Accept: 'application/json',
  Referer: 'https://1xbet.ng/en/line/football',
};
