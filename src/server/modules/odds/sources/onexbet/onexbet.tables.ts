/**
 * 1xBet's ids as data: championships (only the Premier League's is known; the others are left
 * for configuration) and the `E[].T` types of the list call. Both teams to score is not in the
 * list call (the optional per-game call has it).
 */
import type { LeagueIds } from '../source-types';

export const ONEXBET_LEAGUE_IDS: LeagueIds = { 1: '88637', 2: null, 3: null, 4: null };

export type OneXType =
  { kind: 'fixed'; market: number; selection: number } | { kind: 'totals'; side: 'over' | 'under' };

export const ONEXBET_TYPES: Readonly<Record<string, OneXType>> = {
  '1': { kind: 'fixed', market: 1, selection: 1 },
  '2': { kind: 'fixed', market: 1, selection: 2 },
  '3': { kind: 'fixed', market: 1, selection: 3 },
  '4': { kind: 'fixed', market: 8, selection: 16 },
  '5': { kind: 'fixed', market: 8, selection: 17 },
  '6': { kind: 'fixed', market: 8, selection: 18 },
  '9': { kind: 'totals', side: 'over' },
  '10': { kind: 'totals', side: 'under' },
};
