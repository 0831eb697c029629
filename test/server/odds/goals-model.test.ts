import { marketMargin } from '@shared/odds-math';
import {
  allMarketProbabilities,
  marketProbabilities,
  outcomeProbabilities,
  probabilityOver,
  scoreMatrix,
} from '../../../src/server/modules/odds/demo/goals-model';
import { MIN_PRICE, priceWithMargin } from '../../../src/server/modules/odds/demo/pricing';

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const MATCHES = [
  { home: 1.514, away: 1.431 },
  { home: 2.8, away: 0.6 },
  { home: 0.4, away: 2.2 },
  { home: 0.25, away: 0.3 },
  { home: 3.9, away: 3.6 },
];

describe('goals model (one Poisson model per match)', () => {
  it('has a score matrix that is a probability distribution', () => {
    for (const goals of MATCHES) expect(sum(scoreMatrix(goals).flat())).toBeCloseTo(1, 12);
  });

  it('matches hand-computed Poisson values for a 1.5 v 1.0 match', () => {
    // P(0-0) = e^-1.5 · e^-1 = e^-2.5 = 0.082085; P(BTTS) = (1 − e^-1.5)(1 − e^-1) = 0.49050
    const outcomes = outcomeProbabilities({ home: 1.5, away: 1 });
    expect(scoreMatrix({ home: 1.5, away: 1 })[0]?.[0]).toBeCloseTo(Math.exp(-2.5), 6);
    expect(outcomes.bothScore).toBeCloseTo((1 - Math.exp(-1.5)) * (1 - Math.exp(-1)), 6);
    // Total goals ~ Poisson(2.5): P(over 2.5) = 1 − e^-2.5 (1 + 2.5 + 3.125) = 0.456187
    expect(probabilityOver(outcomes, 2.5)).toBeCloseTo(1 - Math.exp(-2.5) * (1 + 2.5 + 3.125), 6);
  });

  it('gives every two- and three-way market probabilities that sum to 1, double chance 2', () => {
    for (const goals of MATCHES) {
      const markets = allMarketProbabilities(goals);
      for (const [marketId, probabilities] of markets) {
        expect(sum(probabilities)).toBeCloseTo(marketId === 8 ? 2 : 1, 10);
        for (const p of probabilities) expect(p).toBeGreaterThan(0);
      }
    }
  });

  it('derives double chance from the same 1X2 probabilities', () => {
    for (const goals of MATCHES) {
      const outcomes = outcomeProbabilities(goals);
      const [home, draw, away] = marketProbabilities(1, outcomes) as [number, number, number];
      expect(marketProbabilities(8, outcomes)).toEqual([home + draw, home + away, draw + away]);
    }
  });

  it('makes "over" less likely as the line rises, and more likely with more expected goals', () => {
    for (const goals of MATCHES) {
      const overs = [2, 3, 4, 5, 6].map((m) => allMarketProbabilities(goals).get(m)?.[0] as number);
      for (let i = 1; i < overs.length; i += 1) expect(overs[i]).toBeLessThan(overs[i - 1] as number);
    }
    const low = outcomeProbabilities({ home: 1, away: 1 });
    const high = outcomeProbabilities({ home: 1.5, away: 1.2 });
    expect(probabilityOver(high, 2.5)).toBeGreaterThan(probabilityOver(low, 2.5));
  });
});

describe('pricing with a margin (power method)', () => {
  it('lands the book close to the target margin once rounded to 2 decimals', () => {
    for (const goals of MATCHES.slice(0, 3)) {
      for (const [marketId, probabilities] of allMarketProbabilities(goals)) {
        const prices = priceWithMargin(probabilities, 0.06);
        expect(marketMargin(marketId, prices)).toBeGreaterThan(4.5);
        expect(marketMargin(marketId, prices)).toBeLessThan(7.5);
      }
    }
  });

  it('never prices at or below 1.0, even for a near-certain outcome', () => {
    const prices = priceWithMargin([0.985, 0.015], 0.1);
    expect(prices[0]).toBeGreaterThanOrEqual(MIN_PRICE);
    // The long shot carries most of the margin (favourite–longshot bias) but stays a long shot.
    expect(prices[1]).toBeGreaterThan(5);
    expect(prices[1]).toBeLessThan(1 / 0.015);
  });

  it('returns fair prices at zero margin', () => {
    expect(priceWithMargin([0.5, 0.25, 0.25], 0)).toEqual([2, 4, 4]);
  });
});
