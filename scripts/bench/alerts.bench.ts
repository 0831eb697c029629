// `npm run bench:alerts` (also part of `npm run bench`): the time to evaluate one committed
// ingest batch against 100,000 active price alerts (docs/architecture.md §12; target ≤ 50 ms).
// The alerts sit on 2,000 matches × the 1X2 and over/under 2.5 selections, most far from
// firing; each batch is one book's prices of 200 matches (2,000 changed prices), a few of
// which cross an alert. The index lookup is what runs after every commit; firing writes cost
// only per alert that fires.
import { performance } from 'node:perf_hooks';
import { AlertIndex, type ChangedPrice } from '../../src/server/modules/alerts/alert-index';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const EVENTS = 2_000;
const BATCH_EVENTS = 200;
const ROUNDS = 200;
const SELECTIONS: ReadonlyArray<[market: number, selection: number]> = [
  [1, 1],
  [1, 2],
  [1, 3],
  [4, 8],
  [4, 9],
];
const TARGET_MS = 50;

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const eventId = (i: number) => `evt_${i.toString(16).padStart(16, '0')}`;

function buildIndex(): AlertIndex {
  const index = new AlertIndex();
  for (let i = 0; i < ALERTS; i += 1) {
    const [marketId, selectionId] = SELECTIONS[i % SELECTIONS.length]!;
    const drop = i % 4 === 0;
    index.add({
      id: `alr_${i}`,
      userId: `user_${i % 20_000}`,
      eventId: eventId(Math.floor(random() * EVENTS)),
      eventName: 'Home vs Away',
      marketId,
      selectionId,
      providerId: i % 3 === 0 ? 1 + (i % 5) : null,
      atLeast: drop ? null : 3.6 + random() * 8,
      dropPct: drop ? 20 + random() * 30 : null,
      includeBoosted: i % 2 === 0,
      reference: new Map([1, 2, 3, 4, 5].map((p) => [p, 2 + random()])),
      createdAt: 0,
      kickoffAt: Number.MAX_SAFE_INTEGER,
    });
  }
  return index;
}

function batch(round: number): ChangedPrice[] {
  const prices: ChangedPrice[] = [];
  const first = (round * BATCH_EVENTS) % EVENTS;
  const providerId = 1 + (round % 5);
  for (let e = first; e < first + BATCH_EVENTS; e += 1) {
    for (const [marketId, selectionId] of SELECTIONS) {
      prices.push({
        eventId: eventId(e % EVENTS),
        marketId,
        providerId,
        selectionId,
        value: 1.9 + random() * 1.8,
        boosted: random() < 0.02,
      });
    }
  }
  // Pad to 2,000 changed prices with selections nobody watches (other markets).
  for (let i = prices.length; i < 2_000; i += 1) {
    prices.push({
      eventId: eventId(first + (i % BATCH_EVENTS)),
      marketId: 2,
      providerId,
      selectionId: 4,
      value: 1.9,
      boosted: false,
    });
  }
  return prices;
}

function main(): void {
  const started = performance.now();
  const index = buildIndex();
  const buildMs = performance.now() - started;
  const batches = Array.from({ length: ROUNDS }, (_, i) => batch(i));
  for (let i = 0; i < 20; i += 1) index.evaluate(batches[i]!, 1); // warm-up
  const times: number[] = [];
  let hits = 0;
  for (const prices of batches) {
    const t0 = performance.now();
    hits += index.evaluate(prices, 1).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const fmt = (ms: number) => `${ms.toFixed(3)} ms`;
  console.log(`alerts: one batch of 2,000 changed prices against ${index.size.toLocaleString('en')} active alerts`);
  console.log(`  index built in ${buildMs.toFixed(0)} ms`);
  console.log(
    `  evaluate: median ${fmt(at(0.5))}, p95 ${fmt(at(0.95))}, max ${fmt(times[times.length - 1]!)} (${ROUNDS} batches, ${(hits / ROUNDS).toFixed(1)} alerts met per batch)`,
  );
  console.log(`  target ≤ ${TARGET_MS} ms: ${at(0.95) <= TARGET_MS ? 'met' : 'NOT met'} (p95)`);
}

main();
