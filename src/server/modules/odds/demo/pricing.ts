/**
 * Turning fair probabilities into a bookmaker's prices with a target margin.
 *
 * The margin is applied with the "power" method: implied probabilities are pᵢᵏ with
 * k ≤ 1 chosen so that Σ pᵢᵏ = S·(1 + m), where S is the sum of the fair probabilities
 * (1, or 2 for double chance) and m the margin. Unlike a flat (1 + m) factor it never
 * pushes an implied probability to 1 or above, and it loads more margin on long shots,
 * as real books do (the favourite–longshot bias). Prices are then rounded to 2 decimals,
 * so the margin computed from the sent prices is close to, not exactly, m.
 */
import { round2 } from '@shared/odds-math';

export const MIN_PRICE = 1.01;
export const MAX_PRICE = 101;

function impliedSum(probabilities: readonly number[], k: number): number {
  let sum = 0;
  for (const p of probabilities) sum += p ** k;
  return sum;
}

/** Exponent k of the power method for a margin `margin` (0.05 = 5 %), by bisection. */
function powerExponent(probabilities: readonly number[], margin: number): number {
  const fairSum = probabilities.reduce((s, p) => s + p, 0);
  const target = fairSum * (1 + margin);
  if (margin <= 0) return 1;
  let low = 0.05;
  let high = 1;
  for (let i = 0; i < 60; i += 1) {
    const mid = (low + high) / 2;
    // Σ pᵏ falls as k rises (every p < 1), so a sum above target needs a larger k.
    if (impliedSum(probabilities, mid) > target) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** Prices (2 decimals, within [MIN_PRICE, MAX_PRICE]) for fair probabilities and a margin. */
export function priceWithMargin(probabilities: readonly number[], margin: number): number[] {
  const clamped = probabilities.map((p) => Math.min(Math.max(p, 1e-6), 1 - 1e-9));
  const k = powerExponent(clamped, margin);
  return clamped.map((p) => Math.min(MAX_PRICE, Math.max(MIN_PRICE, round2(1 / p ** k))));
}
