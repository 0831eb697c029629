/**
 * BetKing's ids as data (BetKing): tournament ids, and the market
 * (`OddsType.OddsTypeID`) and selection (`OddAttribute.OddTypeID`) ids of our markets. A
 * maintainer who sees a reassigned id corrects it here; `npm run odds:leagues -- betking`
 * compares the tournament ids with the book's own menu.
 */
import type { LeagueIds } from '../source-types';

/** Tournaments: Premier League, La Liga, Serie A, Bundesliga. */
export const BETKING_LEAGUE_IDS: LeagueIds = { 1: '20000841', 2: '20001108', 3: '20003775', 4: '20001007' };

/** BetKing's sport id of football in its menu (`Sports[].SportID`). */
export const BETKING_FOOTBALL = 1;

/** The menu's category (country) of each of our competitions and the tournament's names there. */
export const BETKING_MENU_NAMES: Readonly<Record<number, { category: string; tournament: readonly string[] }>> = {
  1: { category: 'England', tournament: ['Premier League'] },
  2: { category: 'Spain', tournament: ['LaLiga', 'La Liga', 'Primera Division'] },
  3: { category: 'Italy', tournament: ['Serie A'] },
  4: { category: 'Germany', tournament: ['Bundesliga'] },
};

/** Over/under is market 160 with the selection ids below; the line is read from the answer. */
export const BETKING_TOTALS_MARKET = 160;
export const BETKING_TOTALS_SIDES: Readonly<Record<number, 'over' | 'under'>> = { 12: 'over', 13: 'under' };

/** `OddsTypeID` → (`OddTypeID` → our selection) for the fixed markets; our market id beside it. */
export const BETKING_MARKETS: Readonly<
  Record<number, { market: number; selections: Readonly<Record<number, number>> }>
> = {
  110: { market: 1, selections: { 4: 1, 2: 2, 5: 3 } },
  302: { market: 7, selections: { 74: 14, 76: 15 } },
  146: { market: 8, selections: { 9: 16, 10: 17, 11: 18 } },
};

/** The request headers BetKing's own pages send; its feed refuses a request without the Referer. */
export const BETKING_HEADERS: Readonly<Record<string, string>> = {
  Accept: 'application/json',
  Referer: 'https://www.betking.com/',
  Origin: 'https://www.betking.com',
};
