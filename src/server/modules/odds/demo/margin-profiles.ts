/**
 * Per-bookmaker margin profiles of the demo feed.
 *
 * The anchor is the books' own answers (test/fixtures/books/<book>/real/, provenance in each
 * folder's README): {@link NIGERIAN_1X2_MARGINS} holds each book's 1X2 margin across the matches
 * of its real pages. The over/under ÷ 1X2 ratio still comes from the 2024/25 European price
 * files (test/fixtures/football-data-2024-25), the only source with both markets for many
 * matches; `scripts/calibrate-margins.ts` prints both sets of numbers.
 */
import { DOUBLE_CHANCE_MARKET_ID, MATCH_RESULT_MARKET_ID } from '@shared/lookups';
import type { Random } from './prng';

/** Margin in percent across matches: median and 10th/90th percentiles. */
export interface MarginSpread {
  median: number;
  p10: number;
  p90: number;
}

/** 1X2 margins (%) over the 1,377 matches of 2024/25 in the four leagues (European books). */
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

/**
 * The Nigerian books' 1X2 margins (%) as their real answers show them, over every league on a
 * page (mostly minor leagues), keyed by provider id:
 *
 * - SportyBet (3): `pcUpcomingEvents_redmond01.json`, one full page of 93 events in 40
 *   tournaments: median 9.45, p10 5.85, p90 12.73.
 * - 1xBet (5): `redmond01-email_sender__1xbet2.json`, 38 games: median 8.22, p10 7.46, p90 11.05.
 * - Bet9ja (1): `GetEvent_769895636.json`, its one full 1X2 (Chinese Super League, 2.42 / 3.10 /
 *   2.93): 7.71; p10/p90 assumed with 1xBet's relative spread (× 0.9075 and × 1.3443).
 * - BetKing (2): two Premier League 1X2s (`sportsapicdn_prematch_Match_1003633555.json`
 *   3.50 / 3.95 / 1.99 = 4.14 %; the reconstructed Leeds v Newcastle card 2.35 / 3.45 / 2.97 =
 *   5.21 %): top-league figures, so the page-wide median is assumed to be their mean 4.675 ÷
 *   {@link TOP_LEAGUE_FACTOR}, with 1xBet's relative spread.
 * - NairaBet (4): its only real 1X2 is "1x2 - Enhanced Prices" at 3.10–3.13 %, a boost
 *   ({@link NAIRABET_ENHANCED_MARGIN}); its regular margin is assumed to be SportyBet's.
 */
export const NIGERIAN_1X2_MARGINS = {
  1: { median: 7.71, p10: 7.0, p90: 10.36 },
  2: { median: 6.68, p10: 6.06, p90: 8.98 },
  3: { median: 9.45, p10: 5.85, p90: 12.73 },
  4: { median: 9.45, p10: 5.85, p90: 12.73 },
  5: { median: 8.22, p10: 7.46, p90: 11.05 },
} as const satisfies Record<number, MarginSpread>;

/**
 * Assumption (the one place it is made): the demo lists only top European leagues, which every
 * book prices tighter than the minor leagues filling its real pages; top-league margins are
 * taken as 0.7 × the page-wide ones. The real top-league samples agree in direction (BetKing's
 * Premier League 4.14 and 5.21 %; SportyBet's two Premier League 1X2s at 1.92 and 2.12 %, too
 * few to set a book apart on).
 */
export const TOP_LEAGUE_FACTOR = 0.7;

/** NairaBet's "1x2 - Enhanced Prices" margin (%), from its real answer (3.10–3.13 %). */
export const NAIRABET_ENHANCED_MARGIN = 3.1;

export interface MarginProfile {
  providerId: number;
  /** The 1X2 margin across the demo's (top-league) matches (percent). */
  matchResult: MarginSpread;
  /** Over/under 2.5 margin ÷ 1X2 margin, from the European reference data. */
  mainLineRatio: number;
  /** Sd of the bookmaker's own view of each team's expected goals (log scale). */
  opinionSd: number;
  /** How the bookmaker names teams: display names or short feed names. */
  naming: 'display' | 'short';
  /** Prefix of the bookmaker's external event ids. */
  idPrefix: string;
  /** Share of matches whose 1X2 the book sends as enhanced (boosted) prices, and their margin (%). */
  enhanced?: { share: number; marginPct: number };
}

function topLeague(spread: MarginSpread): MarginSpread {
  const f = (x: number) => Math.round(x * TOP_LEAGUE_FACTOR * 100) / 100;
  return { median: f(spread.median), p10: f(spread.p10), p90: f(spread.p90) };
}

const OU_RATIO = REFERENCE_OU25_MARGINS.Avg / REFERENCE_1X2_MARGINS.Avg.median;

/** Sd of each book's own opinion: real books disagree by a few per cent on a price. */
const OPINION_SD = 0.045;

const profile = (
  providerId: keyof typeof NIGERIAN_1X2_MARGINS,
  naming: MarginProfile['naming'],
  idPrefix: string,
  enhanced?: MarginProfile['enhanced'],
): MarginProfile => ({
  providerId,
  matchResult: topLeague(NIGERIAN_1X2_MARGINS[providerId]),
  mainLineRatio: OU_RATIO,
  opinionSd: OPINION_SD,
  naming,
  idPrefix,
  ...(enhanced ? { enhanced } : {}),
});

export const MARGIN_PROFILES: Readonly<Record<number, MarginProfile>> = {
  1: profile(1, 'display', 'b9'),
  2: profile(2, 'display', 'bk'),
  3: profile(3, 'display', 'sb'),
  // Enhanced prices on about one match in five (an assumption; the real answer shows one league).
  4: profile(4, 'short', 'nb', { share: 0.2, marginPct: NAIRABET_ENHANCED_MARGIN }),
  5: profile(5, 'short', '1x'),
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
