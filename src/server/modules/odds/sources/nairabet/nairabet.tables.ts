/**
 * NairaBet's ids as data (Altenar widget): championships, and per market typeId our market and
 * the odd typeIds of its selections. Totals (18) carry their line in the market's `sv`.
 */
import type { LeagueIds } from '../source-types';

export const NAIRABET_LEAGUE_IDS: LeagueIds = { 1: '2936', 2: '2941', 3: '2942', 4: '2950' };

export type AltenarMarket =
  | { kind: 'fixed'; market: number; odds: Readonly<Record<string, number>> }
  | { kind: 'totals'; over: string; under: string };

export const NAIRABET_MARKETS: Readonly<Record<string, AltenarMarket>> = {
  '1': { kind: 'fixed', market: 1, odds: { '1': 1, '2': 2, '3': 3 } },
  '10': { kind: 'fixed', market: 8, odds: { '9': 16, '10': 17, '11': 18 } },
  '18': { kind: 'totals', over: '12', under: '13' },
  '29': { kind: 'fixed', market: 7, odds: { '74': 14, '76': 15 } },
};

/** `oddStatus` of an open price. */
export const NAIRABET_ODD_OPEN = 0;

/** Request headers of the book's own pages (the widget is loaded from nairabet.com). */
export const NAIRABET_HEADERS: Readonly<Record<string, string>> = {
  Accept: 'application/json, text/plain, */*',
  Referer: 'https://www.nairabet.com/',
  Origin: 'https://www.nairabet.com',
};

/** Query the widget sends with every call (integration, culture, country). */
export const NAIRABET_QUERY =
  'culture=en-GB&timezoneOffset=-60&integration=nairabet&deviceType=1&numFormat=en-GB&countryCode=NG';
