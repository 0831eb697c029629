/**
 * BetKing's ids as data: tournament ids (20000000 prefix) and outcome names. Only the Premier
 * League's tournament id is known; the others are left for configuration until a recording
 * shows them.
 */
import type { LeagueIds } from '../source-types';

export const BETKING_LEAGUE_IDS: LeagueIds = { 1: '20000841', 2: null, 3: null, 4: null };

/** `Outcome.OutcomeName` → our market and selection; over/under names are read by BETKING_TOTALS. */
export const BETKING_OUTCOMES: Readonly<Record<string, { market: number; selection: number }>> = {
  '1': { market: 1, selection: 1 },
  X: { market: 1, selection: 2 },
  '2': { market: 1, selection: 3 },
  GG: { market: 7, selection: 14 },
  NG: { market: 7, selection: 15 },
  '1X': { market: 8, selection: 16 },
  '12': { market: 8, selection: 17 },
  X2: { market: 8, selection: 18 },
};

/** "Over 2.5" / "Under 2.5". */
export const BETKING_TOTALS = /^(over|under)\s+(\S+)$/i;
