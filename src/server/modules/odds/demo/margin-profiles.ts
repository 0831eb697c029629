/**
 * Per-bookmaker margin profiles of the demo feed.
 *
 * The anchor is data: 1X2 and over/under 2.5 margins of the books in the 2024/25 price files
 * (test/fixtures/football-data-2024-25), printed by `scripts/calibrate-margins.ts` and
 * copied below (a test recomputes them). 1XBet is in the files and is by far the tightest.
 * The Nigerian books are not; each is anchored to a European book of similar standing and
 * widened by an uplift, since Nigerian bookmakers price the same matches with wider
 * margins (an assumption of this simulator, kept in one place here).
 */
import { DOUBLE_CHANCE_MARKET_ID, MATCH_RESULT_MARKET_ID } from '@shared/lookups';
import type { Random } from './prng';

/** Margin in percent across matches: median and 10th/90th percentiles. */
interface MarginSpread {
  median: number;
  p10: number;
  p90: number;
}

/** 1X2 margins (%) over the 1,377 matches of 2024/25 in the four leagues. */
export const REFERENCE_1X2_MARGINS = {
  B365: { median: 5.52, p10: 4.87, p90: 6.35 },
  BW: { median: 5.59, p10: 4.71, p90: 6.33 },
  PS: { median: 3.52, p10: 3.23, p90: 4.03 },
  WH: { median: 5.51, p10: 4.52, p90: 6.99 },
  '1XB': { median: 1.56, p10: 1.4, p90: 2.58 },
  Avg: { median: 4.7, p10: 4.19, p90: 5.18 },
} as const satisfies Record<string, MarginSpread>;

/** Over/under 2.5 margins (%, median): Bet365, Pinnacle, market average. */
export const REFERENCE_OU25_MARGINS = { B365: 5.33, P: 3.48, Avg: 5.0 } as const;

export interface MarginProfile {
  providerId: number;
  /** The 1X2 margin across matches (percent). */
  matchResult: MarginSpread;
  /** Over/under 2.5 margin ÷ 1X2 margin, from the reference book's data. */
  mainLineRatio: number;
  /** Sd of the bookmaker's own view of each team's expected goals (log scale). */
  opinionSd: number;
  /** How the bookmaker names teams: display names or short feed names. */
  naming: 'display' | 'short';
  /** Prefix of the bookmaker's external event ids. */
  idPrefix: string;
}

function widened(spread: MarginSpread, uplift: number): MarginSpread {
  return { median: spread.median + uplift, p10: spread.p10 + uplift, p90: spread.p90 + uplift };
}

const R = REFERENCE_1X2_MARGINS;
const BET365_OU_RATIO = REFERENCE_OU25_MARGINS.B365 / R.B365.median;
const PINNACLE_OU_RATIO = REFERENCE_OU25_MARGINS.P / R.PS.median;

/** Assumed extra margin (percentage points) of Nigerian books over their European anchor. */
const NIGERIAN_UPLIFT = { Bet9Ja: 2.0, BetKing: 1.0, SportyBet: 0.5, NairaBet: 3.5 } as const;

export const MARGIN_PROFILES: Readonly<Record<number, MarginProfile>> = {
  1: {
    providerId: 1,
    matchResult: widened(R.BW, NIGERIAN_UPLIFT.Bet9Ja),
    mainLineRatio: BET365_OU_RATIO,
    opinionSd: 0.02,
    naming: 'display',
    idPrefix: 'b9',
  },
  2: {
    providerId: 2,
    matchResult: widened(R.WH, NIGERIAN_UPLIFT.BetKing),
    mainLineRatio: BET365_OU_RATIO,
    opinionSd: 0.02,
    naming: 'display',
    idPrefix: 'bk',
  },
  3: {
    providerId: 3,
    matchResult: widened(R.B365, NIGERIAN_UPLIFT.SportyBet),
    mainLineRatio: BET365_OU_RATIO,
    opinionSd: 0.018,
    naming: 'display',
    idPrefix: 'sb',
  },
  4: {
    providerId: 4,
    matchResult: widened(R.B365, NIGERIAN_UPLIFT.NairaBet),
    mainLineRatio: BET365_OU_RATIO,
    opinionSd: 0.025,
    naming: 'short',
    idPrefix: 'nb',
  },
  5: {
    providerId: 5,
    matchResult: R['1XB'],
    mainLineRatio: PINNACLE_OU_RATIO,
    opinionSd: 0.012,
    naming: 'short',
    idPrefix: '1x',
  },
};

/**
 * Side markets carry more margin than the main ones at every book (an assumption, applied
 * alike to all books): other goal lines +20 %, BTTS +25 %, double chance as 1X2.
 */
const SIDE_MARKET_FACTOR: Readonly<Record<number, number>> = { 2: 1.2, 3: 1.2, 5: 1.2, 6: 1.2, 7: 1.25 };

/**
 * One match's 1X2 margin (%) for a book, from a split normal whose median and 10th/90th
 * percentiles are the profile's (z₀.₉ = 1.2816), floored at 0.5 %.
 */
export function sampleMatchMargin(spread: MarginSpread, random: Random): number {
  const z = random.normal();
  const sd = (z < 0 ? spread.median - spread.p10 : spread.p90 - spread.median) / 1.2816;
  return Math.max(0.5, spread.median + z * sd);
}

/** A market's margin as a fraction (0.05 = 5 %) from the match's 1X2 margin in percent. */
export function marketMarginFraction(profile: MarginProfile, marketId: number, matchMarginPct: number): number {
  if (marketId === MATCH_RESULT_MARKET_ID || marketId === DOUBLE_CHANCE_MARKET_ID) return matchMarginPct / 100;
  if (marketId === 4) return (matchMarginPct * profile.mainLineRatio) / 100;
  return (matchMarginPct * profile.mainLineRatio * (SIDE_MARKET_FACTOR[marketId] ?? 1)) / 100;
}
