/**
 * One goals model per match: home and away goals are independent Poisson variables with
 * expected goals `home` and `away`. Every market the demo feed prices (1X2,
 * over/under 0.5–4.5, BTTS, double chance) is read off the same score matrix, so the
 * fair probabilities of all markets are mutually consistent.
 */
import { MARKETS, overUnderLine } from '@shared/lookups';

export interface ExpectedGoals {
  home: number;
  away: number;
}

/** Scores above this are folded away; with λ ≤ 4 the lost mass is below 1e-5 and renormalized. */
const MAX_GOALS = 12;

function poissonPmf(lambda: number): number[] {
  const pmf: number[] = [Math.exp(-lambda)];
  for (let k = 1; k <= MAX_GOALS; k += 1) pmf.push(((pmf[k - 1] as number) * lambda) / k);
  return pmf;
}

/** P(home = i, away = j) for 0 ≤ i, j ≤ MAX_GOALS, renormalized to sum to exactly 1. */
export function scoreMatrix({ home, away }: ExpectedGoals): number[][] {
  const h = poissonPmf(home);
  const a = poissonPmf(away);
  let total = 0;
  const matrix = h.map((ph) => a.map((pa) => ph * pa));
  for (const row of matrix) for (const p of row) total += p;
  return matrix.map((row) => row.map((p) => p / total));
}

/** Fair probabilities of the outcomes the markets are built from. */
interface OutcomeProbabilities {
  homeWin: number;
  draw: number;
  awayWin: number;
  bothScore: number;
  /** P(total goals = n) for n = 0..2·MAX_GOALS. */
  totalGoals: number[];
}

export function outcomeProbabilities(goals: ExpectedGoals): OutcomeProbabilities {
  const matrix = scoreMatrix(goals);
  const totalGoals = new Array<number>(2 * MAX_GOALS + 1).fill(0);
  let homeWin = 0;
  let draw = 0;
  let awayWin = 0;
  let bothScore = 0;
  matrix.forEach((row, i) =>
    row.forEach((p, j) => {
      if (i > j) homeWin += p;
      else if (i === j) draw += p;
      else awayWin += p;
      if (i > 0 && j > 0) bothScore += p;
      totalGoals[i + j] = (totalGoals[i + j] as number) + p;
    }),
  );
  return { homeWin, draw, awayWin, bothScore, totalGoals };
}

/** P(total goals > line) for a half-goal line (0.5 … 4.5). */
export function probabilityOver(outcomes: OutcomeProbabilities, line: number): number {
  let under = 0;
  outcomes.totalGoals.forEach((p, n) => {
    if (n < line) under += p;
  });
  return 1 - under;
}

/**
 * Fair probabilities of a market's selections, in the market's selection order.
 * They sum to 1, except double chance (1X, 12, X2), where each result is covered twice: 2.
 */
export function marketProbabilities(marketId: number, outcomes: OutcomeProbabilities): number[] {
  const { homeWin, draw, awayWin, bothScore } = outcomes;
  const line = overUnderLine(marketId);
  if (line !== undefined) {
    const over = probabilityOver(outcomes, line);
    return [over, 1 - over];
  }
  switch (marketId) {
    case 1:
      return [homeWin, draw, awayWin];
    case 7:
      return [bothScore, 1 - bothScore];
    case 8:
      return [homeWin + draw, homeWin + awayWin, draw + awayWin];
    default:
      throw new Error(`The goals model does not price market ${marketId}`);
  }
}

/** Fair probabilities of every market, keyed by market id. */
export function allMarketProbabilities(goals: ExpectedGoals): Map<number, number[]> {
  const outcomes = outcomeProbabilities(goals);
  return new Map(MARKETS.map((m) => [m.id, marketProbabilities(m.id, outcomes)]));
}
