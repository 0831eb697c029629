/** fast-check generators shared by the betting tests: markets as books quote them. */
import fc from 'fast-check';

/** A price as books print it: two decimals, above 1. */
export const price2 = fc.integer({ min: 101, max: 100_000 }).map((cents) => cents / 100);

/**
 * A complete market of 2–3 selections with overround ≥ 0 (A = Σ 1/oᵢ ≥ 1): fair weights
 * scaled up by a margin of 0–30 %, priced to two decimals like a book (rounded down, which only
 * raises A), clamped to 1.01.
 */
export const bookMarket = fc
  .record({
    weights: fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 2, maxLength: 3 }),
    margin: fc.double({ min: 0, max: 0.3, noNaN: true }),
  })
  .map(({ weights, margin }) => {
    const total = weights.reduce((s, w) => s + w, 0);
    return weights.map((w) => Math.max(1.01, Math.floor((100 * total) / (w * (1 + margin))) / 100));
  })
  .filter((prices) => prices.reduce((s, o) => s + 1 / o, 0) >= 1);

/** Any 2–3 two-decimal prices (A may be below 1). */
export const anyMarket = fc.array(price2, { minLength: 2, maxLength: 3 });

/** Two-decimal best prices of a sure bet (A < 1) with 2–3 legs and a profit up to ~25 %. */
export const surebetPrices = fc
  .record({
    weights: fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 2, maxLength: 3 }),
    profit: fc.double({ min: 0.001, max: 0.25, noNaN: true }),
  })
  .map(({ weights, profit }) => {
    const total = weights.reduce((s, w) => s + w, 0);
    return weights.map((w) => Math.max(1.01, Math.ceil((100 * total * (1 + profit)) / w) / 100));
  })
  .filter((prices) => prices.reduce((s, o) => s + 1 / o, 0) < 0.9999);
